import { sql } from 'kysely';
import { postAction, searchFilter } from '../admin/index.js';
import type { TableDefinition } from '../tables/index.js';

/*
 * The administration's blocked numbers: do-not-call numbers and blacklisted numbers (the clients blocked with each,
 * grouped by their E.164 form), with who blocked them and when. Row actions remove a do-not-call number and
 * unblock a blacklisted one; "New DNC number" adds one. Both lists are small beside the clients: the blacklist is
 * read through its partial index (clients_blocked_idx).
 */

const LISTS = [
  { value: 'dnc', text: 'Do not call' },
  { value: 'blacklist', text: 'Blacklist' },
];

const personOf = (alias: string) =>
  sql.raw(`nullif(trim(coalesce(${alias}.first_name, '') || ' ' || coalesce(${alias}.second_name, '')), '')`);

const blockedNumbers = sql`(
  SELECT 'dnc:' || d.phone AS id, 'dnc' AS list, 'Do not call' AS list_name, d.phone, NULL::text AS clients, d.note,
    d.created_at AS blocked_at, ${personOf('u')} AS blocked_by, true AS is_dnc, false AS is_blacklist
  FROM do_not_call d LEFT JOIN users u ON u.id = d.created_by
  UNION ALL
  SELECT 'blacklist:' || b.number, 'blacklist', 'Blacklist', b.number, b.clients, NULL, b.blocked_at,
    ${personOf('u')}, false, true
  FROM (
    SELECT coalesce(c.phone_e164, c.phone) AS number,
      string_agg(nullif(trim(c.first_name || ' ' || c.last_name), ''), ', ' ORDER BY c.id) AS clients,
      max(c.blocked_at) AS blocked_at,
      (array_agg(c.blocked_by ORDER BY c.blocked_at DESC NULLS LAST))[1] AS blocked_by
    FROM clients c WHERE c.blocked GROUP BY 1
  ) b LEFT JOIN users u ON u.id = b.blocked_by
)`;

export const blockedNumbersTable: TableDefinition = {
  name: 'admin_blocked_numbers',
  title: 'Blocked numbers',
  fileName: 'blocked_numbers',
  action: 'admin.manage',
  identifier: 'id',
  defaultSort: { column: 'blocked_at', desc: true },
  tieBreak: sql`b.id`,
  columns: [
    { text: 'Number', value: 'phone', fixed: true, sort: sql`b.phone` },
    {
      text: 'List',
      value: 'list_name',
      as_atom: true,
      filter: {
        name: 'list',
        text: 'List',
        type: 'select',
        items: () => LISTS,
        apply: (query, value) => query.where('b.list', '=', String(value)),
      },
    },
    { text: 'Clients', value: 'clients' },
    { text: 'Note', value: 'note' },
    { text: 'Blocked', value: 'blocked_at', formatDate: true, sort: sql`b.blocked_at` },
    { text: 'Blocked By', value: 'blocked_by' },
    {
      text: 'Actions',
      value: 'actions',
      actions: [
        postAction(
          'blocked_numbers',
          'remove',
          'Remove',
          'delete',
          'Remove this number from the do-not-call list? Agents may dial it and its calls queue again.',
          'is_dnc',
        ),
        postAction(
          'blocked_numbers',
          'unblock',
          'Unblock',
          'lock_open',
          'Unblock this number? Its calls queue again and agents may dial it.',
          'is_blacklist',
        ),
      ],
    },
  ],
  filters: [searchFilter('Number or client', [sql`b.phone`, sql`b.clients`])],
  rows: ({ db }) => db.selectFrom(blockedNumbers.as('b')).selectAll('b'),
};
