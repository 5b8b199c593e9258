import { z } from 'zod';
import { TIME_ZONE_IDS } from '../time/timezones.js';
import { CAMPAIGN_TYPES } from './campaigns.js';
import { MAX_DASHBOARD_RANGE_DAYS } from './dashboards.js';
import { idSchema, refineUnixRange, textSchema, unixSecondsSchema } from './fields.js';

/*
 * Live supervision (operations spec §2.3, §3 agent state record and campaign status row, §4, §7): the agent state
 * report and the campaign status report, each with the snapshot a board starts from before it follows the events.
 */

const stampSchema = z.object({ epoch: z.string(), campaigns: z.record(z.string(), z.number().int()) });

const liveReportFieldsSchema = z
  .object({
    /** Only agents enabled on (and waiting calls of) these campaigns; empty or missing: every visible campaign. */
    campaigns: z.array(idSchema).max(1000, { error: 'must list at most 1000 campaigns' }).optional(),
    /** Only agents of this call type (the report's Call Type filter). */
    call_type: z.enum(CAMPAIGN_TYPES).nullable().optional(),
    /** The zone whose today the day's figures count (the viewer's own when missing). */
    timezone: z.enum(TIME_ZONE_IDS, { error: 'must be one of the supported time zones' }).optional(),
  })
  .strict();

/**
 * A live report's body: the filters as fields, or as the spec sends them, `params`: the chosen filter values as one
 * JSON string (`{"campaigns":[1,2],"call_type":"inbound"}`); fields given beside it win.
 */
export const liveReportBodySchema = liveReportFieldsSchema
  .extend({
    params: z
      .string()
      .max(20_000, { error: 'must be at most 20000 characters' })
      .optional()
      .describe("The chosen filter values as a JSON string (the spec's body): campaigns, call_type, timezone"),
  })
  .strict()
  .transform(({ params, ...fields }, context) => {
    if (params === undefined) return fields;
    let values: unknown;
    try {
      values = JSON.parse(params);
    } catch {
      context.addIssue({ code: 'custom', path: ['params'], message: 'must be the filter values as JSON' });
      return z.NEVER;
    }
    const parsed = liveReportFieldsSchema.safeParse(values);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.length ? ` (${issue.path.join('.')})` : '';
      context.addIssue({ code: 'custom', path: ['params'], message: `${issue?.message ?? 'is invalid'}${where}` });
      return z.NEVER;
    }
    return { ...parsed.data, ...fields };
  });
export type LiveReportBody = z.infer<typeof liveReportBodySchema>;

export const agentStateRowSchema = z.object({
  id: z.number().int(),
  /** The stats source of the call the agent is on, if any. */
  source: z.string().nullable(),
  name: z.string(),
  agent_group: z.string().nullable(),
  status: z.string(),
  title: z.string(),
  bgc: z.string(),
  status_started_at: z.string(),
  /** When the agent entered the current status group (shared/live/supervision.ts stateSinceAfter). */
  state_since: z.string(),
  /** The status before the current one (null: none recorded). */
  old_status: z.string().nullable(),
  campaign: z.string().nullable(),
  campaign_id: z.number().int().nullable(),
  customer: z.string().nullable(),
  /** The customer's phone as written (the lead's, when the client has one in the call's campaign), unchecked. */
  customer_phone: z.string().nullable(),
  /** The client's lead in the call's campaign: the record a phone cell dials (spec §2.3), null when there is none. */
  cold_call_id: z.number().int().nullable(),
  call_type: z.string().nullable(),
  agent_call_type: z.string().nullable(),
  agent_campaigns: z.array(z.number().int()),
});
export type AgentStateRow = z.infer<typeof agentStateRowSchema>;

const filterSchema = z.object({
  name: z.string(),
  label: z.string(),
  items: z.array(z.object({ value: z.union([z.number(), z.string()]), text: z.string() })),
});

export const agentStateReportSchema = z.object({
  items: z.array(agentStateRowSchema),
  additionals_filters: z.array(filterSchema),
  /** Events numbered up to here are in `items` already. */
  stamp: stampSchema,
});

export const campaignStatusRowSchema = z.object({
  campaign_id: z.number().int(),
  campaign_name: z.string(),
  agents_on_call: z.number().int(),
  agents_not_ready: z.number().int(),
  agents_logged_in: z.number().int(),
  calls_in_queue: z.number().int(),
  queues_callbacks: z.number().int(),
  /** Seconds the longest-waiting caller has waited now. */
  current_longest: z.number().int(),
  /** The longest any caller waited today (UTC day), in seconds. */
  longest_queue_time_today: z.number().int(),
});

export const campaignStatusReportSchema = z.object({
  headers: z.array(z.object({ text: z.string(), value: z.string() })),
  items: z.array(campaignStatusRowSchema),
  additionals_filters: z.array(filterSchema),
  /** What the board follows the events from (packages/shared live/supervision boardFromSnapshot). */
  snapshot: z.object({
    stamp: stampSchema,
    agents: z.array(
      z.object({ user_id: z.number().int(), status: z.string(), since: z.string(), campaigns: z.array(z.number()) }),
    ),
    waiting: z.array(
      z.object({
        call_id: z.number().int(),
        campaign_id: z.number().int(),
        queued_at: z.string(),
        callback: z.boolean(),
      }),
    ),
  }),
});

/** A live board's starting point as the server sends it (`boardFromSnapshot` in live/supervision reads it). */
export type LiveSnapshot = z.infer<typeof campaignStatusReportSchema>['snapshot'];

/** The wallboard (beyond the spec): today's service per campaign, and the live board it follows. */
export const wallboardSchema = z.object({
  items: z.array(
    z.object({
      campaign_id: z.number().int(),
      campaign_name: z.string(),
      answered_today: z.number().int(),
      abandoned_today: z.number().int(),
      /** Percent of today's answered and abandoned calls answered within SERVICE_LEVEL_SECONDS; null before any. */
      service_level_today: z.number().nullable(),
      longest_queue_time_today: z.number().int(),
    }),
  ),
  service_level_seconds: z.number().int(),
  snapshot: campaignStatusReportSchema.shape.snapshot,
});

/** A call answered within this many seconds of joining the queue counts toward the service level. */
export const SERVICE_LEVEL_SECONDS = 20;

export const currentLongestBodySchema = z.object({ campaign_id: idSchema }).strict();
export const longestTodayBodySchema = z
  .object({
    campaign_name: textSchema().trim().min(1, { error: 'is required' }).max(200, { error: 'is too long' }),
    /** Hours from UTC of the viewer's day (spec §7). */
    dateOffset: z
      .number()
      .min(-14, { error: 'must be within ±14 hours' })
      .max(14, { error: 'must be within ±14 hours' }),
  })
  .strict();

/**
 * The campaigns report's range (spec §2.4, §5): from the start of the first day to the end of the last, Unix seconds;
 * `timezone` (or `dateOffset`) says which zone's hours the range was cut in (the viewer's own when missing).
 */
export const campaignsReportBodySchema = z
  .object({
    start: unixSecondsSchema,
    end: unixSecondsSchema,
    timezone: z.enum(TIME_ZONE_IDS, { error: 'must be one of the supported time zones' }).optional(),
  })
  .strict()
  .superRefine(refineUnixRange(MAX_DASHBOARD_RANGE_DAYS));

export const campaignsReportRowSchema = z.object({
  campaign_id: z.number().int(),
  campaign_name: z.string(),
  campaign_type: z.enum(CAMPAIGN_TYPES),
  /** Calls an agent took (the report's Total Calls). */
  calls_taken: z.number().int(),
  /** Seconds, averaged over every call of the range (as the dashboards' Avg Queue Time). */
  avg_queue_time: z.number(),
  /** Talk seconds per taken call (the dashboards' Avg Call Time). */
  avg_talk_time: z.number(),
  /** Calls the agent hung up first. */
  disconnected: z.number().int(),
  /** Callers who left the queue. */
  abandoned: z.number().int(),
});
export type CampaignsReportRow = z.infer<typeof campaignsReportRowSchema>;

/** The web's names for the live reports' answers (one contract for both sides). */
export type AgentStateReport = z.infer<typeof agentStateReportSchema>;
export type CampaignStatusReport = z.infer<typeof campaignStatusReportSchema>;
export type CampaignStatusRow = z.infer<typeof campaignStatusRowSchema>;
export type Wallboard = z.infer<typeof wallboardSchema>;
export type LiveReportFilter = z.infer<typeof agentStateReportSchema>['additionals_filters'][number];
