import {
  type AgentStateRow,
  boardFromSnapshot,
  type CampaignType,
  compareAgentStates,
  countersOf,
  isLiveStatus,
  type LiveBoard,
  type LiveReportBody,
  type LiveSnapshot,
  liveStatus,
  SERVICE_LEVEL_SECONDS,
  statusTitle,
} from '@shiftline/shared';
import { DateTime } from 'luxon';
import type { UserRow } from '../../db/schema.js';
import { invalidField } from '../../plugins/errors.js';
import type { LiveSequence } from '../realtime/index.js';
import type { LiveAgentRow, SupervisionRepository } from './supervision.repository.js';

/** The campaigns a viewer may supervise (the organisation feature's row rules). */
export type SupervisionScope = {
  listCampaigns: (viewer: UserRow, type?: CampaignType) => Promise<{ id: number; name: string; type: CampaignType }[]>;
};

const seconds = (from: Date | null, to: number) => (from ? Math.max(0, Math.round((to - from.getTime()) / 1000)) : 0);

/** The campaign status report's columns (spec §2.3: the headers come from the server). */
const CAMPAIGN_STATUS_HEADERS = [
  { text: 'Campaign', value: 'campaign_name' },
  { text: 'Agents On Call', value: 'agents_on_call' },
  { text: 'Agents Not Ready', value: 'agents_not_ready' },
  { text: 'Agents Logged In', value: 'agents_logged_in' },
  { text: 'Calls In Queue', value: 'calls_in_queue' },
  { text: 'Queue Callbacks', value: 'queues_callbacks' },
  { text: 'Current Longest', value: 'current_longest' },
  { text: 'Longest Queue Time Today', value: 'longest_queue_time_today' },
];

export function createSupervisionService(deps: {
  supervision: SupervisionRepository;
  scope: SupervisionScope;
  sequence: LiveSequence;
  now: () => number;
}) {
  const { supervision, scope, sequence, now } = deps;

  /** The campaigns asked for, narrowed to those the viewer sees; none asked for: all of them. */
  async function campaignsOf(viewer: UserRow, body: LiveReportBody) {
    const visible = await scope.listCampaigns(viewer);
    const wanted = new Set(body.campaigns ?? []);
    const campaigns = wanted.size === 0 ? visible : visible.filter((campaign) => wanted.has(campaign.id));
    return { visible, campaigns, ids: campaigns.map((campaign) => campaign.id) };
  }

  const filtersOf = (visible: { id: number; name: string }[]) => [
    { name: 'campaigns', label: 'Campaigns', items: visible.map((c) => ({ value: c.id, text: c.name })) },
    {
      name: 'call_type',
      label: 'Call Type',
      items: [
        { value: 'inbound', text: 'Inbound' },
        { value: 'outbound', text: 'Outbound' },
      ],
    },
  ];

  function agentRow(row: LiveAgentRow): AgentStateRow {
    const status = row.state !== null && isLiveStatus(row.state) ? row.state : 'logged_out';
    const since = (row.start_at ?? row.last_end ?? new Date(0)).toISOString();
    return {
      id: row.id,
      source: row.source,
      name: `${row.first_name} ${row.second_name}`,
      agent_group: row.agent_group,
      status,
      title: statusTitle(status),
      bgc: liveStatus(status).bgc,
      status_started_at: since,
      state_since: (row.group_since ?? row.start_at ?? row.last_end ?? new Date(0)).toISOString(),
      old_status: row.old_status,
      campaign: row.campaign,
      campaign_id: row.campaign_id,
      customer: row.customer,
      customer_phone: row.customer_phone,
      cold_call_id: row.cold_call_id,
      call_type: row.call_type,
      agent_call_type: row.agent_call_type,
      agent_campaigns: row.campaigns,
    };
  }

  /** The board a live screen starts from: agents and waiting calls, with the stamp read before them. */
  async function snapshotOf(ids: readonly number[], body: LiveReportBody): Promise<LiveSnapshot> {
    // The stamp is read first: an event numbered after it may or may not be in the rows, and applying it is safe.
    const stamp = await sequence.current(ids);
    const [agents, waiting] = await Promise.all([supervision.liveAgents(ids), supervision.waitingCalls(ids)]);
    return {
      stamp,
      agents: agents
        .filter((row) => !body.call_type || row.agent_call_type === body.call_type)
        .map((row) => {
          const agent = agentRow(row);
          return { user_id: agent.id, status: agent.status, since: agent.status_started_at, campaigns: row.campaigns };
        }),
      waiting: waiting.map((call) => ({
        call_id: Number(call.id),
        campaign_id: call.campaign_id,
        queued_at: call.queued_at.toISOString(),
        callback: call.callback_requested,
      })),
    };
  }

  /** Today in the zone asked for (the viewer's own by default), as [start, end). */
  function today(viewer: UserRow, body: LiveReportBody): [Date, Date] {
    const day = DateTime.fromMillis(now(), { zone: body.timezone ?? viewer.timezone }).startOf('day');
    return [day.toJSDate(), day.plus({ days: 1 }).toJSDate()];
  }

  /** How long the campaign's longest-waiting caller has waited, from a board. */
  const currentWait = (board: LiveBoard, campaignId: number) => {
    const oldest = countersOf(board, campaignId).oldest_waiting_since;
    return oldest === null ? 0 : seconds(new Date(oldest), now());
  };

  return {
    /** POST /api/dashboards/agent_state_report: every agent of the campaigns, by status group, with the stamp. */
    async agentStateReport(viewer: UserRow, body: LiveReportBody) {
      const { visible, ids } = await campaignsOf(viewer, body);
      // The stamp is read first: an event numbered after it may or may not be in the rows, and applying it is safe.
      const stamp = await sequence.current(ids);
      const rows = (await supervision.liveAgents(ids)).map(agentRow);
      const items = rows
        .filter((row) => !body.call_type || row.agent_call_type === body.call_type)
        .sort(compareAgentStates);
      return { items, additionals_filters: filtersOf(visible), stamp };
    },

    /** POST /api/dashboards/campaign_status_report: the counters per campaign and the snapshot boards follow. */
    async campaignStatusReport(viewer: UserRow, body: LiveReportBody) {
      const { visible, campaigns, ids } = await campaignsOf(viewer, body);
      const snapshot = await snapshotOf(ids, body);
      const longestToday = await supervision.longestQueued(ids, ...today(viewer, body));
      const board = boardFromSnapshot(snapshot);
      const items = campaigns.map((campaign) => {
        const counters = countersOf(board, campaign.id);
        const current = currentWait(board, campaign.id);
        return {
          campaign_id: campaign.id,
          campaign_name: campaign.name,
          agents_on_call: counters.agents_on_call,
          agents_not_ready: counters.agents_not_ready,
          agents_logged_in: counters.agents_logged_in,
          calls_in_queue: counters.calls_in_queue,
          queues_callbacks: counters.queues_callbacks,
          current_longest: current,
          longest_queue_time_today: Math.max(current, longestToday.get(campaign.id) ?? 0),
        };
      });
      return { headers: CAMPAIGN_STATUS_HEADERS, items, additionals_filters: filtersOf(visible), snapshot };
    },

    /**
     * POST /api/dashboards/wallboard: today's answered and abandoned calls and service level per campaign (today in
     * the zone asked for), the longest wait today, and the board the wall follows live.
     */
    async wallboard(viewer: UserRow, body: LiveReportBody) {
      const { campaigns, ids } = await campaignsOf(viewer, body);
      const snapshot = await snapshotOf(ids, body);
      const day = today(viewer, body);
      const [figures, longestToday] = await Promise.all([
        supervision.answeredAndAbandoned(ids, ...day, SERVICE_LEVEL_SECONDS),
        supervision.longestQueued(ids, ...day),
      ]);
      const board = boardFromSnapshot(snapshot);
      const items = campaigns.map((campaign) => {
        const today = figures.get(campaign.id) ?? { answered: 0, answeredWithin: 0, abandoned: 0 };
        const offered = today.answered + today.abandoned;
        return {
          campaign_id: campaign.id,
          campaign_name: campaign.name,
          answered_today: today.answered,
          abandoned_today: today.abandoned,
          service_level_today: offered === 0 ? null : Math.round((today.answeredWithin / offered) * 1000) / 10,
          longest_queue_time_today: Math.max(currentWait(board, campaign.id), longestToday.get(campaign.id) ?? 0),
        };
      });
      return { items, service_level_seconds: SERVICE_LEVEL_SECONDS, snapshot };
    },

    /** POST /api/dashboards/campaign_current_longest_queue_time: how long the campaign's longest waiting caller has waited. */
    async currentLongest(viewer: UserRow, campaignId: number) {
      const { ids } = await campaignsOf(viewer, { campaigns: [campaignId] });
      if (ids.length === 0) throw invalidField('campaign_id', 'is not a campaign you can see');
      const waiting = await supervision.waitingCalls(ids);
      const oldest = Math.min(...waiting.map((call) => call.queued_at.getTime()));
      return { current_longest: waiting.length === 0 ? 0 : seconds(new Date(oldest), now()) };
    },

    /** POST /api/dashboards/campaign_longest_queue_time_today: today's longest wait, today in the viewer's offset. */
    async longestToday(viewer: UserRow, body: { campaign_name: string; dateOffset: number }) {
      const campaign = await supervision.campaignByName(body.campaign_name);
      const { ids } = campaign ? await campaignsOf(viewer, { campaigns: [campaign.id] }) : { ids: [] };
      if (!campaign || ids.length === 0) throw invalidField('campaign_name', 'is not a campaign you can see');
      const offsetMs = body.dateOffset * 3_600_000;
      const at = now();
      const dayStart = new Date(Math.floor((at + offsetMs) / 86_400_000) * 86_400_000 - offsetMs);
      const longest = await supervision.longestQueued(ids, dayStart, new Date(dayStart.getTime() + 86_400_000));
      const waiting = await supervision.waitingCalls(ids);
      const current = Math.max(0, ...waiting.map((call) => seconds(call.queued_at, at)));
      return { longest_today: Math.max(current, longest.get(campaign.id) ?? 0) };
    },
  };
}

export type SupervisionService = ReturnType<typeof createSupervisionService>;
