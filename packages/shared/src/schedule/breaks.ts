import {
  BREAK_MINUTES,
  type BreakType,
  LUNCH_AFTER_MINUTES,
  SECOND_BREAK_AFTER_MINUTES,
  STEP_MINUTES,
} from './constants.js';
import { type Interval, MINUTE_MS } from './intervals.js';

export type PlannedBreak = { type: BreakType; start: number };

/** The break rule: one break always, a lunch over 300 minutes, a second break over 480 minutes. */
export function requiredBreaks(shiftMinutes: number): BreakType[] {
  const types: BreakType[] = ['break'];
  if (shiftMinutes > LUNCH_AFTER_MINUTES) types.push('lunch');
  if (shiftMinutes > SECOND_BREAK_AFTER_MINUTES) types.push('break');
  return types;
}

export const breakInterval = (plannedBreak: PlannedBreak): Interval => ({
  start: plannedBreak.start,
  end: plannedBreak.start + BREAK_MINUTES[plannedBreak.type] * MINUTE_MS,
});

const STEP_MS = STEP_MINUTES * MINUTE_MS;
const floorToStep = (ms: number) => Math.floor(ms / STEP_MS) * STEP_MS;

/**
 * Where the dialog proposes the breaks a shift needs: the first break two hours in (or a quarter of
 * the way for short shifts), the lunch in the middle, the second break two hours before the end.
 */
export function proposeBreaks(shift: Interval): PlannedBreak[] {
  const minutes = (shift.end - shift.start) / MINUTE_MS;
  const types = requiredBreaks(minutes);
  const lead = Math.min(120, Math.max(STEP_MINUTES, Math.floor(minutes / 4))) * MINUTE_MS;
  const firstBreak: PlannedBreak = { type: 'break', start: floorToStep(shift.start + lead) };
  if (types.length === 1) return [firstBreak];
  const middle = shift.start + (shift.end - shift.start) / 2;
  const lunch: PlannedBreak = { type: 'lunch', start: floorToStep(middle - (BREAK_MINUTES.lunch * MINUTE_MS) / 2) };
  if (types.length === 2) return [firstBreak, lunch];
  const secondBreak: PlannedBreak = { type: 'break', start: floorToStep(shift.end - 120 * MINUTE_MS) };
  return [firstBreak, lunch, secondBreak];
}
