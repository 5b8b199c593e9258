import type { DayRange } from '@shiftline/shared';
import { DateTime } from 'luxon';

const LAST_MONTH_DAYS = 30;

const todayIn = (now: Date, zone: string) => DateTime.fromJSDate(now, { zone }).startOf('day');

/** The last-month graph's days: the 30 days ending today in the zone, today included. */
export function lastThirtyDays(now: Date, zone: string): DayRange {
  const today = todayIn(now, zone);
  return {
    start: today.minus({ days: LAST_MONTH_DAYS - 1 }).toISODate() as string,
    end: today.toISODate() as string,
  };
}

/** Yesterday in the zone, as a one-day range. */
export function yesterdayRange(now: Date, zone: string): DayRange {
  const day = todayIn(now, zone).minus({ days: 1 }).toISODate() as string;
  return { start: day, end: day };
}

/** How many calendar days a range covers, both ends included (a one-day range is 1). */
export function dayCount(range: DayRange): number {
  const start = DateTime.fromISO(range.start, { zone: 'utc' });
  const end = DateTime.fromISO(range.end, { zone: 'utc' });
  return Math.max(1, Math.round(end.diff(start, 'days').days) + 1);
}

/** A range as the date pickers write it: 'Mar 4, 2026', 'Mar 2 – Mar 4, 2026', 'Dec 30, 2025 – Jan 2, 2026'. */
