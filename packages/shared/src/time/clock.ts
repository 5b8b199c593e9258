import { DateTime } from 'luxon';

/** Top-bar clock text, e.g. '14:05:09 UTC' or '10:35:09 NDT'. */
export function formatClock(now: Date, zone: string): string {
  const moment = DateTime.fromJSDate(now, { zone });
  return `${moment.toFormat('HH:mm:ss')} ${zoneAbbreviation(now, zone)}`;
}

/** Short name of a zone at a moment: EST, PDT, NST, ... (the tzdb table's abbreviations for the thirteen zones). */
export function zoneAbbreviation(now: Date, zone: string): string {
  if (zone === 'UTC' || zone === 'utc') return 'UTC';
  return DateTime.fromJSDate(now, { zone }).setLocale('en-US').toFormat('ZZZZ');
}
