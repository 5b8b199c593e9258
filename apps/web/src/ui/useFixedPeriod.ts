import { type DayRange, dayRangeToUnix, fixedPeriodBounds } from '@shiftline/shared';
import { DateTime } from 'luxon';
import { useMemo } from 'react';

export type FixedPeriod = { range: DayRange; unix: { start: number; end: number } };

/**
 * The spec's fixed period, one month back to one month forward from today in `zone`, as days and
 * as Unix seconds (the bounds the dashboards send before agent lists load).
 */
export function useFixedPeriod(zone: string): FixedPeriod {
  // Keyed by today's date, so it is recomputed when the day changes rather than on every render.
  const today = DateTime.now().setZone(zone).toISODate() as string;
  return useMemo(() => {
    const range = fixedPeriodBounds(DateTime.fromISO(today, { zone }).toJSDate(), zone);
    return { range, unix: dayRangeToUnix(range, zone) };
  }, [today, zone]);
}
