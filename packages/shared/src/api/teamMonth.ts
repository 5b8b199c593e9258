import { z } from 'zod';
import { teamScheduleQuerySchema } from './teamSchedule.js';

/**
 * The supervisor month sends what its grid shows, not every shift: per local day the counts, the scheduled
 * headcount and the first few agent atoms. A month of 1,000 agents was 11 MB as data points.
 */
export const MONTH_ATOMS_PER_DAY = 2;

/** GET get_month_summary: the same parameters as get_schedule (period, role, campaigns). */
export const teamMonthQuerySchema = teamScheduleQuerySchema;

/** GET get_day_schedule: one local day (23 to 25 hours, a little slack), with the same filters. */
export const teamDayQuerySchema = teamScheduleQuerySchema.refine(
  (q) => q.end_period - q.start_period <= 26 * 3_600_000,
  { path: ['end_period'], error: 'must be at most one day after start_period' },
);

export const monthAgentSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  user_avatar_url: z.string().nullable(),
  role_name: z.string(),
  starred: z.boolean(),
  bg_color: z.object({ bg: z.string(), text: z.string() }),
});
export type MonthAgent = z.infer<typeof monthAgentSchema>;

export const monthDaySchema = z.object({
  /** Pending shifts starting on the day. */
  count_shifts: z.number().int(),
  /** Their ids, so an approval patches the day it belongs to. */
  pending_ids: z.array(z.number().int()),
  /** Approved days off touching the day. */
  count_vacations: z.number().int(),
  /** Agents with a pending or approved shift touching the day (of the statuses the viewer may see). */
  headcount: z.number().int(),
  /** The first agents of the day (starred first, then by name), at most MONTH_ATOMS_PER_DAY. */
  atoms: z.array(z.number().int()),
});
export type MonthDay = z.infer<typeof monthDaySchema>;

export const teamMonthSchema = z.object({
  /** Keyed by local date (yyyy-MM-dd) in the viewer's zone; days with nothing are left out. */
  days: z.record(z.string(), monthDaySchema),
  /** The agents the atoms name, by id. */
  agents: z.record(z.string(), monthAgentSchema),
  /** Every pending shift of the period and filter visible to the viewer: what Approve All approves. */
  pending_ids: z.array(z.number().int()),
});
export type TeamMonth = z.infer<typeof teamMonthSchema>;
