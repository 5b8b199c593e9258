import { DateTime } from 'luxon';
import { DAY_MINUTES, type TimelineSpan } from './timeline';

/**
 * A campaign window time ('HH:mm' UTC) as a wall-clock minute of the local day; 'None' (null)
 * is 12 AM (spec). The day's own UTC date anchors it, so the offset follows daylight saving.
 */
export function windowMinute(utcTime: string | null, day: string, zone: string): number {
  if (utcTime === null) return 0;
  const moment = DateTime.fromISO(`${day}T${utcTime}`, { zone: 'utc' });
  if (!moment.isValid) return 0;
  const local = moment.setZone(zone);
  return local.hour * 60 + local.minute;
}

/**
 * The bars of a campaign's working window on the local day's timeline. A window whose start is
 * later than its end (in local time) is a night shift, drawn in two bars: from midnight to the
 * end, and from the start to midnight. Equal times are open all day.
 */
export function workWindowBars(start: string | null, end: string | null, day: string, zone: string): TimelineSpan[] {
  const from = windowMinute(start, day, zone);
  const to = windowMinute(end, day, zone);
  if (from === to) return [{ from: 0, to: DAY_MINUTES }];
  if (from < to) return [{ from, to }];
  return [
    { from: 0, to },
    { from, to: DAY_MINUTES },
  ].filter((bar) => bar.to > bar.from);
}

/** '9:00 AM', or '12 AM'-style for None: one window time in the viewer's zone. */
export function formatWindowTime(utcTime: string | null, day: string, zone: string): string {
  const minute = windowMinute(utcTime, day, zone);
  return DateTime.fromObject({ hour: Math.floor(minute / 60), minute: minute % 60 })
    .setLocale('en-US')
    .toFormat('h:mm a');
}

/** '10:00 PM – 6:00 AM (night)': the window as the campaign row labels it. */
export function formatWorkWindow(start: string | null, end: string | null, day: string, zone: string): string {
  const text = `${formatWindowTime(start, day, zone)} – ${formatWindowTime(end, day, zone)}`;
  return windowMinute(start, day, zone) > windowMinute(end, day, zone) ? `${text} (night)` : text;
}
