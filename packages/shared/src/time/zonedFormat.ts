import { offsetAt } from './offsetTransitions.js';

/**
 * The zone's UTC offset in minutes at an instant. Offsets come from the zone's transitions, read once per zone and
 * year (offsetTransitions.ts), so formatting thousands of shifts or checking every hour of a year stays cheap.
 */
export function zoneOffsetMinutes(epochMs: number, zone: string): number {
  return offsetAt(zone, epochMs);
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
