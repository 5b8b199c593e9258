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

/**
 * Yesterday up to the same time of day, to set against today so far: from yesterday's midnight in the zone to
 * the same wall-clock time yesterday, rounded to the nearest whole hour (the call rollups' grain; at least the
 * first hour). As Unix seconds, the end inclusive; `upTo` is the local time the range ends at, e.g. '10:00 AM'.
 */
export function yesterdaySoFar(now: Date, zone: string): { start: number; end: number; upTo: string } {
  const start = DateTime.fromISO(yesterdayRange(now, zone).start, { zone });
  const sameTime = DateTime.fromJSDate(now, { zone }).minus({ days: 1 });
  const rounded = sameTime.startOf('hour').plus({ hours: sameTime.minute >= 30 ? 1 : 0 });
  const cutoff = rounded <= start ? start.plus({ hours: 1 }) : rounded;
  return {
    start: Math.floor(start.toSeconds()),
    end: Math.floor(cutoff.toSeconds()) - 1,
    upTo: cutoff.setLocale('en-US').toFormat('h:mm a'),
  };
}
