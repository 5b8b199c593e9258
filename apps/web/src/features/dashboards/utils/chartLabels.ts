import { DateTime } from 'luxon';

/** An ISO day as a short axis label, e.g. '2026-03-04' → 'Mar 4'. */
export const dayAxisLabel = (isoDate: string): string =>
  DateTime.fromISO(isoDate, { zone: 'utc' }).setLocale('en-US').toFormat('MMM d');

/** An hour of the day as the time selectors write it: 0 → '12 AM', 13 → '1 PM'. */
export function hourAxisLabel(hour: number): string {
  const suffix = hour < 12 ? 'AM' : 'PM';
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve} ${suffix}`;
}

export const HOURS_OF_DAY: readonly number[] = Array.from({ length: 24 }, (_, hour) => hour);
