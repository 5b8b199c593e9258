import { breakInterval, type PlannedBreak, requiredBreaks } from './breaks.js';
import { MAX_SHIFT_MINUTES, MIN_SHIFT_MINUTES, STEP_MINUTES } from './constants.js';
import { contains, durationMinutes, type Interval, isOnStep, MINUTE_MS, overlaps } from './intervals.js';

export type ShiftDraft = { start: number; end: number; breaks: PlannedBreak[] };

export type ShiftContext = {
  now: number;
  /** The user's display-from moment: nothing may be planned before it. */
  displayFrom: number | null;
  /** The user's other live shifts and approved vacations. */
  busy: (Interval & { kind: 'shift' | 'vacation' })[];
};

export type ShiftProblems = {
  /** Input errors: field → reason (answered with 400). */
  fields: Record<string, string>;
  /** Clashes with existing data (answered with 409). */
  conflicts: Record<string, string>;
};

const STEP_MS = STEP_MINUTES * MINUTE_MS;

/** Every rule a new shift must meet; the dialog and the server run this same function. */
export function validateShift(draft: ShiftDraft, context: ShiftContext): ShiftProblems {
  const fields: Record<string, string> = {};
  const conflicts: Record<string, string> = {};
  if (!isOnStep(draft.start, STEP_MINUTES)) fields.start = 'must be on a 15-minute step';
  if (!isOnStep(draft.end, STEP_MINUTES)) fields.end = 'must be on a 15-minute step';
  if (draft.end <= draft.start) fields.end = 'must be after start';
  else if (durationMinutes(draft) < MIN_SHIFT_MINUTES)
    fields.end = `must be at least ${MIN_SHIFT_MINUTES} minutes after start`;
  else if (durationMinutes(draft) > MAX_SHIFT_MINUTES)
    fields.end = `must be at most ${MAX_SHIFT_MINUTES / 60} hours after start`;
  if (context.displayFrom !== null && draft.start < context.displayFrom)
    fields.start = 'must not be before your display-from date';
  else if (draft.start < Math.floor(context.now / STEP_MS) * STEP_MS) fields.start = 'must not be in the past';
  if (Object.keys(fields).length === 0) checkBreaks(draft, fields);
  if (Object.keys(fields).length > 0) return { fields, conflicts };

  const clash = context.busy.find((busy) => overlaps(busy, draft));
  if (clash)
    conflicts.start = clash.kind === 'vacation' ? 'overlaps an approved vacation' : 'overlaps another of your shifts';
  return { fields, conflicts };
}

function checkBreaks(draft: ShiftDraft, fields: Record<string, string>): void {
  const expected = requiredBreaks(durationMinutes(draft)).sort();
  const given = draft.breaks.map((plannedBreak) => plannedBreak.type).sort();
  if (expected.join() !== given.join()) {
    fields.breaks = `a shift of ${durationMinutes(draft)} minutes needs ${describe(expected)}`;
    return;
  }
  const intervals = draft.breaks.map(breakInterval);
  draft.breaks.forEach((plannedBreak, index) => {
    const interval = intervals[index] as Interval;
    if (!isOnStep(plannedBreak.start, STEP_MINUTES)) fields[`breaks.${index}.start`] = 'must be on a 15-minute step';
    else if (!contains(draft, interval)) fields[`breaks.${index}.start`] = 'must be inside the shift';
    else if (intervals.some((other, otherIndex) => otherIndex !== index && overlaps(other, interval))) {
      fields[`breaks.${index}.start`] = 'must not overlap another break';
    }
  });
}

function describe(types: string[]): string {
  const breaks = types.filter((type) => type === 'break').length;
  const lunches = types.filter((type) => type === 'lunch').length;
  const parts = [`${breaks} break${breaks === 1 ? '' : 's'}`];
  if (lunches > 0) parts.push(`${lunches} lunch`);
  return parts.join(' and ');
}
