import { DateTime } from 'luxon';

/**
 * FullCalendar turns a named zone into times through the browser's own Intl data, which can disagree with the shared
 * tz table the rest of the app reads (Chromium, Firefox and Node each ship their own tz release). So calendars run in
 * UTC on wall-clock markers: an instant becomes the zone's local reading written as if it were UTC, computed by Luxon
 * from the table, and a marker's UTC fields are the local date and time.
 */
export const CALENDAR_TIME_ZONE = 'UTC';

/** An instant as a FullCalendar marker in a zone (epoch milliseconds of the local wall-clock reading). */
export function calendarMarker(epochMs: number, zone: string): number {
  return epochMs + DateTime.fromMillis(epochMs, { zone }).offset * 60_000;
}

/** The local ISO date (yyyy-MM-dd) of a marker. */
export const markerDate = (marker: Date): string => marker.toISOString().slice(0, 10);

/** FullCalendar's `now` in a zone, so 'today' and the now indicator follow the table too. */
export const calendarNow = (zone: string) => (): Date => new Date(calendarMarker(Date.now(), zone));
