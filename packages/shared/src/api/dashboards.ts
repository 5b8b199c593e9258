import { z } from 'zod';
import { CALL_DURATION_BUCKETS, QUEUE_BUCKETS } from '../metrics/constants.js';
import { DISPOSITION_BUCKET_IDS } from '../metrics/dispositions.js';
import { TIME_ZONE_IDS } from '../time/timezones.js';
import { CAMPAIGN_TYPES } from './campaigns.js';
import { idListSchema, refineUnixRange, unixSecondsSchema } from './fields.js';

/** Longest range one dashboard request may cover: a year and a month of slack for compare ranges. */
export const MAX_DASHBOARD_RANGE_DAYS = 400;

const unixSeconds = unixSecondsSchema;
const idList = idListSchema(5000).default([]);

/**
 * The body of records-for-campaigns, cold-calls-for-campaigns, last-month-data, agent records and sales leads
 * (spec §7: start, end, dateOffset, agents, campaignType, campaigns, statsSources). `start` is the first second
 * and `end` the last second of the range (Unix seconds, as the date pickers send them). `timezone` is our
 * addition: the 'Timezone to view Data' choice, which days and hours are counted in. Without it, `dateOffset`
 * (hours from UTC, e.g. -3.5) fixes the offset; without both, UTC. Empty `campaigns` means every campaign of
 * the type the viewer may see; empty `agents` / `statsSources` mean no filter.
 */
export const dashboardQuerySchema = z
  .object({
    start: unixSeconds,
    end: unixSeconds,
    dateOffset: z.number({ error: 'must be hours from UTC' }).min(-14).max(14).optional(),
    timezone: z.enum(TIME_ZONE_IDS, { error: 'must be one of the supported time zones' }).optional(),
    agents: idList,
    campaignType: z.enum(CAMPAIGN_TYPES, { error: 'must be Inbound or Outbound' }).default('inbound'),
    campaigns: idList,
    statsSources: idList,
  })
  .superRefine(refineUnixRange(MAX_DASHBOARD_RANGE_DAYS))
  .superRefine((body, context) => {
    if (body.dateOffset !== undefined && !Number.isInteger(body.dateOffset * 2)) {
      context.addIssue({ code: 'custom', path: ['dateOffset'], message: 'must be whole or half hours' });
    }
  });
export type DashboardQuery = z.input<typeof dashboardQuerySchema>;
export type ParsedDashboardQuery = z.output<typeof dashboardQuerySchema>;

export const callMetricsSchema = z.object({
  callsMade: z.number(),
  minutesUsed: z.number(),
  avgCallTime: z.number(),
  avgQueueTime: z.number(),
  avgBilledQueueTime: z.number(),
  callsContactRate: z.number(),
  billedCalls: z.number(),
  takenCalls: z.number(),
  missedCalls: z.number(),
  abandonedCalls: z.number(),
  callbacksRequested: z.number(),
  allCalls: z.number(),
  billedTime: z.number(),
  avgBilledTime: z.number(),
  takenTime: z.number(),
  unansweredCalls: z.number(),
  callbacksRequestedAsBill: z.number(),
  connectedCalls: z.number(),
  callsToday: z.number(),
  billedAmountCents: z
    .number()
    .optional()
    .describe('billed calls × their campaign’s hourly rate, in cents; only for administrators (spec §6)'),
});

/** The metrics as a dashboard response carries them: `billedAmountCents` only for administrators. */
export type DashboardMetrics = z.infer<typeof callMetricsSchema>;

const queueLabels = QUEUE_BUCKETS.map((bucket) => bucket.label) as [string, ...string[]];
const durationLabels = CALL_DURATION_BUCKETS.map((bucket) => bucket.label) as [string, ...string[]];
const dispositionIds = DISPOSITION_BUCKET_IDS as [string, ...string[]];

const bucketCountSchema = <Labels extends [string, ...string[]]>(labels: Labels) =>
  z.object({ label: z.enum(labels), calls: z.number().int() });

/** Per bucket; empty for the client portal, which has no Dispositions chart (spec §6). */
export const dispositionCountsSchema = z.partialRecord(z.enum(dispositionIds), z.number().int());

export const dashboardRecordsSchema = z.object({
  timezone: z.string().describe('IANA zone or fixed offset (e.g. UTC-03:30) the days and hours are counted in'),
  campaignType: z.enum(CAMPAIGN_TYPES),
  campaigns: z.array(z.number().int()).describe('the campaigns actually counted, after the viewer’s row rules'),
  totals: callMetricsSchema,
  today: callMetricsSchema.describe('the current day in the zone, whatever the range: Today at-a-Glance'),
  daily: z.array(z.object({ date: z.string(), metrics: callMetricsSchema, dispositions: dispositionCountsSchema })),
  hourly: z.array(
    z.object({
      hour: z.number().int().min(0).max(23),
      metrics: callMetricsSchema,
      queueBuckets: z.array(bucketCountSchema(queueLabels)),
    }),
  ),
  queueBuckets: z.array(bucketCountSchema(queueLabels)).describe('empty for the client portal (no Queue Time graph)'),
  durationBuckets: z.array(bucketCountSchema(durationLabels)),
  dispositions: z.array(z.object({ bucket: z.enum(dispositionIds), label: z.string(), calls: z.number().int() })),
  leads: z.object({ totalLeads: z.number().int(), validLeads: z.number().int(), sales: z.number().int() }),
  callbacksEnabled: z.boolean().describe('client portal: show the Callback requests card'),
});
export type DashboardRecords = z.infer<typeof dashboardRecordsSchema>;

export const lastMonthDataSchema = z.object({
  timezone: z.string(),
  days: z.array(
    z.object({
      date: z.string(),
      billedCalls: z.number().int(),
      callsMade: z.number().int(),
      minutesUsed: z.number().int(),
      avgQueueTime: z.number(),
    }),
  ),
  cards: z.object({
    calls: z.number().describe('Calls Billed (inbound) or Calls Made (outbound): 30-day total / 31'),
    minutes: z.number().describe('Minutes Used: 30-day total minutes (rounded up) / 31'),
    queueTime: z.number().describe('Queue Time: average queue seconds over the 30 days (inbound)'),
  }),
});
export type LastMonthData = z.infer<typeof lastMonthDataSchema>;

export const statsSourceSchema = z.object({ id: z.number().int(), name: z.string() });
export type StatsSource = z.infer<typeof statsSourceSchema>;

export const dispositionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  campaign_type: z.enum(CAMPAIGN_TYPES),
  bucket: z.enum(dispositionIds),
  bucket_label: z.string(),
});
export type Disposition = z.infer<typeof dispositionSchema>;

export const agentRecordSchema = z.object({
  agent_id: z.number().int(),
  firstName: z.string(),
  secondName: z.string(),
  agent_group: z.string().nullable(),
  metrics: callMetricsSchema,
});
export type AgentRecord = z.infer<typeof agentRecordSchema>;

export const salesLeadsRowSchema = z.object({
  campaign: z.string(),
  campaign_id: z.number().int(),
  total_leads: z.number().int(),
  valid_leads: z.number().int(),
  invalid_leads: z.number().int(),
  sales_count: z.number().int(),
});
export type SalesLeadsRow = z.infer<typeof salesLeadsRowSchema>;
