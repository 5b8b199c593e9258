/** Time pickers step 15 minutes (spec). */
export const STEP_MINUTES = 15;

/** A lunch is added when a shift is over 300 minutes, a second break when over 480 (spec). */
export const LUNCH_AFTER_MINUTES = 300;
export const SECOND_BREAK_AFTER_MINUTES = 480;

/** Break and lunch lengths are "not shown" in the spec: 15 and 30 minutes are the North American norm. */
export const BREAK_MINUTES = { break: 15, lunch: 30 } as const;

/** The shortest shift accepted: a shift always holds a break, so it needs room for work around it. */
export const MIN_SHIFT_MINUTES = 60;

/** The longest shift accepted: beyond this an entry is a typing mistake, not a shift. */
export const MAX_SHIFT_MINUTES = 16 * 60;

/** The schedule dialog opens only when the day cell holds fewer than this many dated events (spec). */
export const MAX_DAY_EVENTS_FOR_DIALOG = 3;

/** Calendar sizes from the spec. */
export const CALENDAR_HEIGHTS = { month: 600, day: 1000, dayIntervalHeight: 24 } as const;

export const SHIFT_STATUSES = ['pending', 'approved', 'canceled', 'free_shift'] as const;
export type ShiftStatus = (typeof SHIFT_STATUSES)[number];

/** Shifts that schedule someone: canceled shifts and open free-shift offers take nobody's time. */
export const LIVE_SHIFT_STATUSES = ['pending', 'approved'] as const satisfies readonly ShiftStatus[];
export type LiveShiftStatus = (typeof LIVE_SHIFT_STATUSES)[number];
export const isLiveShift = (status: ShiftStatus): status is LiveShiftStatus =>
  (LIVE_SHIFT_STATUSES as readonly ShiftStatus[]).includes(status);

export const BREAK_TYPES = ['break', 'lunch'] as const;
export type BreakType = (typeof BREAK_TYPES)[number];

/** The personal calendar's status filter entries (spec §3): the free-shift status is never listed. */
export const STATUS_CATALOGUE = [
  { key: 'PENDING', status: 'pending', label: 'Pending', color: '#b45309', always_visible: true },
  { key: 'APPROVED', status: 'approved', label: 'Approved', color: '#15803d', always_visible: true },
  { key: 'CANCELED', status: 'canceled', label: 'Canceled', color: '#dc2626', always_visible: false },
  { key: 'FREE_SHIFT', status: 'free_shift', label: 'Free shift', color: '#7c3aed', always_visible: false },
] as const;
export type StatusEntry = (typeof STATUS_CATALOGUE)[number];
