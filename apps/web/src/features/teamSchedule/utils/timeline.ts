import { DateTime } from 'luxon';
import { dayInterval } from '../../schedule';

/** The 24-hour timeline's labels: '12 AM', '1 AM' … '11 AM', 'Noon', '1 PM' … '11 PM'. */
export const HOUR_LABELS: readonly string[] = Array.from({ length: 24 }, (_, hour) => {
  if (hour === 0) return '12 AM';
  if (hour === 12) return 'Noon';
  return hour < 12 ? `${hour} AM` : `${hour - 12} PM`;
});

export const DAY_MINUTES = 24 * 60;

/** A span on the day's timeline, in local minutes from midnight (0–1440). */
export type TimelineSpan = { from: number; to: number };

/** The last day asked for: a day panel asks for the same day's bounds thousands of times a render. */
let lastBounds: { day: string; zone: string; bounds: { start: number; end: number } } | null = null;

function boundsOf(day: string, zone: string): { start: number; end: number } {
  if (lastBounds?.day === day && lastBounds.zone === zone) return lastBounds.bounds;
  const bounds = dayInterval(day, zone);
  lastBounds = { day, zone, bounds };
  return bounds;
}

/** The wall-clock minute of an instant in the zone; the end of the day counts as 1440. */
function minuteOfDay(epochMs: number, bounds: { start: number; end: number }, zone: string): number {
  if (epochMs >= bounds.end) return DAY_MINUTES;
  // A day of 24 hours has no clock change: its wall-clock minute is the time since midnight, without asking
  // the zone (which costs more than drawing the bar).
  if (bounds.end - bounds.start === DAY_MINUTES * 60_000) return Math.floor((epochMs - bounds.start) / 1000) / 60;
  const local = DateTime.fromMillis(epochMs, { zone });
  return local.hour * 60 + local.minute + local.second / 60;
}

/**
 * Where an interval lies on a local day's 24-hour timeline, clipped to the day (a shift crossing
 * midnight shows its part of this day); null when it does not touch the day.
 */
export function spanOnDay(start: number, end: number, day: string, zone: string): TimelineSpan | null {
  const bounds = boundsOf(day, zone);
  if (end <= bounds.start || start >= bounds.end) return null;
  const from = start <= bounds.start ? 0 : minuteOfDay(start, bounds, zone);
  const to = minuteOfDay(end, bounds, zone);
  if (to <= from) return null;
  return { from, to };
}

/** A span as CSS left and width percentages of the timeline. */
export function spanStyle(span: TimelineSpan): { left: string; width: string } {
  return {
    left: `${(span.from / DAY_MINUTES) * 100}%`,
    width: `${((span.to - span.from) / DAY_MINUTES) * 100}%`,
  };
}

/** Whether an item with UTC instants touches the local day. */
export function touchesDay(item: { start_utc: string; end_utc: string }, day: string, zone: string): boolean {
  const bounds = boundsOf(day, zone);
  return Date.parse(item.start_utc) < bounds.end && Date.parse(item.end_utc) > bounds.start;
}
