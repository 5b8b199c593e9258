import {
  CAMPAIGN_TYPES,
  localDateInZone,
  ROLE_NAMES,
  ROLES,
  summarizeWeek,
  type TableAction,
  type TableRow,
} from '@shiftline/shared';
import { sql } from 'kysely';
import type { HoursColumns } from '../campaigns/index.js';
import type { TableContext, TableDefinition, TableFilterDefinition } from '../tables/index.js';
import { listedUser } from '../users/index.js';
import { userRowActions } from './adminUsers.service.js';

/*
 * The administration's lists (issue 16 part 6) on the generic table: users, agent groups, campaigns, campaign lists
 * and client companies. A row click opens the administration's own edit form (its url); row actions post to the
 * /api/admin endpoints. Sorting only on indexed expressions (migration 0019 and the unique keys).
 */

/** LIKE pattern of a search text: its %, _ and \ taken literally. */
const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export const searchFilter = (text: string, columns: ReturnType<typeof sql>[]): TableFilterDefinition => ({
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

/** Current or archived rows; current by default. `column` is true on archived rows (NOT active, say). */
export const showFilter = (column: ReturnType<typeof sql>): TableFilterDefinition => ({
  name: 'show',
  text: 'Show',
  type: 'select',
  items: () => SHOW_ITEMS,
  default: () => 'current',
  apply: (query, value) => query.where(sql<boolean>`${column} = ${value === 'archived'}`),
});

/** Rows whose `column` is one of the chosen rows of `table` (agent groups, companies), chosen by name. */
const chosenFrom = (
  name: string,
  text: string,
  table: 'agent_groups' | 'companies',
  column: string,
): TableFilterDefinition => ({
  name,
  text,
  type: 'multiselect',
  multiple: true,
  items: async ({ db }: TableContext) =>
    (await db.selectFrom(table).select(['id', 'name']).orderBy('name').execute()).map((row) => ({
      value: row.id,
      text: row.name,
    })),
  apply: (query, value) => query.where(column, 'in', (value as unknown[]).map(Number)),
});

/**
 * A row action posting to the administration's route /api/admin/<path>/:id/<name>, after the confirm question;
 * `when` names the row flag that offers it (absent: every row).
 */
export const postAction = (
  path: string,
  name: string,
  text: string,
  icon: string,
  confirm: string,
  when?: string,
): TableAction => ({
  name,
  text,
  icon,
  kind: 'post',
  url: `/api/admin/${path}/:id/${name}`,
  ...(when === undefined ? {} : { when }),
  confirm,
});

type AdminTableParts = Omit<
  TableDefinition,
  'name' | 'fileName' | 'action' | 'identifier' | 'clickableRow' | 'defaultSort'
> & { defaultSort?: TableDefinition['defaultSort'] };

/**
 * The administration's list of one record kind (its `path`: users, agent_groups...): table admin_<path>, exported as
 * <path>, sorted by name unless told, each row opening its edit form at /admin/<path>/<id>.
 */
export const adminTable = (path: string, parts: AdminTableParts): TableDefinition => ({
  name: `admin_${path}`,
  fileName: path,
  action: 'admin.manage',
  identifier: 'id',
  clickableRow: true,
  defaultSort: { column: 'name', desc: false },
  ...parts,
  present: (row: TableRow, context: TableContext): TableRow => ({
    ...(parts.present ? parts.present(row, context) : row),
    url: `/admin/${path}/${String(row.id)}`,
  }),
});

const fullName = sql<string>`lower(u.first_name || ' ' || u.second_name)`;

export const adminUsersTable = adminTable('users', {
  title: 'Users',
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
      filter: chosenFrom('groups', 'Group', 'agent_groups', 'u.agent_group_id'),
    },
    { text: 'Company', value: 'company' },
    { text: 'Extension', value: 'extension' },
    { text: 'Time Zone', value: 'timezone' },
    { text: 'Pay Rate', value: 'pay_rate_cents', formatRate: true },
    { text: 'Call Type', value: 'agent_call_type' },
    { text: 'Status', value: 'status', as_atom: true },
    {
      text: 'Actions',
      value: 'actions',
      actions: [
        postAction(
          'users',
          'archive',
          'Archive',
          'archive',
          'Archive this user? They leave every list and are signed out.',
          'can_archive',
        ),
        postAction('users', 'unarchive', 'Unarchive', 'unarchive', 'Bring this user back?', 'can_unarchive'),
        postAction('users', 'sign_out', 'Sign out', 'logout', 'Sign this user out of every session?', 'can_sign_out'),
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
        'u.role',
        'u.is_system',
        'u.is_protected',
      ]),
  // The row offers only what the server allows this viewer: the flags come from the rule the endpoints enforce.
  present: (row, { viewer }) => {
    const { role, is_system, is_protected, ...rest } = row;
    return { ...rest, ...userRowActions(viewer, row as Parameters<typeof userRowActions>[1]) };
  },
});

export const adminAgentGroupsTable = adminTable('agent_groups', {
  title: 'Agent groups',
  tieBreak: sql`g.id`,
  columns: [
    { text: 'Name', value: 'name', fixed: true, sort: sql`g.name` },
    { text: 'Users', value: 'users_count', total: 'sum' },
    {
      text: 'Actions',
      value: 'actions',
      actions: [postAction('agent_groups', 'delete', 'Delete', 'delete', 'Delete this agent group?', 'empty')],
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
});

/** The week in the campaign's own zone, and how many holiday closures are still ahead. */
const presentWorkingHours = (row: TableRow, { now }: TableContext): TableRow => {
  const { time_zone, working_hours, holidays, ...rest } = row as TableRow & HoursColumns;
  const today = localDateInZone(now, time_zone);
  const ahead = holidays.filter((holiday) => holiday.date >= today).length;
  const week = summarizeWeek({ time_zone, weekly: working_hours });
  return { ...rest, work_window: ahead === 0 ? week : `${week} · ${ahead} holiday${ahead === 1 ? '' : 's'}` };
};

export const adminCampaignsTable = adminTable('campaigns', {
  title: 'Campaigns',
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
      filter: chosenFrom('companies', 'Company', 'companies', 'c.company_id'),
    },
    { text: 'Working Hours', value: 'work_window' },
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
        'c.time_zone',
        'c.working_hours',
        'c.holidays',
        'c.billing_rate_cents',
        (eb) =>
          eb
            .selectFrom('campaign_agents as ca')
            .innerJoin('users', 'users.id', 'ca.user_id')
            .whereRef('ca.campaign_id', '=', 'c.id')
            .where('ca.is_disabled', '=', false)
            .where(listedUser)
            .select(sql<number>`count(*)::int`.as('n'))
            .as('agents_count'),
        sql<string>`CASE WHEN c.archived THEN 'archived' WHEN c.active THEN 'active' ELSE 'inactive' END`.as('status'),
      ]),
  present: presentWorkingHours,
});

export const adminCampaignListsTable = adminTable('campaign_lists', {
  title: 'Campaign lists',
  tieBreak: sql`l.id`,
  columns: [
    { text: 'Name', value: 'name', fixed: true, sort: sql`lower(l.name)` },
    { text: 'Unique Name', value: 'unique_name', sort: sql`l.unique_name` },
    { text: 'Campaigns', value: 'campaigns' },
    {
      text: 'Actions',
      value: 'actions',
      actions: [
        postAction('campaign_lists', 'delete', 'Delete', 'delete', 'Delete this campaign list? Its campaigns stay.'),
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
});

export const adminCompaniesTable = adminTable('companies', {
  title: 'Client companies',
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
});

export const adminTrunksTable = adminTable('trunks', {
  title: 'Carrier trunks',
  tieBreak: sql`t.id`,
  columns: [
    { text: 'Name', value: 'name', fixed: true, sort: sql`lower(t.name)` },
    { text: 'Source Addresses', value: 'source_addresses' },
    { text: 'Numbers', value: 'numbers_count', total: 'sum' },
    { text: 'Outbound Address', value: 'outbound_address' },
    { text: 'Campaigns Calling Out', value: 'outbound_campaigns' },
    {
      text: 'Actions',
      value: 'actions',
      actions: [
        postAction(
          'trunks',
          'delete',
          'Delete',
          'delete',
          'Delete this trunk? Its numbers stay with their campaigns but take no calls until a trunk delivers them.',
        ),
      ],
    },
  ],
  filters: [searchFilter('Name', [sql`t.name`])],
  rows: ({ db }) =>
    db
      .selectFrom('trunks as t')
      .select([
        't.id',
        't.name',
        sql<string>`array_to_string(t.source_addresses::text[], ', ')`.as('source_addresses'),
        (eb) =>
          eb
            .selectFrom('campaign_numbers as n')
            .whereRef('n.trunk_id', '=', 't.id')
            .select(sql<number>`count(*)::int`.as('n'))
            .as('numbers_count'),
        't.outbound_address',
        (eb) =>
          eb
            .selectFrom('trunk_campaigns as tc')
            .innerJoin('campaigns as c', 'c.id', 'tc.campaign_id')
            .whereRef('tc.trunk_id', '=', 't.id')
            .select(sql<string>`string_agg(c.name, ', ' ORDER BY c.name)`.as('names'))
            .as('outbound_campaigns'),
      ]),
});

/**
 * The administration's lists: users, agent groups, campaigns, campaign lists, companies (with their portal users),
 * carrier trunks.
 */
export const ADMIN_TABLES: TableDefinition[] = [
  adminUsersTable,
  adminAgentGroupsTable,
  adminCampaignsTable,
  adminCampaignListsTable,
  adminCompaniesTable,
  adminTrunksTable,
];
