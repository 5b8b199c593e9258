import { DateTime } from 'luxon';

/** '5 minutes ago'; 'just now' for the last minute (and for a server clock slightly ahead). */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const at = DateTime.fromISO(iso);
  if (!at.isValid) return '';
  if (Math.abs(now - at.toMillis()) < 60_000) return 'just now';
  return at.toRelative({ base: DateTime.fromMillis(now), locale: 'en-US' }) ?? '';
}

/** 'Nov 23, 2026, 9:05 AM' in the viewer's zone, for the tooltip. */
export function absoluteTime(iso: string, zone: string): string {
  const at = DateTime.fromISO(iso, { zone }).setLocale('en-US');
  return at.isValid ? at.toFormat('LLL d, yyyy, h:mm a') : '';
}
