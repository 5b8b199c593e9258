import { overlaps, type Shift, type Vacation } from '@shiftline/shared';
import { isShownVacation } from './isShownVacation';
import { dayInterval } from './localTime';

/**
 * How many dated events the month cell of a local day holds: shifts of any status and the vacations
 * shown, each counted on every day it touches (as the grid draws it).
 */
export function countDatedEvents(day: string, zone: string, shifts: readonly Shift[], vacations: readonly Vacation[]) {
  const cell = dayInterval(day, zone);
  const touches = (item: { start_utc: string; end_utc: string }) =>
    overlaps(cell, { start: Date.parse(item.start_utc), end: Date.parse(item.end_utc) });
  return shifts.filter(touches).length + vacations.filter(isShownVacation).filter(touches).length;
}
