import {
  type AgentRecord,
  addCallSums,
  type BucketRange,
  bucketRange,
  CAMPAIGN_TYPES,
  type CallMetrics,
  type CallSums,
  type CampaignsReportRow,
  type CampaignType,
  callAggregateOf,
  can,
  computeCallMetrics,
  type DashboardRecords,
  DISPOSITION_BUCKETS,
  type Disposition,
  dashboardZone,
  daysOfRange,
  dispositionBucketLabel,
  emptyCallSums,
  type LastMonthData,
  lastDaysRange,
  lastMonthDailyAverage,
  localDateInZone,
  minutesRoundedUp,
  type ParsedDashboardQuery,
  type SalesLeadsRow,
} from '@shiftline/shared';
import type { UserRow } from '../../db/schema.js';
import { seesEveryCampaign } from '../campaigns/index.js';
import { dispositionCounts, durationBucketCounts, queueBucketCounts } from './callAggregates.js';
import type { CallRollupFilter, DashboardsRepository } from './dashboards.repository.js';

/** What the dashboards need from the organisation feature: the campaigns and agents a viewer may see. */
export type DashboardScope = {
  listCampaigns: (
    viewer: UserRow,
    type?: CampaignType,
    options?: { includeRetired?: boolean },
  ) => Promise<{ id: number; name: string; archived: boolean; active: boolean }[]>;
  listAgents: (
    viewer: UserRow,
    filter: { campaign?: number; group?: number },
  ) => Promise<{ id: number; firstName: string; secondName: string; agent_group: string | null }[]>;
};

const LAST_MONTH_GRAPH_DAYS = 30;

export function createDashboardsService(deps: {
  dashboards: DashboardsRepository;
  scope: DashboardScope;
  now: () => number;
}) {
  const { dashboards, scope, now } = deps;

  /**
   * The campaigns a request counts: those asked for, narrowed to the ones the viewer may see (a client-portal
   * user only ever gets their company's, an agent their own); none asked for means all of them, archived and
   * inactive ones included, so archiving a campaign never rewrites past totals.
   */
  async function countedCampaigns(viewer: UserRow, type: CampaignType, requested: readonly number[]) {
    const visible = await scope.listCampaigns(viewer, type, { includeRetired: true });
    if (requested.length === 0) return visible;
    const wanted = new Set(requested);
    return visible.filter((campaign) => wanted.has(campaign.id));
  }

  /** Stats sources are an inbound filter and not offered to the client portal (spec §2.1, §6). */
  const statsSourceFilter = (viewer: UserRow, query: ParsedDashboardQuery) =>
    query.campaignType === 'inbound' && viewer.role !== 'company_supervisor' ? query.statsSources : [];

  /** What a request counts, after the viewer's row rules: its campaigns and the rollup filter over `range`. */
  async function rollupFilter(viewer: UserRow, query: ParsedDashboardQuery, range: BucketRange) {
    const campaigns = await countedCampaigns(viewer, query.campaignType, query.campaigns);
    const filter: CallRollupFilter = {
      range,
      campaignIds: campaigns.map((campaign) => campaign.id),
      statsSourceIds: statsSourceFilter(viewer, query),
      agentIds: agentFilter(viewer, query),
      // Nothing chosen by a viewer who sees every campaign: all campaigns of the type, read from the per-type rollup.
      wholeType: query.campaigns.length === 0 && seesEveryCampaign(viewer) ? query.campaignType : undefined,
    };
    return { campaigns, filter };
  }

  /** Sums per local day and hour of the campaigns the viewer may see, narrowed as the query asks. */
  async function sumsFor(viewer: UserRow, query: ParsedDashboardQuery, range: BucketRange) {
    const { campaigns, filter } = await rollupFilter(viewer, query, range);
    return { campaigns, ...(await dashboards.callSumsByDayAndHour(filter)) };
  }

  /** The query's zone and its hour buckets. */
  const rangeOf = (query: ParsedDashboardQuery) => {
    const zone = dashboardZone(query.timezone, query.dateOffset);
    return { zone, range: bucketRange(query.start, query.end, zone) };
  };

  /** An agent may narrow the numbers to their own calls, never to a colleague's. */
  const agentFilter = (viewer: UserRow, query: ParsedDashboardQuery) =>
    viewer.role === 'agent' ? query.agents.filter((id) => id === viewer.id) : query.agents;

  /** The metrics a viewer may read: the billed amount is money, for administrators only. */
  const visibleMetrics = (
    viewer: UserRow,
    metrics: CallMetrics,
  ): CallMetrics | Omit<CallMetrics, 'billedAmountCents'> => {
    if (can(viewer.role, 'dashboards.money')) return metrics;
    const { billedAmountCents: _money, ...rest } = metrics;
    return rest;
  };

  const sumAll = (rows: Iterable<CallSums>) => {
    const total = emptyCallSums();
    for (const row of rows) addCallSums(total, row);
    return total;
  };

  return {
    /** records-for-campaigns (inbound) and cold-calls-for-campaigns (outbound). */
    async records(viewer: UserRow, query: ParsedDashboardQuery): Promise<DashboardRecords> {
      const { zone, range } = rangeOf(query);
      const { campaigns, days, hours } = await sumsFor(viewer, query, range);

      const todayDate = localDateInZone(now(), zone);
      const today = lastDaysRange(now(), zone, 1);
      const todayInRange = today.fromMs >= range.fromMs && today.toMs <= range.toMs;
      const todaySums =
        (todayInRange ? days.get(todayDate) : (await sumsFor(viewer, query, today)).days.get(todayDate)) ??
        emptyCallSums();
      const callsToday = todaySums.all_calls;
      const totals = sumAll(days.values());

      const dispositionTotals = dispositionCounts(totals);
      const clientPortal = viewer.role === 'company_supervisor';
      const callbacksEnabled =
        viewer.role === 'company_supervisor' && viewer.company_id !== null
          ? await dashboards.companyCallbacksEnabled(viewer.company_id)
          : true;
      return {
        timezone: zone,
        campaignType: query.campaignType,
        campaigns: campaigns.map((campaign) => campaign.id),
        totals: visibleMetrics(viewer, computeCallMetrics(callAggregateOf(totals, callsToday))),
        today: visibleMetrics(viewer, computeCallMetrics(callAggregateOf(todaySums, callsToday))),
        daily: daysOfRange(range).map((date) => {
          const sums = days.get(date) ?? emptyCallSums();
          const metrics = visibleMetrics(viewer, computeCallMetrics(callAggregateOf(sums)));
          return { date, metrics, dispositions: clientPortal ? {} : dispositionCounts(sums) };
        }),
        hourly: Array.from({ length: 24 }, (_, hour) => {
          const sums = hours[hour] ?? emptyCallSums();
          const metrics = visibleMetrics(viewer, computeCallMetrics(callAggregateOf(sums)));
          return { hour, metrics, queueBuckets: clientPortal ? [] : queueBucketCounts(sums) };
        }),
        // The client portal has no Queue Time, Call Duration or Dispositions graphs (spec §6): their data stays here.
        queueBuckets: clientPortal ? [] : queueBucketCounts(totals),
        durationBuckets: clientPortal ? [] : durationBucketCounts(totals),
        dispositions: clientPortal
          ? []
          : DISPOSITION_BUCKETS.map(({ id, label }) => ({ bucket: id, label, calls: dispositionTotals[id] })),
        leads: { totalLeads: totals.leads, validLeads: totals.valid_leads, sales: totals.sales },
        callbacksEnabled,
      };
    },

    /** The last-month graph: the 30 days ending today in the zone, with daily averages over 31 days (spec §9). */
    async lastMonth(viewer: UserRow, query: ParsedDashboardQuery): Promise<LastMonthData> {
      const zone = dashboardZone(query.timezone, query.dateOffset);
      const range = lastDaysRange(now(), zone, LAST_MONTH_GRAPH_DAYS);
      const { days } = await sumsFor(viewer, query, range);
      const totals = sumAll(days.values());
      const metrics = computeCallMetrics(callAggregateOf(totals));
      return {
        timezone: zone,
        days: daysOfRange(range).map((date) => {
          const day = computeCallMetrics(callAggregateOf(days.get(date) ?? emptyCallSums()));
          return {
            date,
            billedCalls: day.billedCalls,
            callsMade: day.callsMade,
            minutesUsed: day.minutesUsed,
            avgQueueTime: day.avgQueueTime,
          };
        }),
        cards: {
          calls: lastMonthDailyAverage(query.campaignType === 'inbound' ? metrics.billedCalls : metrics.callsMade),
          minutes: lastMonthDailyAverage(minutesRoundedUp(totals.billed_seconds)),
          queueTime: metrics.avgQueueTime,
        },
      };
    },

    /** Per-agent metrics over the range for the listed agents the viewer may see (all of them, or those asked for). */
    async agentRecords(viewer: UserRow, query: ParsedDashboardQuery): Promise<AgentRecord[]> {
      const { filter } = await rollupFilter(viewer, query, rangeOf(query).range);
      const wanted = new Set(query.agents);
      const agents = (await scope.listAgents(viewer, {})).filter((agent) => wanted.size === 0 || wanted.has(agent.id));
      const sums = await dashboards.callSumsByAgent({
        ...filter,
        agentIds: agents.map((agent) => agent.id),
        wholeType: undefined,
      });
      const byAgent = new Map(sums.map((row) => [row.agentId, row.sums]));
      return agents.map((agent) => ({
        agent_id: agent.id,
        firstName: agent.firstName,
        secondName: agent.secondName,
        agent_group: agent.agent_group,
        metrics: visibleMetrics(viewer, computeCallMetrics(callAggregateOf(byAgent.get(agent.id) ?? emptyCallSums()))),
      }));
    },

    /** The Leads Analytics table: leads per campaign over the range. */
    async salesLeads(viewer: UserRow, query: ParsedDashboardQuery): Promise<SalesLeadsRow[]> {
      const { campaigns, filter } = await rollupFilter(viewer, query, rangeOf(query).range);
      // Per campaign, so never from the per-type rollup.
      const rows = await dashboards.callSumsByCampaign({ ...filter, wholeType: undefined });
      const byCampaign = new Map(rows.map((row) => [row.campaignId, row.sums]));
      // Retired campaigns are listed only when they have leads in the range.
      const listed = campaigns.filter(
        (campaign) => (campaign.active && !campaign.archived) || byCampaign.has(campaign.id),
      );
      return listed.map((campaign) => {
        const sums = byCampaign.get(campaign.id) ?? emptyCallSums();
        return {
          campaign: campaign.name,
          campaign_id: campaign.id,
          total_leads: sums.leads,
          valid_leads: sums.valid_leads,
          invalid_leads: sums.leads - sums.valid_leads,
          sales_count: sums.sales,
        };
      });
    },

    /**
     * The campaigns report (spec §2.4): per campaign of either type the viewer may see, over the range from the
     * rollups (a year reads whole months). Campaigns retired since are listed only when they had calls in the range.
     */
    async campaignsReport(
      viewer: UserRow,
      body: { start: number; end: number; timezone?: ParsedDashboardQuery['timezone'] },
    ): Promise<CampaignsReportRow[]> {
      const rows: CampaignsReportRow[] = [];
      for (const campaignType of CAMPAIGN_TYPES) {
        const query: ParsedDashboardQuery = {
          start: body.start,
          end: body.end,
          timezone: body.timezone ?? (viewer.timezone as ParsedDashboardQuery['timezone']),
          campaignType,
          campaigns: [],
          agents: [],
          statsSources: [],
        };
        const { campaigns, filter } = await rollupFilter(viewer, query, rangeOf(query).range);
        const sums = await dashboards.callSumsByCampaign({ ...filter, wholeType: undefined });
        const byCampaign = new Map(sums.map((row) => [row.campaignId, row.sums]));
        for (const campaign of campaigns) {
          const found = byCampaign.get(campaign.id);
          if (!found && (campaign.archived || !campaign.active)) continue;
          const counted = found ?? emptyCallSums();
          const metrics = computeCallMetrics(callAggregateOf(counted));
          rows.push({
            campaign_id: campaign.id,
            campaign_name: campaign.name,
            campaign_type: campaignType,
            calls_taken: counted.taken_calls,
            avg_queue_time: metrics.avgQueueTime,
            avg_talk_time: metrics.avgCallTime,
            disconnected: counted.agent_disconnected_calls,
            abandoned: counted.abandoned_calls,
          });
        }
      }
      return rows.sort((a, b) => a.campaign_name.localeCompare(b.campaign_name) || a.campaign_id - b.campaign_id);
    },

    listStatsSources: () => dashboards.listStatsSources(),

    async listDispositions(): Promise<Disposition[]> {
      return (await dashboards.listDispositions()).map((row) => ({
        ...row,
        bucket_label: dispositionBucketLabel(row.bucket),
      }));
    },
  };
}

export type DashboardsService = ReturnType<typeof createDashboardsService>;
