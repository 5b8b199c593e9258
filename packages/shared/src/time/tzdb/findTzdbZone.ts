import { TzdbZone } from './TzdbZone.js';
import { TZDB_ZONES } from './tzdbData.js';
import { ZoneTimeline } from './zoneTimeline.js';

const byLowerName = new Map(Object.keys(TZDB_ZONES).map((name) => [name.toLowerCase(), name]));
const zones = new Map<string, TzdbZone>();

/** The table's zone of that IANA name (any letter case, as Intl accepts), or null when the table lacks it. */
export function findTzdbZone(name: string): TzdbZone | null {
  const canonical = byLowerName.get(name.toLowerCase());
  if (canonical === undefined) return null;
  let zone = zones.get(canonical);
  if (!zone) {
    zone = new TzdbZone(canonical, new ZoneTimeline(TZDB_ZONES[canonical] as (typeof TZDB_ZONES)[string]));
    zones.set(canonical, zone);
  }
  return zone;
}
