import { DateTime } from 'luxon';

/** The 'date' parameter of a location hash ('#date=2026-11-23'), when it names a real day. */
export function dateFromHash(hash: string): string | null {
  const value = new URLSearchParams(hash.replace(/^#/, '')).get('date');
  if (value === null || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  return DateTime.fromISO(value).isValid ? value : null;
}

/** The hash with its 'date' parameter set, other parameters kept. */
export function hashWithDate(hash: string, day: string): string {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  params.set('date', day);
  return `#${params.toString()}`;
}
