import { DateTime } from 'luxon';

const inZone = (epochMs: number, zone: string) => DateTime.fromMillis(epochMs, { zone }).setLocale('en-US');

/** '9:00 AM': a moment's wall-clock time in the viewer's zone. */
export function formatTime(epochMs: number, zone: string): string {
  return inZone(epochMs, zone).toFormat('h:mm a');
}

/** '9:00 AM – 6:00 PM'. */
export function formatTimeRange(start: number, end: number, zone: string): string {
  return `${formatTime(start, zone)} – ${formatTime(end, zone)}`;
}

/** The start and end of a local day in a zone, as an interval of instants (23 or 25 hours on DST days). */
export function dayInterval(day: string, zone: string): { start: number; end: number } {
  const start = DateTime.fromISO(day, { zone }).startOf('day');
  return { start: start.toMillis(), end: start.plus({ days: 1 }).toMillis() };
}
