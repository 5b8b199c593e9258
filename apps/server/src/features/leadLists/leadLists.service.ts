import type { Readable } from 'node:stream';
import {
  type AdminLeadList,
  csvField,
  LEAD_FIELDS,
  LEAD_PREVIEW_ROWS,
  type LeadListEdit,
  type LeadPreview,
  suggestLeadMapping,
} from '@shiftline/shared';
import { type Kysely, sql } from 'kysely';
import { writeAudit } from '../../db/auditLog.js';
import type { Database, UserRow } from '../../db/schema.js';
import { conflict, notFound } from '../../plugins/errors.js';
import { readTableFile, type TableFileFormat } from '../../uploads/tableFile.js';
import { refusingDuplicates, throwIfTaken } from '../admin/index.js';
import { type BlockedPhones, checkImportTarget, importLeadList, type LeadImportOptionsValue } from './leadImport.js';
import { LEAD_COUNTS } from './leadListsTable.js';

/** The export's columns: the lead fields in the mapping's order, then the list's custom fields. */
const EXPORT_FIELDS = LEAD_FIELDS.map((field) => field.id);

/** Lead lists: preview and import a file, edit, enable or disable, reset, delete and export a list. */
export function createLeadListsService(deps: {
  db: Kysely<Database>;
  blockedPhones: BlockedPhones;
  /** The cold-calls tables of these campaigns changed (leads listed, hidden or removed). */
  leadsChanged: (campaignIds: readonly number[]) => void;
}) {
  const { db } = deps;

  const lockList = async (trx: Kysely<Database>, id: number) => {
    const list = await trx.selectFrom('lead_lists').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!list) throw notFound('No such lead list.');
    return list;
  };

  const update = (actor: UserRow, id: number, changes: Partial<LeadListEdit>) =>
    refusingDuplicates(async () => {
      const campaignId = await db.transaction().execute(async (trx) => {
        const before = await lockList(trx, id);
        if (changes.name !== undefined && before.name.toLowerCase() !== changes.name.toLowerCase()) {
          const taken = await trx
            .selectFrom('lead_lists')
            .select('id')
            .where('campaign_id', '=', before.campaign_id)
            .where(sql<boolean>`lower(name) = lower(${changes.name})`)
            .where('id', '<>', id)
            .executeTakeFirst();
          throwIfTaken({ name: taken !== undefined });
        }
        const after = await trx
          .updateTable('lead_lists')
          .set(changes)
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await writeAudit(trx, {
          actorId: actor.id,
          action: 'lead_list.edit',
          subject: `lead_list:${id}`,
          details: { before, after },
        });
        return before.campaign_id;
      });
      deps.leadsChanged([campaignId]);
    });

  return {
    /** A file's first rows and the mapping its first row suggests. */
    async preview(format: TableFileFormat, stream: Readable): Promise<LeadPreview> {
      const rows: string[][] = [];
      const reading = readTableFile(stream, format);
      for await (const row of reading) {
        rows.push(row.cells);
        if (rows.length > LEAD_PREVIEW_ROWS) break;
      }
      // The rest of the upload is not needed: drain it so the request ends.
      stream.resume();
      const [first = [], ...rest] = rows;
      return { format, first_row: first, rows: rest, suggested_mapping: suggestLeadMapping(first) };
    },

    checkImportTarget: (options: LeadImportOptionsValue) => checkImportTarget(db, options),

    async import(
      actor: UserRow,
      options: LeadImportOptionsValue,
      file: { name: string; format: TableFileFormat; stream: Readable },
    ) {
      const result = await importLeadList(deps, actor, options, {
        name: file.name,
        rows: readTableFile(file.stream, file.format),
      });
      deps.leadsChanged([options.campaign_id]);
      return result;
    },

    async get(id: number): Promise<AdminLeadList> {
      const list = await db
        .selectFrom('lead_lists as l')
        .innerJoin('campaigns as c', 'c.id', 'l.campaign_id')
        .selectAll('l')
        .select(['c.name as campaign_name', ...LEAD_COUNTS])
        .where('l.id', '=', id)
        .executeTakeFirst();
      if (!list) throw notFound('No such lead list.');
      return {
        id: list.id,
        campaign_id: list.campaign_id,
        campaign_name: list.campaign_name,
        name: list.name,
        enabled: list.enabled,
        country: list.country,
        source_file: list.source_file,
        custom_fields: list.custom_fields,
        leads: list.leads ?? 0,
        called: list.called ?? 0,
        created_at: new Date(list.created_at).toISOString(),
        reset_at: list.reset_at === null ? null : new Date(list.reset_at).toISOString(),
      };
    },

    /** Renames the list, or enables or disables it (a disabled list's leads are neither shown nor dialled). */
    edit: (actor: UserRow, id: number, body: LeadListEdit) => update(actor, id, body),
    setEnabled: (actor: UserRow, id: number, enabled: boolean) => update(actor, id, { enabled }),

    /** Its leads may be called again: their last-call marks are cleared, so they come first to be dialled. */
    async reset(actor: UserRow, id: number) {
      const campaignId = await db.transaction().execute(async (trx) => {
        const before = await lockList(trx, id);
        const { numUpdatedRows } = await trx
          .updateTable('cold_calls')
          .set({ last_called_at: null, last_call_id: null })
          .where('list_id', '=', id)
          .where('last_called_at', 'is not', null)
          .executeTakeFirst();
        const after = await trx
          .updateTable('lead_lists')
          .set({ reset_at: new Date() })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await writeAudit(trx, {
          actorId: actor.id,
          action: 'lead_list.reset',
          subject: `lead_list:${id}`,
          details: { before, after, leads_reset: Number(numUpdatedRows) },
        });
        return before.campaign_id;
      });
      deps.leadsChanged([campaignId]);
    },

    /** Deletes the list and its leads (their clients and calls stay); refused while an agent holds one of them. */
    async remove(actor: UserRow, id: number) {
      const campaignId = await db.transaction().execute(async (trx) => {
        const before = await lockList(trx, id);
        const held = await trx
          .selectFrom('cold_calls')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('list_id', '=', id)
          .where('attached_agent_id', 'is not', null)
          .executeTakeFirstOrThrow();
        if (held.n > 0) {
          throw conflict(`${held.n} of this list's leads are taken by agents now; delete it when they are let go.`, {
            list: 'has leads taken by agents',
          });
        }
        const { numDeletedRows } = await trx.deleteFrom('cold_calls').where('list_id', '=', id).executeTakeFirst();
        await trx.deleteFrom('lead_lists').where('id', '=', id).execute();
        await writeAudit(trx, {
          actorId: actor.id,
          action: 'lead_list.delete',
          subject: `lead_list:${id}`,
          details: { before, after: null, leads_deleted: Number(numDeletedRows) },
        });
        return before.campaign_id;
      });
      deps.leadsChanged([campaignId]);
    },

    /**
     * The list as a CSV that imports back as the same leads: a header of the lead fields' labels and the custom
     * fields' names, one row per lead in the order listed, cells a spreadsheet would run as formulas neutralised.
     */
    async *exportCsv(id: number): AsyncGenerator<string> {
      const list = await db.selectFrom('lead_lists').selectAll().where('id', '=', id).executeTakeFirst();
      if (!list) throw notFound('No such lead list.');
      const header = [...LEAD_FIELDS.map((field) => field.label), ...list.custom_fields];
      yield `${header.map(csvField).join(',')}\r\n`;
      let after = 0;
      for (;;) {
        const leads = await db
          .selectFrom('cold_calls as cc')
          .innerJoin('clients as cl', 'cl.id', 'cc.client_id')
          .select([
            'cc.id',
            'cc.phone',
            'cc.timezone',
            'cc.custom_fields',
            'cl.first_name',
            'cl.last_name',
            'cl.email',
            'cl.address_line1',
            'cl.address_line2',
            'cl.city',
            'cl.state',
            'cl.zip',
          ])
          .where('cc.list_id', '=', id)
          .where('cc.id', '>', after)
          .orderBy('cc.id')
          .limit(5000)
          .execute();
        if (leads.length === 0) return;
        after = (leads[leads.length - 1] as { id: number }).id;
        let chunk = '';
        for (const lead of leads) {
          const fields = EXPORT_FIELDS.map((field) => String(lead[field] ?? ''));
          const custom = list.custom_fields.map((name) => lead.custom_fields[name] ?? '');
          chunk += `${[...fields, ...custom].map(csvField).join(',')}\r\n`;
        }
        yield chunk;
      }
    },
  };
}

export type LeadListsService = ReturnType<typeof createLeadListsService>;
