import type { Vacation } from '@shiftline/shared';

/** Rejected and canceled vacations are no longer days off, so the calendar leaves them out. */
export function isShownVacation(vacation: Vacation): boolean {
  return vacation.status !== 'vac_rejected' && vacation.status !== 'vac_canceled';
}
