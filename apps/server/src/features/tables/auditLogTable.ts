import { sql } from 'kysely';
import { periodFilter } from './commonFilters.js';
import type { TableDefinition } from './tableDefinition.js';

/**
 * The audit log: every change the administration and the edit forms made, who made it, when, and the row before and
 * after (spec issue 16: "every edit is written to the audit log with who, when, before and after"). Administrators
 * only; newest first.
 */
export const auditLogTable: TableDefinition = {
  name: 'audit_log',
  title: 'Audit log',
  fileName: 'audit_log',
  action: 'tables.audit_log',
  identifier: 'id',
  defaultSort: { column: 'created_at', desc: true },
  tieBreak: sql`a.id`,
  exportNeedsPeriod: 'period',
  filters: [
    periodFilter({ column: sql`a.created_at`, defaultDays: 7 }),
    {
      name: 'search',
      text: 'Subject',
      type: 'search',
      icon: 'search',
      apply: (query, value) =>
        query.where(sql<boolean>`position(${String(value).toLowerCase()} in lower(a.subject)) > 0`),
    },
  ],
  columns: [
    { text: 'When', value: 'created_at', formatDate: true, sort: sql`a.created_at` },
    {
      text: 'Who',
      value: 'actor_name',
      filter: {
        name: 'actors',
        text: 'Who',
        type: 'multiselect',
        multiple: true,
        items: async ({ db }) =>
          (
            await db
              .selectFrom('users')
              .select(['id', 'first_name', 'second_name'])
              .where('id', 'in', (sub) =>
                sub.selectFrom('audit_log').select('actor_id').where('actor_id', 'is not', null),
              )
              .orderBy('first_name')
              .orderBy('id')
              .execute()
          ).map((user) => ({ value: user.id, text: `${user.first_name} ${user.second_name}` })),
        apply: (query, value) => query.where('a.actor_id', 'in', value as number[]),
      },
    },
    {
      text: 'Action',
      value: 'action',
      as_atom: true,
      filter: {
        name: 'actions',
        text: 'Action',
        type: 'multiselect',
        multiple: true,
        items: async ({ db }) =>
          (await db.selectFrom('audit_log').select('action').distinct().orderBy('action').execute()).map((row) => ({
            value: row.action,
            text: row.action,
          })),
        apply: (query, value) => query.where('a.action', 'in', value as string[]),
      },
    },
    { text: 'Subject', value: 'subject' },
    { text: 'Before', value: 'before', group: 'Change' },
    { text: 'After', value: 'after', group: 'Change' },
  ],
  rows: ({ db }) =>
    db
      .selectFrom('audit_log as a')
      .leftJoin('users as u', 'u.id', 'a.actor_id')
      .select([
        sql<string>`a.id::text`.as('id'),
        'a.created_at',
        sql<string>`coalesce(u.first_name || ' ' || u.second_name, 'System')`.as('actor_name'),
        'a.action',
        'a.subject',
        sql<string | null>`(a.details -> 'before')::text`.as('before'),
        sql<
          string | null
        >`coalesce((a.details -> 'after')::text, CASE WHEN a.details ? 'before' THEN NULL ELSE a.details::text END)`.as(
          'after',
        ),
      ]),
};
