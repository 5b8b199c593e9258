import type { Interval } from '@shiftline/shared';
import { useState } from 'react';
import { changeBreakStart, changeEnd, changeStart, EMPTY_DRAFT, type ShiftDraft } from '../utils/shiftDraft';

/** The schedule dialog's time module: start, end and breaks, the breaks proposed again whenever the times change. */
export function useShiftDraft(busy: readonly Interval[]) {
  const [draft, setDraft] = useState<ShiftDraft>(EMPTY_DRAFT);
  return {
    draft,
    setStart: (start: number | null) => setDraft((current) => changeStart(current, start, busy)),
    setEnd: (end: number | null) => setDraft((current) => changeEnd(current, end)),
    setBreakStart: (index: number, start: number) => setDraft((current) => changeBreakStart(current, index, start)),
  };
}
