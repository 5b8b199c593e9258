import { type DayRange, formatDay, type VacationStatus } from '@shiftline/shared';
import { DateTime } from 'luxon';

/** A day range as the server takes it: from the start of the first local day to the start of the day after the last. */
export function dayRangeToInstants(range: DayRange, zone: string): { start: string; end: string } {
  const start = DateTime.fromISO(range.start, { zone }).startOf('day');
  const end = DateTime.fromISO(range.end, { zone }).startOf('day').plus({ days: 1 });
  return { start: start.toUTC().toISO() as string, end: end.toUTC().toISO() as string };
}

/** The local day nearest to a moment in a zone: the start of that day. */
const nearestDayStart = (iso: string, zone: string) =>
  DateTime.fromISO(iso, { zone }).plus({ hours: 12 }).startOf('day');

/**
 * The days a vacation covers. Days off are their owner's local days, so pass the owner's zone (the days-off list
 * carries it): then the dates and their count are the same for every viewer. Where only the viewer's zone is known,
 * each end is taken to the nearest midnight, which gives the owner's days too (the product's zones are at most 6.5
 * hours apart): a Toronto request for Nov 24 – 25 reads Nov 24 – 25 in Chicago, not Nov 23 – 25.
 */
export function vacationDays(startUtc: string, endUtc: string, zone: string): DayRange {
  const first = nearestDayStart(startUtc, zone);
  const after = nearestDayStart(endUtc, zone);
  const last = after > first ? after.minus({ days: 1 }) : first;
  return { start: first.toISODate() as string, end: last.toISODate() as string };
}

/** 'Nov 23, 2026 – Nov 27, 2026', or one date for a single day. */
export function formatDays(range: DayRange): string {
  return range.start === range.end ? formatDay(range.start) : `${formatDay(range.start)} – ${formatDay(range.end)}`;
}

/** Whole local days in the range, both ends included. */
export function countDays(range: DayRange): number {
  return Math.round(DateTime.fromISO(range.end).diff(DateTime.fromISO(range.start), 'days').days) + 1;
}

type StatusLook = { label: string; color: 'default' | 'warning' | 'success' | 'error' | 'info' };

export const VACATION_STATUS_LOOK: Record<VacationStatus, StatusLook> = {
  vac_pending: { label: 'Pending', color: 'warning' },
  vac_approved: { label: 'Approved', color: 'success' },
  vac_rejected: { label: 'Rejected', color: 'error' },
  vac_cancel_requested: { label: 'Cancellation requested', color: 'info' },
  vac_canceled: { label: 'Canceled', color: 'default' },
};
