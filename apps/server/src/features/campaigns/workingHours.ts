import type { WorkingHours } from '@shiftline/shared';

/**
 * A campaign's working hours as its row keeps them (time_zone, working_hours: the week, holidays) and as the API and
 * the shared rule (shared/time/workingHours.ts) take them: one object.
 */
export type HoursColumns = {
  time_zone: string;
  working_hours: WorkingHours['weekly'];
  holidays: WorkingHours['holidays'];
};

export const HOURS_COLUMNS = ['campaigns.time_zone', 'campaigns.working_hours', 'campaigns.holidays'] as const;

export const workingHoursOf = (row: HoursColumns): WorkingHours => ({
  time_zone: row.time_zone,
  weekly: row.working_hours,
  holidays: row.holidays,
});

/** A campaign row with its hours as one object, as the API answers it. */
export function withWorkingHours<Row extends HoursColumns>({ time_zone, working_hours, holidays, ...rest }: Row) {
  return { ...rest, working_hours: workingHoursOf({ time_zone, working_hours, holidays }) };
}

/** The columns to write (jsonb as JSON text). */
export const hoursColumns = (hours: WorkingHours) => ({
  time_zone: hours.time_zone,
  working_hours: JSON.stringify(hours.weekly),
  holidays: JSON.stringify(hours.holidays),
});
