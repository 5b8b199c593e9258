import { can, type EditRowForm, PRODUCTIVITY_GROUPS } from '@shiftline/shared';
import { sql } from 'kysely';
import { invalidField, notFound } from '../../../plugins/errors.js';
import { periodFilter } from '../commonFilters.js';
import type { EditFormDefinition, TableContext, TableDefinition } from '../tableDefinition.js';
import { findLoginSession, groupColumn, loginSessions } from './loginSessions.js';
import { agentGroupItems, agentOfEdit, idsOf, ownRowsOnly, workTimeAgentItems } from './workTimeScope.js';

/* Login report (issue 16 part 5): one row per agent session with its time per productivity group. */

export const LOGIN_REPORT = 'login_report';
export const SAVE_LOGIN_REPORT_URL = '/api/save_login_report_data';

export const loginReportTable: TableDefinition = {
  name: LOGIN_REPORT,
  title: 'Login report',
  fileName: 'login_report',
  action: 'tables.login_report',
  identifier: 'id',
  exportNeedsPeriod: 'period',
  defaultSort: { column: 'start_time', desc: true },
  tieBreak: sql`ls.id`,
  columns: [
    { text: 'Agent', value: 'agent', fixed: true, sort: sql`lower(ls.agent)` },
    { text: 'Group', value: 'agent_group', sort: sql`ls.agent_group` },
    { text: 'Start Time', value: 'start_time', formatDate: true, sort: sql`ls.start_time` },
    { text: 'End Time', value: 'end_time', formatDate: true, sort: sql`ls.end_time` },
    { text: 'Session', value: 'session_seconds', formatSecInTime: true, total: 'sum', sort: sql`ls.session_seconds` },
    ...PRODUCTIVITY_GROUPS.map((group) => ({
      text: group,
      value: groupColumn(group),
      group: 'Status time',
      formatSecInTime: true,
      total: 'sum' as const,
    })),
    {
      text: 'Actions',
      value: 'actions',
      actions: [{ name: 'edit', text: 'Edit', icon: 'edit', kind: 'form' }],
      visible: (viewer) => can(viewer.role, 'tables.edit_work_time'),
    },
  ],
  filters: [
    // On the anchor (the session start, see loginSessions.ts), which the logged-out rows index.
    periodFilter({ column: sql`ls.anchor_at`, defaultDays: 7 }),
    {
      name: 'agents',
      text: 'Agents',
      type: 'multiselect',
      multiple: true,
      items: workTimeAgentItems,
      apply: (query, value) => query.where(sql`ls.user_id`, 'in', idsOf(value)),
    },
    {
      name: 'groups',
      text: 'Groups',
      type: 'multiselect',
      multiple: true,
      items: agentGroupItems,
      apply: (query, value) => query.where(sql`ls.agent_group_id`, 'in', idsOf(value)),
    },
  ],
  rows: ({ db, viewer, now }: TableContext) => {
    const own = ownRowsOnly(viewer);
    return db
      .selectFrom(loginSessions(now).as('ls'))
      .$if(own !== null, (query) => query.where(sql`ls.user_id`, '=', own))
      .select([
        sql<string>`ls.id`.as('id'),
        sql<number>`ls.user_id`.as('user_id'),
        sql<string>`ls.agent`.as('agent'),
        sql<string>`ls.agent_group`.as('agent_group'),
        sql<Date>`ls.start_time`.as('start_time'),
        sql<Date | null>`ls.end_time`.as('end_time'),
        sql<number>`ls.session_seconds`.as('session_seconds'),
        ...PRODUCTIVITY_GROUPS.map((group) =>
          sql<number>`${sql.ref(`ls.${groupColumn(group)}`)}`.as(groupColumn(group)),
        ),
      ]);
  },
};

/** The session id of an edit: a positive int. */
export function parseSessionId(text: string, field: string): number {
  const id = /^\d{1,10}$/.test(text) ? Number(text) : 0;
  if (id < 1 || id > 2_147_483_647) throw invalidField(field, 'must be a session id');
  return id;
}

export const loginReportForm: EditFormDefinition = {
  tableName: LOGIN_REPORT,
  action: 'tables.edit_work_time',
  load: async (query, context): Promise<EditRowForm> => {
    const id = parseSessionId(query.identifier_value, 'identifier_value');
    const session = await findLoginSession(context.db, id, context.now);
    if (!session) throw notFound('No such session.');
    await agentOfEdit(context.db, context.viewer, session.user_id);
    return {
      form: 'login_report',
      title: 'Edit Login Time',
      fields: [
        { name: 'agent', label: 'Agent', type: 'text', readonly: true },
        { name: 'start_time', label: 'Start Time', type: 'datetime', readonly: false },
        // A session still open ends when the agent signs out: only its start can be corrected.
        { name: 'end_time', label: 'End Time', type: 'datetime', readonly: session.end_time === null },
      ],
      rows: [
        {
          id: Number(session.id),
          user_id: session.user_id,
          agent: session.agent,
          start_time: session.start_time.toISOString(),
          end_time: session.end_time?.toISOString() ?? null,
        },
      ],
      rule: null,
      save_url: SAVE_LOGIN_REPORT_URL,
    };
  },
};
