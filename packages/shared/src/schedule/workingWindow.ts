import { DateTime } from 'luxon';

/**
 * A campaign window time ('HH:mm' UTC) as a wall-clock minute of the local day; 'None' (null) is 12 AM (spec).
 * The UTC date `day` anchors the time, so the offset follows daylight saving.
 */
export function windowMinute(utcTime: string | null, day: string, zone: string): number {
  if (utcTime === null) return 0;
  const moment = DateTime.fromISO(`${day}T${utcTime}`, { zone: 'utc' });
  if (!moment.isValid) return 0;
  const local = moment.setZone(zone);
  return local.hour * 60 + local.minute;
}

/** '9:00 AM': one window time in the viewer's zone; None as '12:00 AM'. */
export function formatWindowTime(utcTime: string | null, day: string, zone: string): string {
  const minute = windowMinute(utcTime, day, zone);
  return DateTime.fromObject({ hour: Math.floor(minute / 60), minute: minute % 60 })
    .setLocale('en-US')
    .toFormat('h:mm a');
}

/** A window whose local start is later than its end runs past midnight: the spec draws it as a night shift. */
export const isNightWindow = (start: string | null, end: string | null, day: string, zone: string): boolean =>
  windowMinute(start, day, zone) > windowMinute(end, day, zone);

/**
 * A campaign's working window in the viewer's zone, e.g. '9:00 AM – 5:00 PM' or '10:00 PM – 6:00 AM (night)', the
 * one formatter of every screen that shows it. `day` (yyyy-MM-dd) anchors the UTC times.
 */
export function formatWorkingWindow(start: string | null, end: string | null, day: string, zone: string): string {
  const text = `${formatWindowTime(start, day, zone)} – ${formatWindowTime(end, day, zone)}`;
  return isNightWindow(start, end, day, zone) ? `${text} (night)` : text;
}
