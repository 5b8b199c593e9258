import { DateTime } from 'luxon';

/** The datetime-local input's value for an instant in the agent's zone (minutes). */
export function toLocalInput(epochMs: number, zone: string): string {
  return DateTime.fromMillis(epochMs, { zone }).toFormat("yyyy-LL-dd'T'HH:mm");
}

/** A datetime-local value read in the agent's zone, as Unix seconds; null when it is not a time. */
export function localInputToUnix(value: string, zone: string): number | null {
  const time = DateTime.fromISO(value, { zone });
  return time.isValid ? Math.floor(time.toSeconds()) : null;
}

/** A callback's time as the agent reads it: 'Thu 15 Jan 2026, 10:30 EST'. */
export function formatCallbackTime(iso: string, zone: string): string {
  const time = DateTime.fromISO(iso, { setZone: true });
  return time.isValid ? time.setZone(zone).toFormat('ccc d LLL yyyy, HH:mm ZZZZ') : iso;
}

/** How far ahead the first offered callback time is at least: time to finish the call and the form. */
const OFFER_AHEAD_MINUTES = 15;

/**
 * The callback time first offered: the first full hour at least 15 minutes from now. Read from the same clock, every
 * picker (the call page's, the after-call form's) offers the same time.
 */
export function nextFullHour(nowMs: number, zone: string): number {
  return DateTime.fromMillis(nowMs, { zone })
    .plus({ minutes: OFFER_AHEAD_MINUTES })
    .startOf('hour')
    .plus({ hours: 1 })
    .toMillis();
}
