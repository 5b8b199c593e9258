import { DateTime } from 'luxon';

/** 'Nov 23, 2026': the one display format of a local ISO date (yyyy-MM-dd) on every screen. */
export function formatDay(isoDate: string): string {
  return DateTime.fromISO(isoDate).setLocale('en-US').toFormat('LLL d, yyyy');
}

/** A range of whole days in the viewer's zone, as ISO dates (yyyy-MM-dd), both ends included. */
export type DayRange = { start: string; end: string };

/**
 * The date picker's OK rule: no date gives nothing (OK stays disabled), a single date becomes
 * that day to that day, and a start after the end is swapped.
 */
export function normalizeDayRange(picked: readonly string[]): DayRange | null {
  const dates = picked.filter((value) => value !== '');
  if (dates.length === 0) return null;
  const first = dates[0] as string;
  const last = (dates[1] ?? first) as string;
  return first <= last ? { start: first, end: last } : { start: last, end: first };
}

/** The spec's fixed periods: one month back and one month forward from today, in the zone. */
export function fixedPeriodBounds(now: Date, zone: string): DayRange {
  const today = DateTime.fromJSDate(now, { zone }).startOf('day');
  return {
    start: today.minus({ months: 1 }).toISODate() as string,
    end: today.plus({ months: 1 }).toISODate() as string,
  };
}

/** Start of the first day and end of the last day of a range, as Unix seconds. */
export function dayRangeToUnix(range: DayRange, zone: string): { start: number; end: number } {
  const start = DateTime.fromISO(range.start, { zone }).startOf('day');
  const end = DateTime.fromISO(range.end, { zone }).endOf('day');
  return { start: Math.floor(start.toSeconds()), end: Math.floor(end.toSeconds()) };
}

/** A date is selectable when its day ends at or after the user's display-from moment. */
export function isSelectableDay(isoDate: string, displayFromUtc: string | null, zone: string): boolean {
  if (displayFromUtc === null) return true;
  const dayEnd = DateTime.fromISO(isoDate, { zone }).endOf('day');
  return dayEnd >= DateTime.fromISO(displayFromUtc, { zone: 'utc' });
}

/** The day range to show when nothing is stored yet: today. */
export function todayRange(now: Date, zone: string): DayRange {
  const today = DateTime.fromJSDate(now, { zone }).toISODate() as string;
  return { start: today, end: today };
}
