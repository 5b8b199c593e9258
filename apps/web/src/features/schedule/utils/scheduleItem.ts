import type { BreakType, Shift, Vacation } from '@shiftline/shared';

/** What a calendar event stands for; carried in the event's extendedProps. */
export type ScheduleItem =
  | { kind: 'shift'; shift: Shift }
  | { kind: 'break'; type: BreakType; start: number; end: number; shift: Shift }
  | { kind: 'vacation'; vacation: Vacation };
