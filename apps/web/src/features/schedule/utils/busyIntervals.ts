import { BLOCKING_VACATION_STATUSES, type Interval, isLiveShift, type Shift, type Vacation } from '@shiftline/shared';

export type BusyInterval = Interval & { kind: 'shift' | 'vacation' };

const toInterval = (item: { start_utc: string; end_utc: string }): Interval => ({
  start: Date.parse(item.start_utc),
  end: Date.parse(item.end_utc),
});

/** The owner's live (pending or approved) shifts: what the time pickers keep clear of. */
export function liveShiftIntervals(shifts: readonly Shift[]): Interval[] {
  return shifts.filter((shift) => isLiveShift(shift.status)).map(toInterval);
}

/** Everything a new shift must not overlap, as the server checks it: live shifts and blocking vacations. */
export function busyIntervals(shifts: readonly Shift[], vacations: readonly Vacation[]): BusyInterval[] {
  return [
    ...liveShiftIntervals(shifts).map((interval) => ({ ...interval, kind: 'shift' as const })),
    ...vacations
      .filter((vacation) => BLOCKING_VACATION_STATUSES.includes(vacation.status))
      .map((vacation) => ({ ...toInterval(vacation), kind: 'vacation' as const })),
  ];
}
