import { COLD_CALL_DEFAULT_PERIOD_HOURS, type PeriodValue, type Role } from '@shiftline/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { forbidden } from '../../plugins/errors.js';
import type { TableDefinition, TableFilterDefinition } from '../tables/index.js';
import { toColdCallRow } from './coldCallRow.js';
import { type ColdCallListRow, ON_THE_LINE } from './coldCalls.repository.js';
import type { ColdCallViewer } from './coldCalls.service.js';

/*
 * The cold-calls table on the generic table (spec §2 /get_cold_calls_table_data, §2.8, §3 row fields): the leads of
 * the viewer's outbound campaigns, every outbound campaign for the supervisory roles, who see the last 24 hours by
 * default. A row is valid when its phone is a callable number and its client is not on a call right now.
 */

/** Team lead, agent supervisor and campaign manager: every outbound campaign, and the last 24 hours by default. */
export const SUPERVISORY: readonly Role[] = ['team_lead', 'agent_supervisor', 'campaign_manager'];

type LeadViewer = { db: Kysely<Database>; viewer: ColdCallViewer };

/** The campaigns whose leads a viewer sees: every outbound one not archived, or an agent's own active ones. */
export function viewableCampaigns({ db, viewer }: LeadViewer) {
  let query = db
    .selectFrom('campaigns as c')
    .select(['c.id', 'c.name'])
    .where('c.type', '=', 'outbound')
    .where('c.archived', '=', false)
    .orderBy('c.name');
  if (!SUPERVISORY.includes(viewer.role)) {
    query = query
      .where('c.active', '=', true)
      .where('c.id', 'in', (sub) =>
        sub
          .selectFrom('campaign_agents as ca')
          .select('ca.campaign_id')
          .where('ca.user_id', '=', viewer.id)
          .where('ca.is_disabled', '=', false),
      );
  }
  return query;
}

/** A lead's last activity: its last call, or when it was listed. */
const activity = sql`coalesce(cc.last_called_at, cc.created_at)`;

const periodFilter: TableFilterDefinition = {
  name: 'period',
  text: 'Period',
  type: 'period',
  icon: 'calendar',
  // Spec §2.8: the supervisory roles see the last 24 hours by default (up to the end of this second).
  default: ({ viewer, now }): PeriodValue | null => {
    if (!SUPERVISORY.includes(viewer.role)) return null;
    const end = Math.ceil(now / 1000);
    return { start: end - COLD_CALL_DEFAULT_PERIOD_HOURS * 3600, end };
  },
  apply: (query, value) => {
    const period = value as PeriodValue;
    return query
      .where(sql<boolean>`${activity} >= ${new Date(period.start * 1000)}`)
      .where(sql<boolean>`${activity} <= ${new Date(period.end * 1000)}`);
  },
};

/** The leads a viewer sees, with their client, campaign, attached agent, last call and whether the client is busy. */
export function coldCallRows(context: LeadViewer, campaignId?: number) {
  const { db } = context;
  let rows = db
    .selectFrom('cold_calls as cc')
    .innerJoin('clients as cl', 'cl.id', 'cc.client_id')
    .innerJoin('campaigns as camp', 'camp.id', 'cc.campaign_id')
    .leftJoin('lead_lists as ll', 'll.id', 'cc.list_id')
    .leftJoin('users as u', 'u.id', 'cc.attached_agent_id')
    .leftJoin('calls as lc', 'lc.id', 'cc.last_call_id')
    .where('cc.campaign_id', 'in', viewableCampaigns(context).clearSelect().clearOrderBy().select('c.id'))
    .where((eb) => eb.or([eb('cc.list_id', 'is', null), eb('ll.enabled', '=', true)]))
    .selectAll('cc')
    .select([
      'cl.first_name',
      'cl.last_name',
      'cl.phone as client_phone',
      'camp.name as campaign_name',
      'll.name as list_name',
      'u.first_name as agent_first_name',
      'u.second_name as agent_second_name',
      'lc.status as last_call_status',
      'lc.answered_at as last_call_answered_at',
      // The page's columns computed again in SQL for the export, which reads rows without present().
      sql<string>`trim(cl.first_name || ' ' || cl.last_name)`.as('client_name'),
      sql<string | null>`trim(u.first_name || ' ' || coalesce(u.second_name, ''))`.as('attached_agent_name'),
      sql<string | null>`CASE WHEN lc.answered_at IS NOT NULL THEN 'Answered'
        WHEN lc.status IN ('ended', 'abandoned') THEN 'No answer' END`.as('last_result_text'),
      sql<boolean>`EXISTS (SELECT 1 FROM calls c WHERE c.client_id = cc.client_id
        AND c.status IN (${sql.join(ON_THE_LINE.map((state) => sql.lit(state)))}))`.as('busy'),
    ]);
  if (campaignId !== undefined) rows = rows.where('cc.campaign_id', '=', campaignId);
  return rows;
}

export const coldCallsTable: TableDefinition = {
  name: 'cold_calls',
  specUrl: '/api/get_cold_calls_table_data',
  title: 'Cold calls',
  fileName: 'cold_calls',
  action: 'cold_calls.view',
  identifier: 'id',
  defaultSort: { column: 'id', desc: false },
  tieBreak: sql`cc.id`,
  exportable: (viewer) => SUPERVISORY.includes(viewer.role),
  authorize: async (context) => {
    const { campaignId } = context.query;
    if (campaignId === undefined) return;
    const visible = await viewableCampaigns(context).where('c.id', '=', campaignId).executeTakeFirst();
    if (!visible) throw forbidden('This campaign is not yours.');
  },
  filters: [
    periodFilter,
    {
      name: 'validity',
      text: 'Phone',
      type: 'select',
      items: () => [
        { value: 'valid', text: 'Valid' },
        { value: 'invalid', text: 'Invalid' },
      ],
      apply: (query, value) => query.where('cc.phone_valid', '=', value === 'valid'),
    },
    {
      name: 'search',
      text: 'Client or phone',
      type: 'search',
      icon: 'search',
      apply: (query, value) =>
        query.where(
          sql<boolean>`position(${String(value).toLowerCase()} in lower(cl.first_name || ' ' || cl.last_name || ' ' || cc.phone)) > 0`,
        ),
    },
  ],
  columns: [
    { text: 'Lead', value: 'id', sort: sql`cc.id` },
    { text: 'Client', value: 'client_name', sort: sql`lower(cl.last_name || ' ' || cl.first_name)` },
    { text: 'Phone', value: 'phone', check_valid_phone: true, sort: sql`cc.phone` },
    {
      text: 'Campaign',
      value: 'campaign_name',
      sort: sql`camp.name`,
      filter: {
        name: 'campaigns',
        text: 'Campaigns',
        type: 'multiselect',
        multiple: true,
        items: async (context) =>
          (await viewableCampaigns(context).execute()).map((campaign) => ({ value: campaign.id, text: campaign.name })),
        apply: (query, value) => query.where('cc.campaign_id', 'in', value as number[]),
      },
    },
    {
      text: 'List',
      value: 'list_name',
      sort: sql`ll.name`,
      filter: {
        name: 'lists',
        text: 'Lists',
        type: 'multiselect',
        multiple: true,
        items: async (context) =>
          (
            await context.db
              .selectFrom('lead_lists as l')
              .innerJoin('campaigns as c', 'c.id', 'l.campaign_id')
              .select(['l.id', 'l.name', 'l.enabled', 'c.name as campaign_name'])
              .where('l.campaign_id', 'in', viewableCampaigns(context).clearSelect().clearOrderBy().select('c.id'))
              .orderBy('c.name')
              .orderBy('l.name')
              .execute()
          ).map((list) => ({
            value: list.id,
            text: `${list.campaign_name}: ${list.name}${list.enabled ? '' : ' (disabled)'}`,
          })),
        apply: (query, value) => query.where('cc.list_id', 'in', (value as unknown[]).map(Number)),
      },
    },
    { text: 'Time zone', value: 'timezone', show_tz: true, sort: sql`cc.timezone` },
    { text: 'Last call', value: 'last_called_at', formatDate: true, sort: sql`cc.last_called_at` },
    { text: 'Result', value: 'last_result_text', as_atom: true },
    { text: 'Agent', value: 'attached_agent_name' },
  ],
  rows: (context) => coldCallRows(context, context.query.campaignId),
  present: (row, { viewer, now }) => ({
    ...toColdCallRow(row as ColdCallListRow, viewer, now),
    last_result_text: row.last_result_text,
  }),
};
