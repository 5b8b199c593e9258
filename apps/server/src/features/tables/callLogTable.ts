import { can, hearsRecording, opensCallPage, type PeriodValue, toE164 } from '@shiftline/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { foldRollupBacklog } from '../../rollups/index.js';
import { campaignScopeFor, createCampaignsRepository } from '../campaigns/index.js';
import { agentItems, periodFilter } from './commonFilters.js';
import type { RowQuery, TableContext, TableDefinition, TableSummary } from './tableDefinition.js';

/*
 * The call log: every ended call with its outcome, queue and talk time, disposition, agent and client, newest first;
 * a row opens the call's page. Agents see their own calls, the client portal its company's campaigns, staff all.
 * Over a year of a 500-seat centre (10M calls) a page stays fast because it sorts only on indexed columns (the call's
 * time, its id) and counts from the hourly rollups whenever the filters are ones the rollups keep.
 */

const OUTCOMES = [
  { value: 'answered', text: 'Answered' },
  { value: 'abandoned', text: 'Abandoned' },
  { value: 'missed', text: 'Missed' },
  { value: 'unanswered', text: 'Not answered' },
  { value: 'blocked', text: 'Blocked' },
  { value: 'closed', text: 'Outside working hours' },
] as const;

/**
 * A call refused before it queued (status 'blocked') says why: a blacklisted or do-not-call caller, or a campaign
 * outside its working hours.
 */
const outcomeOf = sql<string>`CASE WHEN c.status = 'blocked' THEN CASE c.block_reason WHEN 'dnc' THEN 'Blocked (do not call)' WHEN 'closed' THEN 'Outside working hours' ELSE 'Blocked (blacklist)' END WHEN c.abandoned THEN 'Abandoned' WHEN c.answered_at IS NOT NULL THEN 'Answered' WHEN c.missed THEN 'Missed' ELSE 'Not answered' END`;

const OUTCOME_WHERE = {
  answered: sql<boolean>`c.answered_at IS NOT NULL`,
  abandoned: sql<boolean>`c.abandoned`,
  missed: sql<boolean>`c.missed AND c.answered_at IS NULL AND NOT c.abandoned`,
  unanswered: sql<boolean>`c.answered_at IS NULL AND NOT c.abandoned AND NOT c.missed AND c.status IS DISTINCT FROM 'blocked'`,
  blocked: sql<boolean>`c.status = 'blocked' AND c.block_reason <> 'closed'`,
  closed: sql<boolean>`c.status = 'blocked' AND c.block_reason = 'closed'`,
} as const;

async function campaignItems(context: TableContext) {
  const campaigns = await createCampaignsRepository(context.db).listCampaigns(campaignScopeFor(context.viewer));
  return campaigns.map((campaign) => ({ value: campaign.id, text: campaign.name }));
}

function callRows({ db, viewer }: TableContext): RowQuery {
  let query = db
    .selectFrom('calls as c')
    .innerJoin('campaigns as camp', 'camp.id', 'c.campaign_id')
    .leftJoin('clients as cl', 'cl.id', 'c.client_id')
    .leftJoin('users as u', 'u.id', 'c.agent_id')
    .leftJoin('dispositions as d', 'd.id', 'c.disposition_id')
    .where('c.ended_at', 'is not', null)
    .select([
      sql<string>`c.id::text`.as('id'),
      'c.queued_at',
      sql<string>`initcap(c.direction)`.as('direction'),
      'c.campaign_id',
      'camp.name as campaign_name',
      'c.client_id',
      sql<string>`trim(coalesce(cl.first_name, '') || ' ' || coalesce(cl.last_name, ''))`.as('client_name'),
      'cl.phone as client_phone',
      'c.agent_id',
      sql<string | null>`u.first_name || ' ' || u.second_name`.as('agent_name'),
      outcomeOf.as('outcome'),
      'c.queue_seconds',
      'c.talk_seconds',
      'c.hold_seconds',
      'd.title as disposition',
      'c.agent_disconnected',
      'c.callback_requested',
      // The length of the call's playable recordings (one per agent leg), null when it has none.
      sql<
        number | null
      >`(SELECT sum(r.duration_ms) / 1000.0 FROM call_recordings r WHERE r.call_id = c.id AND r.status = 'ready')`.as(
        'recording_seconds',
      ),
      'camp.agents_hear_own_recordings',
    ]);
  if (viewer.role === 'agent') query = query.where('c.agent_id', '=', viewer.id);
  if (viewer.role === 'company_supervisor') query = query.where('camp.company_id', '=', viewer.company_id ?? -1);
  return query;
}

/** The hourly rollups' grid the period sits on (0: whole hours, 30: half hours, St. John's), or null when off it. */
function gridOf(period: PeriodValue): 0 | 30 | null {
  const edges = [period.start, period.end + 1];
  if (edges.every((edge) => edge % 3600 === 0)) return 0;
  if (edges.every((edge) => edge % 3600 === 1800)) return 30;
  return null;
}

/**
 * The count and totals from the rollups: exact when only the period (on the rollups' grid), campaigns and agents
 * filter, as the rollups count every ended call on its queue hour and sum its queue and talk seconds (an unanswered
 * call talks 0 s). Any other filter is counted on the calls themselves.
 */
async function summaryFromRollups(
  filters: Record<string, unknown>,
  context: TableContext,
): Promise<TableSummary | null> {
  const { period, campaigns, agents, ...others } = filters as {
    period: PeriodValue | null;
    campaigns: number[];
    agents: number[];
  };
  if (Object.values(others).some((value) => value !== null && !(Array.isArray(value) && value.length === 0))) {
    return null;
  }
  const grid = period ? gridOf(period) : 0;
  if (grid === null) return null;
  const { db, viewer } = context;
  const agentIds = viewer.role === 'agent' ? [viewer.id] : agents;
  await foldRollupBacklog(db);
  const rollup = agentIds.length > 0 ? 'agent_call_rollups' : 'campaign_call_rollups';
  let query = (db as Kysely<Database>)
    .selectFrom(`${rollup} as r` as 'campaign_call_rollups as r')
    .select([
      sql<string>`coalesce(sum(r.all_calls), 0)`.as('calls'),
      sql<string>`coalesce(sum(r.queue_seconds), 0)`.as('queue_seconds'),
      sql<string>`coalesce(sum(r.talk_seconds), 0)`.as('talk_seconds'),
    ])
    .where('r.alignment', '=', grid);
  if (period) {
    query = query
      .where('r.bucket_start', '>=', new Date(period.start * 1000))
      .where('r.bucket_start', '<', new Date((period.end + 1) * 1000));
  }
  if (campaigns.length > 0) query = query.where('r.campaign_id', 'in', campaigns);
  if (agentIds.length > 0) query = query.where(sql.ref('r.agent_id'), 'in', agentIds);
  if (viewer.role === 'company_supervisor') {
    query = query.where('r.campaign_id', 'in', (sub) =>
      sub
        .selectFrom('campaigns')
        .select('id')
        .where('company_id', '=', viewer.company_id ?? -1),
    );
  }
  const row = await query.executeTakeFirstOrThrow();
  // The log lists blocked calls too (no agent's, queue and talk 0 s); the rollups leave them out.
  const calls = Number(row.calls) + (agentIds.length > 0 ? 0 : await blockedCount(period, campaigns, context));
  return {
    count: calls,
    totals: {
      queue_seconds: calls === 0 ? null : Number(row.queue_seconds) / calls,
      talk_seconds: Number(row.talk_seconds),
    },
  };
}

/** The blocked calls of the period and campaigns the viewer sees (read through calls_blocked_idx). */
async function blockedCount(period: PeriodValue | null, campaigns: number[], { db, viewer }: TableContext) {
  let query = db.selectFrom('calls as c').select(sql<string>`count(*)`.as('n')).where('c.status', '=', 'blocked');
  if (period) {
    query = query
      .where('c.queued_at', '>=', new Date(period.start * 1000))
      .where('c.queued_at', '<', new Date((period.end + 1) * 1000));
  }
  if (campaigns.length > 0) query = query.where('c.campaign_id', 'in', campaigns);
  if (viewer.role === 'company_supervisor') {
    query = query.where('c.campaign_id', 'in', (sub) =>
      sub
        .selectFrom('campaigns')
        .select('campaigns.id')
        .where('campaigns.company_id', '=', viewer.company_id ?? -1),
    );
  }
  return Number((await query.executeTakeFirstOrThrow()).n);
}

export const callLogTable: TableDefinition = {
  name: 'call_log',
  title: 'Call log',
  fileName: 'call_log',
  action: 'tables.call_log',
  identifier: 'id',
  defaultSort: { column: 'queued_at', desc: true },
  tieBreak: sql`c.id`,
  clickableRow: true,
  exportNeedsPeriod: 'period',
  filters: [
    periodFilter({ column: sql`c.queued_at`, defaultDays: 7 }),
    {
      name: 'client_phone',
      text: 'Client phone',
      type: 'search',
      icon: 'phone',
      apply: (query, value) => {
        const written = String(value);
        const phones = [...new Set([written, toE164(written) ?? written])];
        return query.where(sql<boolean>`c.client_id IN (SELECT id FROM clients WHERE phone IN (${sql.join(phones)}))`);
      },
    },
  ],
  columns: [
    { text: 'Date', value: 'queued_at', formatDate: true, sort: sql`c.queued_at`, fixed: true },
    { text: 'Call ID', value: 'id', sort: sql`c.id` },
    {
      text: 'Direction',
      value: 'direction',
      as_atom: true,
      filter: {
        name: 'direction',
        text: 'Direction',
        type: 'select',
        items: () => [
          { value: 'inbound', text: 'Inbound' },
          { value: 'outbound', text: 'Outbound' },
        ],
        apply: (query, value) => query.where('c.direction', '=', value as 'inbound' | 'outbound'),
      },
    },
    {
      text: 'Campaign',
      value: 'campaign_name',
      filter: {
        name: 'campaigns',
        text: 'Campaigns',
        type: 'multiselect',
        multiple: true,
        items: campaignItems,
        apply: (query, value) => query.where('c.campaign_id', 'in', value as number[]),
      },
    },
    { text: 'Client', value: 'client_name', group: 'Client' },
    { text: 'Phone', value: 'client_phone', group: 'Client' },
    {
      text: 'Agent',
      value: 'agent_name',
      filter: {
        name: 'agents',
        text: 'Agents',
        type: 'multiselect',
        multiple: true,
        items: agentItems,
        apply: (query, value) => query.where('c.agent_id', 'in', value as number[]),
      },
    },
    {
      text: 'Outcome',
      value: 'outcome',
      as_atom: true,
      filter: {
        name: 'outcome',
        text: 'Outcome',
        type: 'select',
        items: () => [...OUTCOMES],
        apply: (query, value) => query.where(OUTCOME_WHERE[value as keyof typeof OUTCOME_WHERE]),
      },
    },
    { text: 'Queue time', value: 'queue_seconds', formatSecInTime: true, total: 'awg', group: 'Time' },
    { text: 'Talk time', value: 'talk_seconds', formatSecInTime: true, total: 'sum', group: 'Time' },
    { text: 'Hold time', value: 'hold_seconds', formatSecInTime: true, group: 'Time' },
    {
      text: 'Disposition',
      value: 'disposition',
      filter: {
        name: 'dispositions',
        text: 'Dispositions',
        type: 'multiselect',
        multiple: true,
        items: async ({ db }) =>
          (await db.selectFrom('dispositions').select(['id', 'title']).orderBy('title').execute()).map((row) => ({
            value: row.id,
            text: row.title,
          })),
        apply: (query, value) => query.where('c.disposition_id', 'in', value as number[]),
      },
    },
    {
      text: 'Recording',
      value: 'recording_seconds',
      formatSecInTime: true,
      opens_recordings: true,
      visible: (viewer) => can(viewer.role, 'calls.recordings'),
    },
  ],
  rows: callRows,
  present: ({ agents_hear_own_recordings: agentsHearOwn, ...row }, { viewer }) => ({
    ...row,
    url: opensCallPage(viewer, row.agent_id as number | null) ? `/inquiries/call/${row.id}` : null,
    // The agent's own call's recording only where the campaign lets agents hear theirs (hearsRecording).
    recording_seconds:
      row.recording_seconds !== null &&
      hearsRecording(viewer, { agent_id: row.agent_id as number | null, agents_hear_own: agentsHearOwn === true })
        ? Number(row.recording_seconds)
        : null,
  }),
  summary: summaryFromRollups,
};
