import { randomUUID } from 'node:crypto';
import {
  LEAD_FILE_MAX_ROWS,
  LEAD_PROBLEMS_LISTED,
  type LeadImportResult,
  type LeadProblemKind,
  type leadImportOptionsSchema,
} from '@shiftline/shared';
import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import { writeAudit } from '../../db/auditLog.js';
import type { Database, UserRow } from '../../db/schema.js';
import { AppError, invalidField, notFound } from '../../plugins/errors.js';
import type { FileRow } from '../../uploads/tableFile.js';
import { refusingDuplicates, throwIfTaken } from '../admin/index.js';
import { type CheckedLead, checkLeadRow } from './leadRow.js';

/*
 * Importing a lead list. The file is read as a stream: each row is checked (phone to E.164 in the list's country,
 * time zone, lengths), repeated numbers in the file are reported against their first line, numbers on the blacklist
 * or the do-not-call list are reported, and the rest are staged in lead_import_rows a batch at a time. One
 * transaction then lists them all, set-based: finds each number's existing client, skips or merges those, creates
 * the new clients and the list's leads, and writes the audit row. Nothing of a failed import is visible (the staged
 * rows are removed), and imports into one campaign take their turn (an advisory lock), so the same file uploaded
 * twice at once lists its leads once.
 */

export type LeadImportOptionsValue = z.output<typeof leadImportOptionsSchema>;

/** Which of these E.164 numbers may not be called, and why. */
export type BlockedPhones = (phones: readonly string[]) => Promise<Map<string, 'blacklist' | 'dnc'>>;

type Problem = { line: number; kind: LeadProblemKind; reason: string };

/** Rows staged per statement: large enough to be fast, small enough that memory stays bounded. */
const STAGE_BATCH = 5000;
/** The advisory-lock namespace of lead imports (the second key is the campaign). */
const IMPORT_LOCK = 25_002;
const BLOCKED_REASON = { blacklist: 'the number is blacklisted', dnc: 'the number is on the do-not-call list' };

/** The campaign a list is imported into: it must exist, be outbound and not archived. */
export async function importableCampaign(db: Kysely<Database>, campaignId: number) {
  const campaign = await db
    .selectFrom('campaigns')
    .select(['id', 'name', 'type', 'archived'])
    .where('id', '=', campaignId)
    .executeTakeFirst();
  if (!campaign) throw notFound('No such campaign.');
  if (campaign.type !== 'outbound') throw invalidField('campaign_id', 'must be an outbound campaign');
  if (campaign.archived) throw invalidField('campaign_id', 'is archived');
  return campaign;
}

const nameTaken = async (db: Kysely<Database>, campaignId: number, name: string) =>
  (await db
    .selectFrom('lead_lists')
    .select('id')
    .where('campaign_id', '=', campaignId)
    .where(sql<boolean>`lower(name) = lower(${name})`)
    .executeTakeFirst()) !== undefined;

/** Checks a list's options before its file is read: the campaign, and a name not taken in it. */
export async function checkImportTarget(db: Kysely<Database>, options: LeadImportOptionsValue) {
  await importableCampaign(db, options.campaign_id);
  throwIfTaken({ name: await nameTaken(db, options.campaign_id, options.name) });
}

async function stage(db: Kysely<Database>, importId: string, rows: readonly (CheckedLead & { line: number })[]) {
  const column = <K extends keyof CheckedLead>(key: K) => rows.map((row) => row[key]);
  await sql`
    INSERT INTO lead_import_rows (import_id, line, phone, first_name, last_name, email, address_line1, address_line2,
      city, state, zip, timezone, custom_fields)
    SELECT ${importId}, r.line, r.phone, r.first_name, r.last_name, r.email, r.address_line1, r.address_line2,
      r.city, r.state, r.zip, r.timezone, r.custom_fields::jsonb
    FROM unnest(${rows.map((row) => row.line)}::int[], ${column('phone')}::text[], ${column('first_name')}::text[],
      ${column('last_name')}::text[], ${column('email')}::text[], ${column('address_line1')}::text[],
      ${column('address_line2')}::text[], ${column('city')}::text[], ${column('state')}::text[],
      ${column('zip')}::text[], ${column('timezone')}::text[],
      ${rows.map((row) => JSON.stringify(row.custom_fields))}::text[])
      AS r(line, phone, first_name, last_name, email, address_line1, address_line2, city, state, zip, timezone,
        custom_fields)`.execute(db);
}

/** Lists the staged rows in one transaction; returns the list's id and what became of the rows. */
async function listStaged(
  db: Kysely<Database>,
  actor: UserRow,
  importId: string,
  options: LeadImportOptionsValue,
  sourceFile: string,
) {
  return refusingDuplicates(() =>
    db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${IMPORT_LOCK}, ${options.campaign_id})`.execute(trx);
      throwIfTaken({ name: await nameTaken(trx, options.campaign_id, options.name) });
      const list = await trx
        .insertInto('lead_lists')
        .values({
          campaign_id: options.campaign_id,
          name: options.name,
          country: options.country,
          source_file: sourceFile,
          custom_fields: options.custom_fields.map((field) => field.name),
          created_by: actor.id,
        })
        .returningAll()
        .executeTakeFirstOrThrow();

      // The staged rows' statistics, so the statements below are planned for their real number (no autovacuum has
      // seen them yet: PGlite runs none, and a server's runs later).
      await sql`ANALYZE lead_import_rows`.execute(trx);
      // Each number's existing client: by its E.164 form, else a client whose number was stored in it. Joins, not a
      // lookup per row: a join is planned once for all the rows, whatever the clients table's statistics say.
      for (const column of ['phone_e164', 'phone'] as const) {
        await sql`
          UPDATE lead_import_rows s SET client_id = m.client_id
          FROM (SELECT r.line, min(c.id) AS client_id
                FROM lead_import_rows r JOIN clients c ON c.${sql.raw(column)} = r.phone
                WHERE r.import_id = ${importId} AND r.client_id IS NULL GROUP BY r.line) m
          WHERE s.import_id = ${importId} AND s.line = m.line`.execute(trx);
      }
      await sql`
        UPDATE lead_import_rows s
        SET outcome = CASE
          WHEN EXISTS (SELECT 1 FROM cold_calls cc WHERE cc.campaign_id = ${options.campaign_id}
                       AND cc.client_id = s.client_id) THEN 'listed'
          WHEN ${options.duplicates} = 'merge' THEN 'merged' ELSE 'duplicate' END
        WHERE s.import_id = ${importId} AND s.client_id IS NOT NULL`.execute(trx);
      if (options.duplicates === 'merge') {
        // A merged client takes the file's details where the file has them.
        await sql`
          UPDATE clients c SET
            phone_e164 = s.phone,
            first_name = CASE WHEN s.first_name <> '' THEN s.first_name ELSE c.first_name END,
            last_name = CASE WHEN s.last_name <> '' THEN s.last_name ELSE c.last_name END,
            email = coalesce(s.email, c.email),
            address_line1 = coalesce(s.address_line1, c.address_line1),
            address_line2 = coalesce(s.address_line2, c.address_line2),
            city = coalesce(s.city, c.city),
            state = coalesce(s.state, c.state),
            zip = coalesce(s.zip, c.zip)
          FROM lead_import_rows s
          WHERE s.import_id = ${importId} AND s.client_id = c.id AND s.outcome IN ('merged', 'listed')`.execute(trx);
      }
      // New clients take their ids from the sequence first, so no statement has to match them back by number.
      await sql`
        UPDATE lead_import_rows SET client_id = nextval(pg_get_serial_sequence('clients', 'id')), outcome = 'new'
        WHERE import_id = ${importId} AND client_id IS NULL`.execute(trx);
      await sql`
        INSERT INTO clients (id, phone, phone_e164, first_name, last_name, email, address_line1, address_line2, city,
          state, zip, country)
        SELECT client_id, phone, phone, first_name, last_name, email, address_line1, address_line2, city, state, zip,
          ${options.country}
        FROM lead_import_rows WHERE import_id = ${importId} AND outcome = 'new' ORDER BY line`.execute(trx);
      await sql`
        INSERT INTO cold_calls (campaign_id, client_id, list_id, phone, phone_valid, timezone, custom_fields)
        SELECT ${options.campaign_id}, client_id, ${list.id}, phone, true, timezone, custom_fields
        FROM lead_import_rows WHERE import_id = ${importId} AND outcome IN ('new', 'merged') ORDER BY line
        ON CONFLICT (campaign_id, client_id) DO NOTHING`.execute(trx);

      const { rows: outcomes } = await sql<{ outcome: string; rows: number }>`
        SELECT outcome, count(*)::int AS rows FROM lead_import_rows WHERE import_id = ${importId}
        GROUP BY outcome`.execute(trx);
      const { rows: duplicateLines } = await sql<{ line: number; outcome: string; client_id: number }>`
        SELECT line, outcome, client_id FROM lead_import_rows
        WHERE import_id = ${importId} AND outcome IN ('duplicate', 'listed')
        ORDER BY line LIMIT ${LEAD_PROBLEMS_LISTED}`.execute(trx);
      await trx.deleteFrom('lead_import_rows').where('import_id', '=', importId).execute();
      const count = (outcome: string) => outcomes.find((row) => row.outcome === outcome)?.rows ?? 0;
      const result = {
        imported: count('new') + count('merged'),
        new_clients: count('new'),
        merged: count('merged'),
        duplicates: count('duplicate') + count('listed'),
      };
      await writeAudit(trx, {
        actorId: actor.id,
        action: 'lead_list.import',
        subject: `lead_list:${list.id}`,
        details: { before: null, after: { ...list, ...result, duplicate_mode: options.duplicates } },
      });
      const problems: Problem[] = duplicateLines.map((row) => ({
        line: row.line,
        kind: 'duplicate',
        reason:
          row.outcome === 'listed'
            ? `client ${row.client_id} is already a lead of this campaign`
            : `the number is client ${row.client_id}'s (skipped)`,
      }));
      return { listId: list.id, ...result, problems };
    }),
  );
}

/**
 * Imports a lead file's rows into a new list of the campaign. Invalid rows, repeated numbers and blocked numbers
 * are reported with their line (the first LEAD_PROBLEMS_LISTED of them; all are counted) and left out.
 */
export async function importLeadList(
  deps: { db: Kysely<Database>; blockedPhones: BlockedPhones },
  actor: UserRow,
  options: LeadImportOptionsValue,
  file: { name: string; rows: AsyncIterable<FileRow> },
): Promise<LeadImportResult> {
  const { db } = deps;
  const importId = randomUUID();
  const problems: Problem[] = [];
  const counts = { rows: 0, invalid: 0, duplicates: 0, blocked: 0 };
  const report = (problem: Problem) => {
    if (problems.length < LEAD_PROBLEMS_LISTED) problems.push(problem);
  };
  const firstLine = new Map<string, number>();
  let batch: (CheckedLead & { line: number })[] = [];

  const flush = async () => {
    if (batch.length === 0) return;
    const blocked = await deps.blockedPhones(batch.map((lead) => lead.phone));
    const callable = batch.filter((lead) => {
      const why = blocked.get(lead.phone);
      if (why === undefined) return true;
      counts.blocked += 1;
      report({ line: lead.line, kind: 'blocked', reason: BLOCKED_REASON[why] });
      return false;
    });
    batch = [];
    if (callable.length > 0) await stage(db, importId, callable);
  };

  try {
    let headerSkipped = !options.header;
    for await (const row of file.rows) {
      if (!headerSkipped) {
        headerSkipped = true;
        continue;
      }
      counts.rows += 1;
      if (counts.rows > LEAD_FILE_MAX_ROWS) {
        throw new AppError('payload_too_large', `file: must have at most ${LEAD_FILE_MAX_ROWS} rows`, {
          file: `must have at most ${LEAD_FILE_MAX_ROWS} rows`,
        });
      }
      const checked = checkLeadRow(row.cells, options);
      if ('problem' in checked) {
        counts.invalid += 1;
        report({ line: row.line, kind: 'invalid', reason: checked.problem });
        continue;
      }
      const earlier = firstLine.get(checked.phone);
      if (earlier !== undefined) {
        counts.duplicates += 1;
        report({ line: row.line, kind: 'duplicate', reason: `the number is also on line ${earlier}` });
        continue;
      }
      firstLine.set(checked.phone, row.line);
      batch.push({ ...checked, line: row.line });
      if (batch.length >= STAGE_BATCH) await flush();
    }
    await flush();
    if (counts.rows === 0) throw invalidField('file', 'holds no rows to import');
    const listed = await listStaged(db, actor, importId, options, file.name);
    const allProblems = [...problems, ...listed.problems].sort((a, b) => a.line - b.line);
    return {
      list_id: listed.listId,
      rows: counts.rows,
      imported: listed.imported,
      new_clients: listed.new_clients,
      merged: listed.merged,
      invalid: counts.invalid,
      duplicates: counts.duplicates + listed.duplicates,
      blocked: counts.blocked,
      problems: allProblems.slice(0, LEAD_PROBLEMS_LISTED),
      problems_listed: Math.min(allProblems.length, LEAD_PROBLEMS_LISTED),
    };
  } finally {
    // A failed import leaves nothing staged; a finished one removed its rows in its transaction.
    await db
      .deleteFrom('lead_import_rows')
      .where('import_id', '=', importId)
      .execute()
      .catch(() => {});
  }
}

/** Rows an import abandoned by a stopped process: staged over an hour ago. */
export async function removeAbandonedImports(db: Kysely<Database>): Promise<void> {
  await sql`DELETE FROM lead_import_rows WHERE staged_at < now() - interval '1 hour'`.execute(db);
}
