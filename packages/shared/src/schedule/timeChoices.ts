import { DateTime } from 'luxon';
import { breakInterval, type PlannedBreak } from './breaks.js';
import { BREAK_MINUTES, type BreakType, MAX_SHIFT_MINUTES, MIN_SHIFT_MINUTES, STEP_MINUTES } from './constants.js';
import { contains, type Interval, MINUTE_MS, overlaps } from './intervals.js';

const STEP_MS = STEP_MINUTES * MINUTE_MS;

/**
 * Start choices for a shift on a local day: every quarter hour of that day in real time (92 on a
 * spring-forward day, 100 on a fall-back day), not in the past and not inside another shift.
 */
export function shiftStartChoices(localDate: string, zone: string, busy: Interval[], now: number): number[] {
  const dayStart = DateTime.fromISO(localDate, { zone }).startOf('day').toMillis();
  const dayEnd = DateTime.fromISO(localDate, { zone }).plus({ days: 1 }).startOf('day').toMillis();
  const earliest = Math.floor(now / STEP_MS) * STEP_MS;
  const choices: number[] = [];
  for (let moment = dayStart; moment < dayEnd; moment += STEP_MS) {
    if (moment < earliest) continue;
    if (busy.some((interval) => moment >= interval.start && moment < interval.end)) continue;
    choices.push(moment);
  }
  return choices;
}

/** End choices after a start: each quarter hour from the shortest to the longest shift, stopping at the next busy time; may cross midnight. */
export function shiftEndChoices(start: number, busy: Interval[]): number[] {
  const nextBusy = Math.min(
    ...busy.filter((interval) => interval.start >= start).map((interval) => interval.start),
    Infinity,
  );
  const latest = Math.min(start + MAX_SHIFT_MINUTES * MINUTE_MS, nextBusy);
  const choices: number[] = [];
  for (let moment = start + MIN_SHIFT_MINUTES * MINUTE_MS; moment <= latest; moment += STEP_MS) choices.push(moment);
  return choices;
}

/** Start choices for one break: inside the shift, on quarter hours, not overlapping the other breaks. */
export function breakStartChoices(shift: Interval, type: BreakType, otherBreaks: PlannedBreak[]): number[] {
  const others = otherBreaks.map(breakInterval);
  const choices: number[] = [];
  for (let moment = shift.start; moment + BREAK_MINUTES[type] * MINUTE_MS <= shift.end; moment += STEP_MS) {
    const candidate = breakInterval({ type, start: moment });
    if (!contains(shift, candidate) || others.some((other) => overlaps(other, candidate))) continue;
    choices.push(moment);
  }
  return choices;
}
