/**
 * Calendar arithmetic on local dates as whole day numbers (days since 1970-01-01), free of any zone:
 * a planner's dates are wall-calendar dates, and only the final shift start meets the time zone.
 */

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day number of an ISO date (yyyy-MM-dd), or null when the text is not a real date. */
export function dayNumberOf(isoDate: string): number | null {
  const match = ISO_DATE.exec(isoDate);
  if (!match) return null;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const ms = Date.UTC(year, month - 1, day);
  const check = new Date(ms);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return ms / DAY_MS;
}

/** Like dayNumberOf for dates already known to be valid. */
export function dayNumber(isoDate: string): number {
  const day = dayNumberOf(isoDate);
  if (day === null) throw new RangeError(`not an ISO date: ${isoDate}`);
  return day;
}

export const isoDateOf = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
export const weekdayOf = (day: number): number => (((day + 4) % 7) + 7) % 7;

/** The Sunday that starts the week holding the day (weeks start on Sunday, as in the calendar). */
export const weekStartOf = (day: number): number => day - weekdayOf(day);
