/** A half-open span of time [start, end) in epoch milliseconds. */
export type Interval = { start: number; end: number };

export const MINUTE_MS = 60_000;

export function overlaps(a: Interval, b: Interval): boolean {
  return a.start < b.end && b.start < a.end;
}

export function contains(outer: Interval, inner: Interval): boolean {
  return inner.start >= outer.start && inner.end <= outer.end;
}

export const durationMinutes = (interval: Interval) => (interval.end - interval.start) / MINUTE_MS;

/** Every one of the thirteen zones is offset from UTC by a multiple of 30 minutes, so a quarter hour is one in UTC too. */
export function isOnStep(epochMs: number, stepMinutes: number): boolean {
  return epochMs % (stepMinutes * MINUTE_MS) === 0;
}
