import { todayHours, type WorkingHours } from '@shiftline/shared';

/**
 * A campaign's hours today (its own today) in the viewer's zone for the Home and Campaigns pages, and whether it is
 * open now, e.g. '9:00 AM – 5:00 PM · open now' or 'Closed (Canada Day)': shared's one rule.
 */
export function formatWorkingWindow(hours: WorkingHours, zone: string, now: Date): string {
  const today = todayHours(hours, now.getTime(), zone);
  return `${today.text} · ${today.open ? 'open now' : 'closed now'}`;
}
