import { sql } from 'kysely';
import { adminTable, postAction, searchFilter } from '../admin/index.js';

/** A list's (alias l) leads, and those called since its last reset: the list's row and its form show both. */
export const LEAD_COUNTS = [
  sql<number>`(SELECT count(*)::int FROM cold_calls cc WHERE cc.list_id = l.id)`.as('leads'),
  sql<number>`(SELECT count(*)::int FROM cold_calls cc WHERE cc.list_id = l.id AND cc.last_called_at IS NOT NULL)`.as(
    'called',
  ),
];

/** The administration's lead lists: each outbound campaign's lists, with their leads and how many were called. */
export const leadListsTable = adminTable('lead_lists', {
  title: 'Lead lists',
  tieBreak: sql`l.id`,
  columns: [
    { text: 'Name', value: 'name', fixed: true, sort: sql`lower(l.name)` },
    {
      text: 'Campaign',
      value: 'campaign_name',
      sort: sql`c.name`,
      filter: {
        name: 'campaigns',
        text: 'Campaigns',
        type: 'multiselect',
        multiple: true,
        items: async ({ db }) =>
          (
            await db
              .selectFrom('campaigns')
              .select(['id', 'name'])
              .where('type', '=', 'outbound')
              .where('archived', '=', false)
              .orderBy('name')
              .execute()
          ).map((campaign) => ({ value: campaign.id, text: campaign.name })),
        apply: (query, value) => query.where('l.campaign_id', 'in', (value as unknown[]).map(Number)),
      },
    },
    { text: 'Leads', value: 'leads', total: 'sum' },
    { text: 'Called', value: 'called', total: 'sum' },
    { text: 'Status', value: 'status', as_atom: true },
    { text: 'File', value: 'source_file' },
    { text: 'Created', value: 'created_at', formatDate: true, sort: sql`l.created_at` },
    {
      text: 'Actions',
      value: 'actions',
      actions: [
        postAction(
          'lead_lists',
          'disable',
          'Disable',
          'pause',
          'Disable this list? Its leads are no longer dialled.',
          'enabled',
        ),
        postAction(
          'lead_lists',
          'enable',
          'Enable',
          'play_arrow',
          'Enable this list? Its leads are dialled again.',
          'disabled',
        ),
        postAction(
          'lead_lists',
          'reset',
          'Reset',
          'restart_alt',
          "Reset this list? Its leads' last calls are forgotten and they are dialled again first.",
        ),
        postAction(
          'lead_lists',
          'delete',
          'Delete',
          'delete',
          'Delete this list and its leads? Their clients and calls stay.',
        ),
      ],
    },
  ],
  filters: [searchFilter('Name', [sql`l.name`])],
  rows: ({ db }) =>
    db
      .selectFrom('lead_lists as l')
      .innerJoin('campaigns as c', 'c.id', 'l.campaign_id')
      .select([
        'l.id',
        'l.name',
        'c.name as campaign_name',
        ...LEAD_COUNTS,
        sql<string>`CASE WHEN l.enabled THEN 'enabled' ELSE 'disabled' END`.as('status'),
        'l.enabled',
        sql<boolean>`NOT l.enabled`.as('disabled'),
        'l.source_file',
        'l.created_at',
      ]),
});
