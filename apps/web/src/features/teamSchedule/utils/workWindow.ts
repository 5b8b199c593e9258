import { formatHoursOn, openIntervals, type WorkingHours } from '@shiftline/shared';
import { dayInterval } from '../../schedule';
import { spanOnDay, type TimelineSpan } from './timeline';

/**
 * The bars of a campaign's open time on the viewer's local day (shared's rule): a night window shows as its end in
 * the morning and its start in the evening, two bars; open time running on through midnight is one bar to the edge.
 */
export function workWindowBars(hours: WorkingHours, day: string, zone: string): TimelineSpan[] {
  const bounds = dayInterval(day, zone);
  return openIntervals(hours, bounds.start, bounds.end).flatMap(
    (interval) => spanOnDay(interval.start, interval.end, day, zone) ?? [],
  );
}

/** The label: the window that opens on that date in the campaign's zone, in the viewer's zone, or why it is closed. */
export const workWindowText = (hours: WorkingHours, day: string, zone: string): string =>
  formatHoursOn(hours, day, zone);
