import { CAMPAIGN_TYPES, ROLE_NAMES, ROLES, type TableAction, type TableRow } from '@shiftline/shared';
import { sql } from 'kysely';
import type { TableContext, TableDefinition, TableFilterDefinition } from '../tables/index.js';

/*
 * The administration's lists (issue 16 part 6) on the generic table: users, agent groups, campaigns, campaign lists
 * and client companies. A row click opens the administration's own edit form (its url); row actions post to the
 * /api/admin endpoints. Sorting only on indexed expressions (migration 0019 and the unique keys).
 */

/** LIKE pattern of a search text: its %, _ and \ taken literally. */
const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

const searchFilter = (text: string, columns: ReturnType<typeof sql>[]): TableFilterDefinition => ({
  name: 'search',
  text,
  type: 'search',
  icon: 'search',
  apply: (query, value) =>
    query.where((eb) => eb.or(columns.map((column) => eb(sql`lower(${column})`, 'like', containing(String(value)))))),
});

const SHOW_ITEMS = [
  { value: 'current', text: 'Current' },
  { value: 'archived', text: 'Archived' },
];

/** Current or archived rows; current by default. */
const showFilter = (column: ReturnType<typeof sql>): TableFilterDefinition => ({
  name: 'show',
  text: 'Show',
  type: 'select',
  items: () => SHOW_ITEMS,
  default: () => 'current',
  apply: (query, value) => query.where(sql<boolean>`${column} = ${value === 'archived'}`),
});

const idsOf = (value: unknown): number[] => (value as unknown[]).map(Number);

/** Each row opens its edit form at this page address. */
const withEditUrl =
  (path: string) =>
  (row: TableRow): TableRow => ({ ...row, url: `/admin/${path}/${String(row.id)}` });

const userAction = (name: string, text: string, icon: string, when: string, confirm: string): TableAction => ({
  name,
  text,
  icon,
  kind: 'post',
  url: `/api/admin/users/:id/${name}`,
  when,
  confirm,
});

const fullName = sql<string>`lower(u.first_name || ' ' || u.second_name)`;

export const adminUsersTable: TableDefinition = {
  name: 'admin_users',
  title: 'Users',
  fileName: 'users',
  action: 'admin.manage',
  identifier: 'id',
  clickableRow: true,
  defaultSort: { column: 'name', desc: false },
  tieBreak: sql`u.id`,
  columns: [
    { text: 'Name', value: 'name', fixed: true, sort: fullName },
    { text: 'Email', value: 'email', sort: sql`lower(u.email)` },
    {
      text: 'Role',
      value: 'role_name',
      sort: sql`u.role`,
      filter: {
        name: 'roles',
        text: 'Role',
        type: 'multiselect',
        multiple: true,
        items: () => ROLES.map((role) => ({ value: role, text: ROLE_NAMES[role] })),
        apply: (query, value) => query.where('u.role', 'in', value as string[]),
      },
    },
    {
      text: 'Group',
      value: 'agent_group',
      filter: {
        name: 'groups',
        text: 'Group',
        type: 'multiselect',
        multiple: true,
        items: async ({ db }: TableContext) =>
          (await db.selectFrom('agent_groups').select(['id', 'name']).orderBy('name').execute()).map((group) => ({
            value: group.id,
            text: group.name,
          })),
        apply: (query, value) => query.where('u.agent_group_id', 'in', idsOf(value)),
      },
    },
    { text: 'Company', value: 'company' },
    { text: 'Extension', value: 'extension' },
    { text: 'Time Zone', value: 'timezone' },
    { text: 'Pay Rate', value: 'pay_rate_cents', formatMoney: true },
    { text: 'Call Type', value: 'agent_call_type' },
    { text: 'Status', value: 'status', as_atom: true },
    {
      text: 'Actions',
      value: 'actions',
      actions: [
        userAction(
          'archive',
          'Archive',
          'archive',
          'can_archive',
          'Archive this user? They leave every list and are signed out.',
        ),
        userAction('unarchive', 'Unarchive', 'unarchive', 'archived', 'Bring this user back?'),
        userAction('sign_out', 'Sign out', 'logout', 'can_archive', 'Sign this user out of every session?'),
      ],
    },
  ],
  filters: [
    showFilter(sql`u.archived`),
    searchFilter('Name or email', [sql`u.first_name || ' ' || u.second_name`, sql`u.email`]),
  ],
  // The seven system accounts never show (spec §5); the protected root shows, and refuses every change. A companyId
  // (a company's "portal users" link) narrows the list to that company's users.
  rows: ({ db, query }) =>
    db
      .selectFrom('users as u')
      .leftJoin('agent_groups as g', 'g.id', 'u.agent_group_id')
      .leftJoin('companies as co', 'co.id', 'u.company_id')
      .where('u.is_system', '=', false)
      .$if(query.companyId !== undefined, (q) => q.where('u.company_id', '=', query.companyId as number))
      .select([
        'u.id',
        sql<string>`u.first_name || ' ' || u.second_name`.as('name'),
        'u.email',
        sql<string>`CASE u.role ${sql.join(
          ROLES.map((role) => sql`WHEN ${role} THEN ${ROLE_NAMES[role]}`),
          sql` `,
        )} END`.as('role_name'),
        'g.name as agent_group',
        'co.name as company',
        'u.extension',
        'u.timezone',
        'u.pay_rate_cents',
        'u.agent_call_type',
        sql<string>`CASE WHEN u.archived THEN 'archived' WHEN u.must_change_password THEN 'new password' ELSE 'active' END`.as(
          'status',
        ),
        'u.archived',
        sql<boolean>`NOT u.archived AND NOT u.is_protected`.as('can_archive'),
      ]),
  present: withEditUrl('users'),
};

export const adminAgentGroupsTable: TableDefinition = {
  name: 'admin_agent_groups',
  title: 'Agent groups',
  fileName: 'agent_groups',
  action: 'admin.manage',
  identifier: 'id',
  clickableRow: true,
  defaultSort: { column: 'name', desc: false },
  tieBreak: sql`g.id`,
  columns: [
    { text: 'Name', value: 'name', fixed: true, sort: sql`g.name` },
    { text: 'Users', value: 'users_count', total: 'sum' },
    {
      text: 'Actions',
      value: 'actions',
      actions: [
        {
          name: 'delete',
          text: 'Delete',
          icon: 'delete',
          kind: 'post',
          url: '/api/admin/agent_groups/:id/delete',
          when: 'empty',
          confirm: 'Delete this agent group?',
        },
      ],
    },
  ],
  filters: [searchFilter('Name', [sql`g.name`])],
  rows: ({ db }) =>
    db
      .selectFrom('agent_groups as g')
      .select([
        'g.id',
        'g.name',
        (eb) =>
          eb
            .selectFrom('users as u')
            .whereRef('u.agent_group_id', '=', 'g.id')
            .where('u.archived', '=', false)
            .select(sql<number>`count(*)::int`.as('n'))
            .as('users_count'),
        sql<boolean>`NOT EXISTS (SELECT 1 FROM users m WHERE m.agent_group_id = g.id)`.as('empty'),
      ]),
  present: withEditUrl('agent_groups'),
};

const workWindow = sql<string | null>`CASE WHEN c.start_work_time IS NULL THEN NULL
  ELSE c.start_work_time || '–' || c.end_work_time || ' UTC' END`;

export const adminCampaignsTable: TableDefinition = {
  name: 'admin_campaigns',
  title: 'Campaigns',
  fileName: 'campaigns',
  action: 'admin.manage',
  identifier: 'id',
  clickableRow: true,
  defaultSort: { column: 'name', desc: false },
  tieBreak: sql`c.id`,
  columns: [
    { text: 'Name', value: 'name', fixed: true, sort: sql`lower(c.name)` },
    { text: 'Unique Name', value: 'unique_name', sort: sql`c.unique_name` },
    {
      text: 'Type',
      value: 'type',
      as_atom: true,
      filter: {
        name: 'type',
        text: 'Type',
        type: 'select',
        items: () => CAMPAIGN_TYPES.map((type) => ({ value: type, text: type === 'inbound' ? 'Inbound' : 'Outbound' })),
        apply: (query, value) => query.where('c.type', '=', String(value)),
      },
    },
    {
      text: 'Company',
      value: 'company',
      filter: {
        name: 'companies',
        text: 'Company',
        type: 'multiselect',
        multiple: true,
        items: async ({ db }: TableContext) =>
          (await db.selectFrom('companies').select(['id', 'name']).orderBy('name').execute()).map((company) => ({
            value: company.id,
            text: company.name,
          })),
        apply: (query, value) => query.where('c.company_id', 'in', idsOf(value)),
      },
    },
    { text: 'Working Window', value: 'work_window' },
    { text: 'Billing Rate', value: 'billing_rate_cents', formatMoney: true },
    { text: 'Agents', value: 'agents_count', total: 'sum' },
    { text: 'Status', value: 'status', as_atom: true },
  ],
  filters: [showFilter(sql`c.archived`), searchFilter('Name', [sql`c.name`, sql`c.unique_name`])],
  rows: ({ db }) =>
    db
      .selectFrom('campaigns as c')
      .leftJoin('companies as co', 'co.id', 'c.company_id')
      .select([
        'c.id',
        'c.name',
        'c.unique_name',
        'c.type',
        'co.name as company',
        workWindow.as('work_window'),
        'c.billing_rate_cents',
        (eb) =>
          eb
            .selectFrom('campaign_agents as ca')
            .innerJoin('users as u', 'u.id', 'ca.user_id')
            .whereRef('ca.campaign_id', '=', 'c.id')
            .where('ca.is_disabled', '=', false)
            .where('u.archived', '=', false)
            .where('u.is_system', '=', false)
            .select(sql<number>`count(*)::int`.as('n'))
            .as('agents_count'),
        sql<string>`CASE WHEN c.archived THEN 'archived' WHEN c.active THEN 'active' ELSE 'inactive' END`.as('status'),
      ]),
  present: withEditUrl('campaigns'),
};

export const adminCampaignListsTable: TableDefinition = {
  name: 'admin_campaign_lists',
  title: 'Campaign lists',
  fileName: 'campaign_lists',
  action: 'admin.manage',
  identifier: 'id',
  clickableRow: true,
  defaultSort: { column: 'name', desc: false },
  tieBreak: sql`l.id`,
  columns: [
    { text: 'Name', value: 'name', fixed: true, sort: sql`lower(l.name)` },
    { text: 'Unique Name', value: 'unique_name', sort: sql`l.unique_name` },
    { text: 'Campaigns', value: 'campaigns' },
    {
      text: 'Actions',
      value: 'actions',
      actions: [
        {
          name: 'delete',
          text: 'Delete',
          icon: 'delete',
          kind: 'post',
          url: '/api/admin/campaign_lists/:id/delete',
          confirm: 'Delete this campaign list? Its campaigns stay.',
        },
      ],
    },
  ],
  filters: [searchFilter('Name', [sql`l.name`, sql`l.unique_name`])],
  rows: ({ db }) =>
    db
      .selectFrom('campaign_lists as l')
      .select([
        'l.id',
        'l.name',
        'l.unique_name',
        (eb) =>
          eb
            .selectFrom('campaign_list_items as i')
            .innerJoin('campaigns as c', 'c.id', 'i.campaign_id')
            .whereRef('i.list_id', '=', 'l.id')
            .select(sql<string>`string_agg(c.name, ', ' ORDER BY c.name)`.as('names'))
            .as('campaigns'),
      ]),
  present: withEditUrl('campaign_lists'),
};

export const adminCompaniesTable: TableDefinition = {
  name: 'admin_companies',
  title: 'Client companies',
  fileName: 'companies',
  action: 'admin.manage',
  identifier: 'id',
  clickableRow: true,
  defaultSort: { column: 'name', desc: false },
  tieBreak: sql`co.id`,
  columns: [
    { text: 'Name', value: 'name', fixed: true, sort: sql`co.name` },
    { text: 'Callbacks', value: 'callbacks', as_atom: true },
    { text: 'Campaigns', value: 'campaigns_count', total: 'sum' },
    { text: 'Portal Users', value: 'portal_users', total: 'sum' },
  ],
  filters: [searchFilter('Name', [sql`co.name`])],
  rows: ({ db }) =>
    db
      .selectFrom('companies as co')
      .select([
        'co.id',
        'co.name',
        sql<string>`CASE WHEN co.callbacks_enabled THEN 'enabled' ELSE 'disabled' END`.as('callbacks'),
        (eb) =>
          eb
            .selectFrom('campaigns as c')
            .whereRef('c.company_id', '=', 'co.id')
            .where('c.archived', '=', false)
            .select(sql<number>`count(*)::int`.as('n'))
            .as('campaigns_count'),
        (eb) =>
          eb
            .selectFrom('users as u')
            .whereRef('u.company_id', '=', 'co.id')
            .where('u.archived', '=', false)
            .where('u.role', '=', 'company_supervisor')
            .select(sql<number>`count(*)::int`.as('n'))
            .as('portal_users'),
      ]),
  present: withEditUrl('companies'),
};

/** The administration's lists: users, agent groups, campaigns, campaign lists, companies (with their portal users). */
export const ADMIN_TABLES: TableDefinition[] = [
  adminUsersTable,
  adminAgentGroupsTable,
  adminCampaignsTable,
  adminCampaignListsTable,
  adminCompaniesTable,
];
