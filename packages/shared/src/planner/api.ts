import { z } from 'zod';
import { idSchema, idTextSchema, isoDateSchema, textSchema } from '../api/fields.js';
import { TIME_ZONE_IDS } from '../time/timezones.js';
import { SCHEDULER_RULE_MAX_LENGTH } from './rule.js';
import { PLANNER_MAX_RULES } from './validation.js';

/**
 * POST /api/schedules/set_planner. `start` is the planner's start date (the dialog's focus date), `scheduler`
 * the rules (see rule.ts), `end_date` the last date (null or left out: Never).
 */
export const setPlannerBodySchema = z.object({
  start: isoDateSchema('start'),
  scheduler: z.array(textSchema().max(SCHEDULER_RULE_MAX_LENGTH)).min(1).max(PLANNER_MAX_RULES),
  end_date: isoDateSchema('end_date')
    .nullish()
    .transform((value) => value ?? null),
  /** A schedule supervisor may set another user's planner. */
  user: idSchema.optional(),
  /** The zone the rules' times are read in; the caller's own zone (the one the dialog shows) when left out. */
  zone: z.enum(TIME_ZONE_IDS).optional(),
});
export type SetPlannerBody = z.input<typeof setPlannerBodySchema>;

export const getPlannerQuerySchema = z.object({ user: idTextSchema.optional() });

export const plannerSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  start_planner: z.string().describe('ISO date'),
  end_planner: z.string().nullable().describe('ISO date; null = Never'),
  scheduler: z.array(z.string()),
  zone: z.string(),
});
export type Planner = z.infer<typeof plannerSchema>;

/**
 * Why an occurrence was not created: another live shift of the user (`shift`), days off (`days_off`), before the
 * user's display-from date (`before_display_from`), or another of the same planner's occurrences (`planner`).
 */
export const SKIPPED_DAY_REASONS = ['shift', 'days_off', 'before_display_from', 'planner'] as const;
export type SkippedDayReason = (typeof SKIPPED_DAY_REASONS)[number];

export const setPlannerResultSchema = z.object({
  planner: plannerSchema,
  created: z.number().int().describe('shifts created now'),
  kept: z.number().int().describe('occurrences that already stood as an identical live shift (kept, not duplicated)'),
  skipped: z.number().int().describe('occurrences not created: they overlap other shifts or approved days off'),
  skipped_days: z
    .array(
      z.object({
        date: z.string().describe("the occurrence's local date in the planner's zone (ISO date)"),
        reason: z.enum(SKIPPED_DAY_REASONS),
      }),
    )
    .describe('which occurrences were skipped and why, in date order'),
  removed: z.number().int().describe("the previous planner's future shifts that were not approved, deleted"),
  horizon: z.string().describe('shifts are generated up to this instant (UTC) and topped up daily'),
});
export type SetPlannerResult = z.infer<typeof setPlannerResultSchema>;
