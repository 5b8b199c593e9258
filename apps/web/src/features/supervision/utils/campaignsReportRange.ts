import { dayRangeToUnix, normalizeDayRange } from '@shiftline/shared';

/**
 * Spec §5: the campaigns report loads only for a range of exactly two dates, from the start of the first day to the
 * end of the last (Unix seconds) in the viewer's zone; anything else gives no request.
 */
export function campaignsReportRange(
  dates: readonly string[],
  zone: string,
): { start: number; end: number; timezone: string } | null {
  if (dates.length !== 2 || dates.some((date) => !/^\d{4}-\d{2}-\d{2}$/.test(date))) return null;
  const range = normalizeDayRange(dates);
  return range ? { ...dayRangeToUnix(range, zone), timezone: zone } : null;
}
