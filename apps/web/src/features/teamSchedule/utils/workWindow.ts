import { windowMinute } from '@shiftline/shared';
import { DAY_MINUTES, type TimelineSpan } from './timeline';

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
