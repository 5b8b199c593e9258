import { DateTime } from 'luxon';

// The spec shows a campaign without a window time ('None') as 12 AM.
const NO_TIME = '12:00 AM';

function localTime(utcTime: string | null, utcDate: string, zone: string): DateTime | null {
  if (utcTime === null) return null;
  const moment = DateTime.fromISO(`${utcDate}T${utcTime}`, { zone: 'utc' });
  return moment.isValid ? moment.setZone(zone).setLocale('en-US') : null;
}

/**
 * A campaign's working window ('HH:mm' UTC times) in the viewer's zone, e.g. '9:00 AM – 5:00 PM'.
 * Today's UTC date anchors the times, so the offset follows daylight saving.
 */
export function formatWorkingWindow(start: string | null, end: string | null, zone: string, now: Date): string {
  const utcDate = DateTime.fromJSDate(now, { zone: 'utc' }).toISODate() as string;
  const from = localTime(start, utcDate, zone);
  const to = localTime(end, utcDate, zone);
  const text = `${from?.toFormat('h:mm a') ?? NO_TIME} – ${to?.toFormat('h:mm a') ?? NO_TIME}`;
  const overnight = from !== null && to !== null && from.toFormat('HH:mm') > to.toFormat('HH:mm');
  return overnight ? `${text} (overnight)` : text;
}
