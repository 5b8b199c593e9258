import { type Interval, type PlannedBreak, proposeBreaks, shiftEndChoices } from '@shiftline/shared';

/** The dialog's time module: a start, an end and the breaks planned inside; null until picked. */
export type ShiftDraft = { start: number | null; end: number | null; breaks: PlannedBreak[] };

export const EMPTY_DRAFT: ShiftDraft = { start: null, end: null, breaks: [] };

const cleared = (start: number | null): ShiftDraft => ({ start, end: null, breaks: [] });

/** A new start: the end stays while it is still a valid choice (breaks proposed again), else end and breaks clear. */
export function changeStart(draft: ShiftDraft, start: number | null, busy: readonly Interval[]): ShiftDraft {
  if (start === null) return EMPTY_DRAFT;
  if (draft.end === null || !shiftEndChoices(start, [...busy]).includes(draft.end)) return cleared(start);
  return { start, end: draft.end, breaks: proposeBreaks({ start, end: draft.end }) };
}

/** A new end: the breaks are proposed for the new length; an end at or before the start clears end and breaks (spec). */
export function changeEnd(draft: ShiftDraft, end: number | null): ShiftDraft {
  if (draft.start === null || end === null || end <= draft.start) return cleared(draft.start);
  return { start: draft.start, end, breaks: proposeBreaks({ start: draft.start, end }) };
}

/** Moves one break; the others stay where they are. */
export function changeBreakStart(draft: ShiftDraft, index: number, start: number): ShiftDraft {
  return {
    ...draft,
    breaks: draft.breaks.map((plannedBreak, at) => (at === index ? { ...plannedBreak, start } : plannedBreak)),
  };
}
