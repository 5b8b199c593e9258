import { randomBytes } from 'node:crypto';
import {
  AGENT_CALL_TYPES,
  CALL_TAKING_ROLES,
  createUserBodySchema,
  leadTimeZone,
  ROLE_NAMES,
  ROLES,
  USER_IMPORT_COLUMNS,
  USER_IMPORT_MAX_ROWS,
  type UserImportResult,
} from '@shiftline/shared';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database, UserRow } from '../../db/schema.js';
import { AppError, invalidField } from '../../plugins/errors.js';
import { hashPassword } from '../users/index.js';
import type { AdminUsersService } from './adminUsers.service.js';

/*
 * Users from a CSV or XLSX (issue 25 item 8). Each line is read by the file's header into the body the user form
 * sends, checked by the same schema and the same server checks (the group, campaigns and company named, a free
 * e-mail, extension and CRM id), then created as the form creates one, each with a temporary password they must
 * change at their first sign-in. All of it runs in one transaction: all or nothing, or only the good lines.
 */

type UserBody = z.output<typeof createUserBodySchema>;
type Column = keyof typeof USER_IMPORT_COLUMNS;
type FileRow = { line: number; cells: string[] };

const loose = (text: string) =>
  text
    .toLowerCase()
    .replace(/[_\-.]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Which column holds each field, from the header row; 400 when it names neither e-mail nor role nor a name. */
function columnsOf(header: readonly string[]): Partial<Record<Column, number>> {
  const names = header.map(loose);
  const found: Partial<Record<Column, number>> = {};
  for (const [field, hints] of Object.entries(USER_IMPORT_COLUMNS) as [Column, readonly string[]][]) {
    const wanted = hints.map(loose);
    const index = names.findIndex((name) => wanted.includes(name));
    if (index >= 0) found[field] = index;
  }
  const missing = [
    found.email === undefined ? 'email' : null,
    found.role === undefined ? 'role' : null,
    found.name === undefined && found.first_name === undefined ? 'name (or first name)' : null,
  ].filter((name) => name !== null);
  if (missing.length > 0) throw invalidField('file', `needs a header naming the columns: ${missing.join(', ')}`);
  return found;
}

type Lookups = {
  groups: Map<string, number>;
  companies: Map<string, number>;
  campaigns: Map<string, number>;
};

async function lookups(db: Kysely<Database>): Promise<Lookups> {
  const byName = (rows: { id: number; name: string }[]) => new Map(rows.map((row) => [row.name.toLowerCase(), row.id]));
  return {
    groups: byName(await db.selectFrom('agent_groups').select(['id', 'name']).execute()),
    companies: byName(await db.selectFrom('companies').select(['id', 'name']).execute()),
    campaigns: byName(await db.selectFrom('campaigns').select(['id', 'name']).where('archived', '=', false).execute()),
  };
}

/** The form's field names as the file's columns call them, for the reasons given by line. */
const COLUMN_OF_FIELD: Record<string, string> = {
  first_name: 'first name',
  second_name: 'last name',
  agent_group_id: 'group',
  company_id: 'company',
  pay_rate_cents: 'pay rate',
  crm_id: 'CRM ID',
  agent_call_type: 'call type',
  campaign_ids: 'campaigns',
};
const columnOf = (field: string) => COLUMN_OF_FIELD[field] ?? field;

const roleOf = (text: string) =>
  ROLES.find((role) => loose(role) === loose(text) || loose(ROLE_NAMES[role]) === loose(text)) ?? null;

/** One line as the form's body, or why it cannot be one. */
function bodyOf(cells: readonly string[], columns: Partial<Record<Column, number>>, known: Lookups) {
  const cell = (column: Column) => (columns[column] === undefined ? '' : (cells[columns[column]] ?? '').trim());
  const role = roleOf(cell('role'));
  if (role === null) return { error: `role '${cell('role')}' is not a role` };
  let first = cell('first_name');
  let last = cell('last_name');
  if (first === '' && cell('name') !== '') {
    const [given = '', ...rest] = cell('name').split(/\s+/);
    first = given;
    last = last || rest.join(' ');
  }
  const group = cell('group');
  const company = cell('company');
  const campaignNames = cell('campaigns')
    .split(/[;|]/)
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (group !== '' && !known.groups.has(group.toLowerCase())) return { error: `there is no group '${group}'` };
  if (company !== '' && !known.companies.has(company.toLowerCase()))
    return { error: `there is no company '${company}'` };
  const unknown = campaignNames.find((name) => !known.campaigns.has(name.toLowerCase()));
  if (unknown !== undefined) return { error: `there is no campaign '${unknown}'` };
  const zone = cell('timezone') === '' ? 'America/Toronto' : leadTimeZone(cell('timezone'));
  if (zone === null) return { error: `time zone '${cell('timezone')}' is not one of the thirteen` };
  const payRate = cell('pay_rate').replace(/[$,\s]/g, '');
  const callType = loose(cell('call_type'));
  const takesCalls = CALL_TAKING_ROLES.includes(role);
  const parsed = createUserBodySchema.safeParse({
    email: cell('email'),
    first_name: first,
    second_name: last,
    role,
    agent_group_id: group === '' ? null : known.groups.get(group.toLowerCase()),
    company_id: company === '' ? null : known.companies.get(company.toLowerCase()),
    timezone: zone,
    pay_rate_cents: payRate === '' ? 0 : Math.round(Number(payRate) * 100),
    extension: cell('extension') === '' ? null : cell('extension'),
    crm_id: cell('crm_id') === '' ? null : cell('crm_id'),
    agent_call_type: !takesCalls
      ? null
      : callType === ''
        ? 'inbound'
        : ((AGENT_CALL_TYPES as readonly string[]).find((type) => type === callType) ?? callType),
    campaign_ids: campaignNames.map((name) => known.campaigns.get(name.toLowerCase()) as number),
    password: 'placeholder-password',
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { error: `${columnOf(String(issue?.path[0] ?? 'line'))} ${issue?.message ?? 'is invalid'}` };
  }
  return { body: parsed.data as UserBody };
}

const reasonOf = (error: unknown) =>
  error instanceof AppError
    ? error.fields
      ? Object.entries(error.fields)
          .map(([field, reason]) => `${columnOf(field)} ${reason}`)
          .join('; ')
      : error.message
    : null;

/** Checks (dry run) or imports a file's users; see the module comment. */
export async function importUsers(
  deps: { db: Kysely<Database>; users: AdminUsersService },
  actor: UserRow,
  options: { dry_run: boolean; mode: 'all' | 'good_lines' },
  rows: AsyncIterable<FileRow>,
): Promise<UserImportResult> {
  const known = await lookups(deps.db);
  let columns: Partial<Record<Column, number>> | null = null;
  const lines: { line: number; body?: UserBody; error?: string }[] = [];
  for await (const row of rows) {
    if (columns === null) {
      columns = columnsOf(row.cells);
      continue;
    }
    if (lines.length >= USER_IMPORT_MAX_ROWS) {
      throw new AppError('payload_too_large', `file: must have at most ${USER_IMPORT_MAX_ROWS} users`, {
        file: `must have at most ${USER_IMPORT_MAX_ROWS} users`,
      });
    }
    const read = bodyOf(row.cells, columns, known);
    lines.push('error' in read ? { line: row.line, error: read.error } : { line: row.line, body: read.body });
  }
  if (lines.length === 0) throw invalidField('file', 'holds no users');
  // The same e-mail or extension twice in the file: the later line is refused.
  const seen = new Map<string, number>();
  for (const entry of lines) {
    if (!entry.body) continue;
    for (const key of [
      `email ${entry.body.email}`,
      entry.body.extension ? `extension ${entry.body.extension}` : null,
    ]) {
      if (key === null) continue;
      const earlier = seen.get(key);
      if (earlier !== undefined) entry.error = `${key.split(' ')[0]} is also on line ${earlier}`;
      else seen.set(key, entry.line);
    }
  }
  // Temporary passwords are hashed before the transaction, so it holds no lock while argon2 works.
  const passwords = new Map<number, { text: string; hash: string }>();
  if (!options.dry_run) {
    await Promise.all(
      lines
        .filter((entry) => entry.body && !entry.error)
        .map(async (entry) => {
          const text = randomBytes(9).toString('base64url');
          passwords.set(entry.line, { text, hash: await hashPassword(text) });
        }),
    );
  }
  const created = await deps.users.importInTransaction(async ({ check, create }) => {
    for (const entry of lines) {
      if (!entry.body || entry.error) continue;
      try {
        await check(entry.body);
      } catch (error) {
        const reason = reasonOf(error);
        if (reason === null) throw error;
        entry.error = reason;
      }
    }
    const bad = lines.filter((entry) => entry.error);
    if (options.dry_run) return [];
    if (options.mode === 'all' && bad.length > 0) {
      const fields = Object.fromEntries(
        bad.slice(0, 100).map((entry) => [`line ${entry.line}`, entry.error as string]),
      );
      throw new AppError(
        'validation_failed',
        `${bad.length} of ${lines.length} lines are wrong; nothing was imported.`,
        fields,
      );
    }
    const made: { line: number; id: number; extension: string | null }[] = [];
    for (const entry of lines) {
      if (!entry.body || entry.error) continue;
      const password = passwords.get(entry.line) as { hash: string };
      made.push({ line: entry.line, ...(await create(entry.body, password.hash)) });
    }
    return made;
  }, actor);
  const madeByLine = new Map(created.map((entry) => [entry.line, entry]));
  return {
    rows: lines.length,
    errors: lines.filter((entry) => entry.error).map((entry) => ({ line: entry.line, reason: entry.error as string })),
    users: lines
      .filter((entry) => entry.body && !entry.error && (options.dry_run || madeByLine.has(entry.line)))
      .map((entry) => {
        const body = entry.body as UserBody;
        const made = madeByLine.get(entry.line);
        return {
          line: entry.line,
          email: body.email,
          name: `${body.first_name} ${body.second_name}`.trim(),
          role: ROLE_NAMES[body.role],
          id: made?.id ?? null,
          extension: made?.extension ?? body.extension,
          temporary_password: made ? (passwords.get(entry.line)?.text ?? null) : null,
        };
      }),
    created: created.length,
  };
}
