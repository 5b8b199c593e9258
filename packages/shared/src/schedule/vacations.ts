/** Vacation statuses all start with 'vac' (spec). */
export const VACATION_STATUSES = [
  'vac_pending',
  'vac_approved',
  'vac_rejected',
  'vac_cancel_requested',
  'vac_canceled',
] as const;
export type VacationStatus = (typeof VACATION_STATUSES)[number];

/** Reasons an agent can give for days off, with the names shown. */
export const VACATION_REASONS = {
  vacation: 'Vacation',
  sick: 'Sick leave',
  personal: 'Personal day',
  family: 'Family leave',
  training: 'Training',
} as const;
export type VacationReason = keyof typeof VACATION_REASONS;

/** Vacations that block shifts: approved ones, and approved ones whose cancellation is only requested. */
export const BLOCKING_VACATION_STATUSES: readonly VacationStatus[] = ['vac_approved', 'vac_cancel_requested'];
