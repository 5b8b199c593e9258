import { z } from 'zod';
import { PRODUCTIVITY_GROUPS, PRODUCTIVITY_SUB_CATEGORIES } from '../metrics/productivity.js';
import { TIME_ZONE_IDS } from '../time/timezones.js';
import { idListSchema, refineUnixRange, unixSecondsSchema } from './fields.js';

/** Longest range one productivity request may cover. */
export const MAX_PRODUCTIVITY_RANGE_DAYS = 400;

/** The dropdown's mode (spec §6): campaigns for an agent (their own campaigns), agents for everyone else. */
export const PRODUCTIVITY_MODES = ['agents', 'campaigns'] as const;
export type ProductivityMode = (typeof PRODUCTIVITY_MODES)[number];

const unixSeconds = unixSecondsSchema;
const hourOfDay = z
  .number({ error: 'must be an hour from 0 to 23' })
  .int('must be a whole hour')
  .min(0, 'must be an hour from 0 to 23')
  .max(23, 'must be an hour from 0 to 23');

/**
 * `POST /api/productivity/load`. `start` and `end` are the first and last second of the range (Unix seconds);
 * `timezone` is the 'Timezone to view Data' choice; only hours whose local start lies from `startHour` to
 * `endHour` count (both included; a start after the end wraps past midnight, e.g. 22 → 5). `ids` are agent ids in
 * agents mode and campaign ids in campaigns mode; empty means all. An agent always gets their own time only.
 */
const loadFields = {
  start: unixSeconds,
  end: unixSeconds,
  timezone: z.enum(TIME_ZONE_IDS, { error: 'must be one of the supported time zones' }),
  startHour: hourOfDay.default(0),
  endHour: hourOfDay.default(23),
  mode: z.enum(PRODUCTIVITY_MODES, { error: 'must be agents or campaigns' }).default('agents'),
  ids: idListSchema(5000).default([]),
};

const refineRange = refineUnixRange(MAX_PRODUCTIVITY_RANGE_DAYS);

export const productivityLoadBodySchema = z.object(loadFields).superRefine(refineRange);
export type ProductivityLoadBody = z.input<typeof productivityLoadBodySchema>;
export type ParsedProductivityLoadBody = z.output<typeof productivityLoadBodySchema>;

const shareFields = {
  seconds: z.number().describe('capped seconds'),
  minutes: z.number().describe('2 decimals'),
  percentOfTotal: z.number(),
  percentOfOnCall: z.number(),
  percentOfPaid: z.number(),
};

/** One agent's part of a series, for the drill-down list. */
export const productivityAgentShareSchema = z.object({
  agentId: z.number().int(),
  name: z.string(),
  seconds: z.number(),
  minutes: z.number(),
  percentOfSeries: z.number().describe("the agent's seconds over the series' seconds"),
  percentOfTotal: z.number().describe("the agent's seconds in the series over the page's total"),
});
export type ProductivityAgentShare = z.infer<typeof productivityAgentShareSchema>;

export const productivitySubCategorySchema = z.object({
  subCategory: z.string(),
  ...shareFields,
});
export type ProductivitySubCategory = z.infer<typeof productivitySubCategorySchema>;

export const productivityGroupSchema = z.object({
  group: z.enum(PRODUCTIVITY_GROUPS),
  ...shareFields,
  subCategories: z.array(productivitySubCategorySchema),
});
export type ProductivityGroupResult = z.infer<typeof productivityGroupSchema>;

export const payrollSchema = z.object({
  id: z.number().int(),
  agentId: z.number().int(),
  name: z.string(),
  periodStart: z.string().describe('yyyy-MM-dd'),
  periodEnd: z.string().describe('yyyy-MM-dd'),
  paidAt: z.string().describe('ISO 8601 UTC'),
  hourlyCents: z.number().int(),
  statutoryCents: z.number().int(),
  commissionCents: z.number().int(),
  totalCents: z.number().int(),
});
export type Payroll = z.infer<typeof payrollSchema>;

export const productivityPaySchema = z.object({
  hourlyCents: z.number().int(),
  statutoryCents: z.number().int(),
  earnedCents: z.number().int().describe('hourly + statutory'),
  commissionCents: z.number().int(),
  alreadyPaidCents: z.number().int(),
  toBePaidCents: z.number().int().describe('earned + commissions − already paid, never below 0'),
  payrollCount: z
    .number()
    .int()
    .describe('payments whose period lies in the range (already paid); listed by POST /api/productivity/payrolls'),
});
export type ProductivityPayResult = z.infer<typeof productivityPaySchema>;

export const productivityResultSchema = z.object({
  timezone: z.enum(TIME_ZONE_IDS),
  mode: z.enum(PRODUCTIVITY_MODES),
  agents: z.array(z.object({ id: z.number().int(), name: z.string() })).describe('the agents counted'),
  totalSeconds: z.number(),
  onCallSeconds: z.number(),
  paidSeconds: z.number(),
  loginSeconds: z.number().describe('every state but Logged out and Logout, capped per record'),
  groups: z.array(productivityGroupSchema),
  pay: productivityPaySchema
    .nullable()
    .describe("null unless the agents are only the viewer, or the viewer may see others' pay"),
});
export type ProductivityResult = z.infer<typeof productivityResultSchema>;

/**
 * `POST /api/productivity/series-agents`: the drill-down of one series (a group, or one of its sub-categories) with
 * the same choices as the load. Fetched when a drill-down opens, so a load never carries every series' agent lists.
 */
export const productivitySeriesAgentsBodySchema = z
  .object({
    ...loadFields,
    group: z.enum(PRODUCTIVITY_GROUPS, { error: 'must be a productivity group' }),
    subCategory: z.string().max(100).nullable().default(null),
  })
  .superRefine((body, context) => {
    refineRange(body, context);
    if (body.subCategory !== null && !PRODUCTIVITY_SUB_CATEGORIES[body.group].includes(body.subCategory)) {
      context.addIssue({ code: 'custom', path: ['subCategory'], message: `is not a sub-category of ${body.group}` });
    }
  });
export type ProductivitySeriesAgentsBody = z.input<typeof productivitySeriesAgentsBodySchema>;
export type ParsedProductivitySeriesAgentsBody = z.output<typeof productivitySeriesAgentsBodySchema>;

export const productivitySeriesAgentsSchema = z.object({
  group: z.enum(PRODUCTIVITY_GROUPS),
  subCategory: z.string().nullable(),
  seconds: z.number().describe("the series' capped seconds over every agent counted"),
  agents: z.array(productivityAgentShareSchema).describe('agents with time in the series, most first'),
});
export type ProductivitySeriesAgents = z.infer<typeof productivitySeriesAgentsSchema>;

/**
 * `POST /api/productivity/payrolls` (the load's body): the payments Already Paid adds up, for the Payment Details
 * dialog, fetched when it opens (a year of 500 agents is 13k payrolls, which a load should not carry).
 */
export const productivityPayrollsSchema = z.object({ payrolls: z.array(payrollSchema) });
export type ProductivityPayrolls = z.infer<typeof productivityPayrollsSchema>;
