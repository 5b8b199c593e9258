import { Info } from 'luxon';

/** From `fromMs` on (until the next transition) the zone is `offsetMinutes` from UTC. */
export type OffsetTransition = { fromMs: number; offsetMinutes: number };

const STEP_MS = 7 * 86_400_000;
const MINUTE_MS = 60_000;

/** Per zone, per UTC year: the offset at the year's first instant, then each change within the year. */
const transitionsByZone = new Map<string, Map<number, OffsetTransition[]>>();

const sameOffset = (a: number, b: number) => a === b || (Number.isNaN(a) && Number.isNaN(b));

/**
 * A UTC year's offsets, read from the zone once: a lookup a week, then a bisection to the minute wherever two lookups
 * differ. A change and its reversal within one week would be missed; no supported zone (nor any fixed offset) has
 * one, their changes are months apart. The zone's offset source (`source` below) is asked only here, so the
 * time-of-day filter and every formatter cost about a hundred lookups per zone and year instead of one per hour.
 */
function yearTransitions(zone: string, year: number): OffsetTransition[] {
  let years = transitionsByZone.get(zone);
  if (!years) {
    years = new Map();
    transitionsByZone.set(zone, years);
  }
  const known = years.get(year);
  if (known) return known;
  // The one place zone data is read: another tz source (a table of transitions) plugs in here.
  const source = Info.normalizeZone(zone);
  const offsetAt = (ms: number) => source.offset(ms);
  const yearStart = Date.UTC(year, 0, 1);
  const yearEnd = Date.UTC(year + 1, 0, 1);
  const transitions: OffsetTransition[] = [{ fromMs: yearStart, offsetMinutes: offsetAt(yearStart) }];
  let cursor = yearStart;
  let offsetBefore = transitions[0]?.offsetMinutes as number;
  while (cursor < yearEnd) {
    const next = Math.min(cursor + STEP_MS, yearEnd - MINUTE_MS);
    if (next <= cursor) break;
    if (sameOffset(offsetAt(next), offsetBefore)) {
      cursor = next;
      continue;
    }
    // The first minute in (cursor, next] with another offset; scanning goes on from there, so two changes in one
    // step are both found.
    let low = cursor;
    let high = next;
    while (high - low > MINUTE_MS) {
      const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
      if (sameOffset(offsetAt(middle), offsetBefore)) low = middle;
      else high = middle;
    }
    offsetBefore = offsetAt(high);
    transitions.push({ fromMs: high, offsetMinutes: offsetBefore });
    cursor = high;
  }
  years.set(year, transitions);
  return transitions;
}

/** The zone's UTC offset in minutes at an instant (NaN for an unknown zone or an instant outside the date range). */
export function offsetAt(zone: string, epochMs: number): number {
  const year = new Date(epochMs).getUTCFullYear();
  if (Number.isNaN(year)) return Number.NaN;
  const transitions = yearTransitions(zone, year);
  let offset = transitions[0]?.offsetMinutes as number;
  for (const transition of transitions) {
    if (transition.fromMs > epochMs) break;
    offset = transition.offsetMinutes;
  }
  return offset;
}

/**
 * The zone's UTC offsets over `[fromMs, toMs)`: the offset at `fromMs`, then one entry per change, in time order.
 * Every offset question (the zone's offset at an instant, the clock changes of a dashboard range) goes through here.
 */
export function zoneOffsetTransitions(zone: string, fromMs: number, toMs: number): OffsetTransition[] {
  const result: OffsetTransition[] = [];
  const firstYear = new Date(fromMs).getUTCFullYear();
  const lastYear = new Date(Math.max(fromMs, toMs - 1)).getUTCFullYear();
  for (let year = firstYear; year <= lastYear; year += 1) {
    for (const transition of yearTransitions(zone, year)) {
      if (transition.fromMs >= toMs) break;
      if (transition.fromMs <= fromMs) result[0] = { fromMs, offsetMinutes: transition.offsetMinutes };
      else if (result.at(-1)?.offsetMinutes !== transition.offsetMinutes) result.push(transition);
    }
  }
  return result;
}
