import { localDateInZone } from '../time/zonedFormat.js';
import { dayNumber, dayNumberOf, isoDateOf } from './days.js';
import type { PlannerTimeModule } from './module.js';

/** One planner holds at most this many rules (time modules). */
export const PLANNER_MAX_RULES = 20;

/** Shifts are generated this far ahead (8 weeks) and topped up daily. */
export const PLANNER_HORIZON_DAYS = 56;

/** The dialog's ending choice (spec §3: expiration Never or Date). */
export const PLANNER_EXPIRATIONS = ['never', 'date'] as const;
export type PlannerExpiration = (typeof PLANNER_EXPIRATIONS)[number];

/** Spec §5: the planner end date's minimum is tomorrow (in the planner's zone). */
export function plannerEndDateMin(now: number, zone: string): string {
  return isoDateOf(dayNumber(localDateInZone(now, zone)) + 1);
}

/** Spec §5: the end date is sent only when the expiration mode is Date; Never sends none. */
export function plannerEndDateToSend(expiration: PlannerExpiration, endDate: string | null): string | null {
  return expiration === 'date' ? endDate : null;
}

/** Spec §5: saving requires the first time module's start and end. */
export function canSavePlanner(modules: readonly Pick<PlannerTimeModule, 'start' | 'end'>[]): boolean {
  const first = modules[0];
  return first !== undefined && Boolean(first.start) && Boolean(first.end);
}

/** Field → reason for a planner's dates: the start not before today, the end (when set) tomorrow or later and not before the start. */
export function plannerDateProblems(
  dates: { startPlanner: string; endPlanner: string | null },
  now: number,
  zone: string,
): Record<string, string> {
  const problems: Record<string, string> = {};
  const today = localDateInZone(now, zone);
  const start = dayNumberOf(dates.startPlanner);
  if (start === null) problems.start = 'must be a date (yyyy-MM-dd)';
  else if (dates.startPlanner < today) problems.start = 'must not be in the past';
  if (dates.endPlanner !== null) {
    const end = dayNumberOf(dates.endPlanner);
    if (end === null) problems.end_date = 'must be a date (yyyy-MM-dd)';
    else if (dates.endPlanner < plannerEndDateMin(now, zone)) problems.end_date = 'must be tomorrow or later';
    else if (start !== null && end < start) problems.end_date = 'must not be before start';
  }
  return problems;
}
