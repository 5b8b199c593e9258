import { CALL_TAKING_ROLES, can } from '@shiftline/shared';
import { sql } from 'kysely';
import type { TableContext, TableDefinition } from '../tableDefinition.js';
import { agentGroupItems, idsOf } from './workTimeScope.js';

/*
 * The agents table (issue 16 part 5): the call-taking users, never the seven system accounts; archived ones only when
 * the Show filter asks. Row actions post the row's email (the spec's enable/disable call names the user by email).
 */

export const AGENTS = 'agents';
export const AGENT_ACTION_URLS = {
  enable: '/api/agents/enable_user',
  disable: '/api/agents/disable_user',
  archive: '/api/agents/archive_user',
  resetPassword: '/api/agents/reset_password',
} as const;

const fullName = sql<string>`lower(u.first_name || ' ' || u.second_name)`;

/** active, disabled or archived: the row's status chip. */
const status = sql<string>`CASE WHEN u.archived THEN 'archived' WHEN u.disabled THEN 'disabled' ELSE 'active' END`;

const SHOW_ITEMS = [
  { value: 'current', text: 'Current agents' },
  { value: 'archived', text: 'Archived agents' },
];

/** LIKE pattern of a search text: its %, _ and \ taken literally. */
const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export const agentsTable: TableDefinition = {
  name: AGENTS,
  title: 'Agents table',
  fileName: 'agents',
  action: 'tables.agents',
  identifier: 'email',
  defaultSort: { column: 'name', desc: false },
  tieBreak: sql`u.id`,
  columns: [
    { text: 'Name', value: 'name', fixed: true, sort: fullName },
    { text: 'Group', value: 'agent_group', sort: sql`g.name` },
    { text: 'Email', value: 'email', sort: sql`u.email` },
    { text: 'Extension', value: 'extension', sort: sql`u.extension` },
    { text: 'Time Zone', value: 'timezone', sort: sql`u.timezone` },
    { text: 'Campaigns', value: 'campaigns_count', total: 'sum' },
    { text: 'Status', value: 'status', as_atom: true, sort: status },
    {
      text: 'Actions',
      value: 'actions',
      visible: (viewer) => can(viewer.role, 'agents.manage'),
      actions: [
        {
          name: 'enable',
          text: 'Enable',
          icon: 'check',
          kind: 'post',
          url: AGENT_ACTION_URLS.enable,
          when: 'can_enable',
        },
        {
          name: 'disable',
          text: 'Disable',
          icon: 'block',
          kind: 'post',
          url: AGENT_ACTION_URLS.disable,
          when: 'can_disable',
          confirm: 'Disable this agent? They are signed out and cannot sign in until enabled.',
        },
        {
          name: 'archive',
          text: 'Archive',
          icon: 'archive',
          kind: 'post',
          url: AGENT_ACTION_URLS.archive,
          when: 'can_change',
          confirm: 'Archive this agent? They leave every list and are signed out.',
        },
        {
          name: 'reset_password',
          text: 'Reset password',
          icon: 'key',
          kind: 'post',
          url: AGENT_ACTION_URLS.resetPassword,
          when: 'can_change',
          confirm: 'Reset the password? The agent gets a temporary one and must change it at the next sign-in.',
        },
      ],
    },
  ],
  filters: [
    {
      name: 'show',
      text: 'Show',
      type: 'select',
      items: () => SHOW_ITEMS,
      default: () => 'current',
      apply: (query, value) => query.where('u.archived', '=', value === 'archived'),
    },
    {
      name: 'groups',
      text: 'Groups',
      type: 'multiselect',
      multiple: true,
      items: agentGroupItems,
      apply: (query, value) => query.where('u.agent_group_id', 'in', idsOf(value)),
    },
    {
      name: 'search',
      text: 'Search',
      type: 'search',
      icon: 'search',
      apply: (query, value) =>
        query.where((eb) =>
          eb.or([
            eb(fullName, 'like', containing(String(value))),
            eb(sql`lower(u.email)`, 'like', containing(String(value))),
          ]),
        ),
    },
  ],
  rows: ({ db }: TableContext) =>
    db
      .selectFrom('users as u')
      .leftJoin('agent_groups as g', 'g.id', 'u.agent_group_id')
      .where('u.is_system', '=', false)
      .where('u.role', 'in', CALL_TAKING_ROLES)
      .select([
        'u.id',
        sql<string>`u.first_name || ' ' || u.second_name`.as('name'),
        'g.name as agent_group',
        'u.email',
        'u.extension',
        'u.timezone',
        (eb) =>
          eb
            .selectFrom('campaign_agents as ca')
            .innerJoin('campaigns as c', 'c.id', 'ca.campaign_id')
            .whereRef('ca.user_id', '=', 'u.id')
            .where('ca.is_disabled', '=', false)
            .where('c.archived', '=', false)
            .select(sql<number>`count(*)::int`.as('count'))
            .as('campaigns_count'),
        status.as('status'),
        sql<boolean>`u.disabled AND NOT u.archived`.as('can_enable'),
        sql<boolean>`NOT u.disabled AND NOT u.archived AND NOT u.is_protected`.as('can_disable'),
        sql<boolean>`NOT u.archived AND NOT u.is_protected`.as('can_change'),
      ]),
};
