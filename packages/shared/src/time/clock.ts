import { DateTime } from 'luxon';

/** Top-bar clock text, e.g. '14:05:09 UTC' or '10:35:09 NDT'. */
export function formatClock(now: Date, zone: string): string {
  const moment = DateTime.fromJSDate(now, { zone });
  return `${moment.toFormat('HH:mm:ss')} ${zoneAbbreviation(now, zone)}`;
}

/** Zones whose short names ICU does not know in en-US (it prints 'GMT-3:30' for St. John's). */
const KNOWN_ABBREVIATIONS: Record<string, { standard: string; daylight: string }> = {
  'America/St_Johns': { standard: 'NST', daylight: 'NDT' },
};

/** Short name of a zone at a moment: EST, PDT, NST, ... */
export function zoneAbbreviation(now: Date, zone: string): string {
  if (zone === 'UTC' || zone === 'utc') return 'UTC';
  const moment = DateTime.fromJSDate(now, { zone });
  const known = KNOWN_ABBREVIATIONS[zone];
  if (known) return moment.isInDST ? known.daylight : known.standard;
  return moment.setLocale('en-US').toFormat('ZZZZ');
}
