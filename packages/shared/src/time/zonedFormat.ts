import { DateTime } from 'luxon';

const QUARTER_HOUR_MS = 15 * 60_000;
const MAX_CACHED_PER_ZONE = 200_000;
const offsetCache = new Map<string, Map<number, number>>();

/**
 * The zone's UTC offset in minutes at an instant. Clocks in the thirteen zones change on local hours and
 * offsets are multiples of 30 minutes, so the offset is constant within each UTC quarter hour: caching per
 * quarter hour makes formatting thousands of shifts cheap.
 */
export function zoneOffsetMinutes(epochMs: number, zone: string): number {
  let cache = offsetCache.get(zone);
  if (!cache) {
    cache = new Map();
    offsetCache.set(zone, cache);
  }
  const bucket = Math.floor(epochMs / QUARTER_HOUR_MS);
  const known = cache.get(bucket);
  if (known !== undefined) return known;
  const offset = DateTime.fromMillis(bucket * QUARTER_HOUR_MS, { zone }).offset;
  if (cache.size >= MAX_CACHED_PER_ZONE) cache.clear();
  cache.set(bucket, offset);
  return offset;
}

const pad = (value: number) => String(value).padStart(2, '0');

function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const absolute = Math.abs(minutes);
  return `${sign}${pad(Math.floor(absolute / 60))}:${pad(absolute % 60)}`;
}

/** ISO 8601 local time with the zone's offset, e.g. '2030-01-17T22:00:00-03:30' (milliseconds dropped when zero). */
export function isoInZone(epochMs: number, zone: string): string {
  const offset = zoneOffsetMinutes(epochMs, zone);
  const local = new Date(epochMs + offset * 60_000).toISOString();
  const withoutZone = local.endsWith('.000Z') ? local.slice(0, 19) : local.slice(0, 23);
  return `${withoutZone}${formatOffset(offset)}`;
}

/** The local calendar date (yyyy-MM-dd) of an instant in a zone. */
export function localDateInZone(epochMs: number, zone: string): string {
  return new Date(epochMs + zoneOffsetMinutes(epochMs, zone) * 60_000).toISOString().slice(0, 10);
}
