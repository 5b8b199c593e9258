import { formatWorkingWindow as formatWindow } from '@shiftline/shared';

/**
 * A campaign's working window ('HH:mm' UTC times) in the viewer's zone, e.g. '9:00 AM – 5:00 PM', on the Home and
 * Campaigns pages: shared's formatter anchored on today's UTC date, so the offset follows daylight saving.
 */
export const formatWorkingWindow = (start: string | null, end: string | null, zone: string, now: Date): string =>
  formatWindow(start, end, now.toISOString().slice(0, 10), zone);
