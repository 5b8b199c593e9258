import { DateTime } from 'luxon';

/** A change of a zone's UTC offset: from `atUtc` on the zone is `offsetMinutes` from UTC. */
export type OffsetChange = { atUtc: string; offsetMinutes: number };

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/**
 * Every offset change of a zone in [fromMs, toMs) as the app's own code sees it (Luxon given the zone's name),
 * hour by hour, then to the minute. The browser test runs this same function in Chromium from a bundle built with the
 * web app's Vite config, and in Node for the server.
 */
export function zoneOffsetChanges(zone: string, fromMs: number, toMs: number): OffsetChange[] {
  const offsetAt = (ms: number) => DateTime.fromMillis(ms, { zone }).offset;
  const changes: OffsetChange[] = [];
  let before = offsetAt(fromMs);
  for (let hour = fromMs + HOUR_MS; hour < toMs; hour += HOUR_MS) {
    const offset = offsetAt(hour);
    if (offset === before) continue;
    let minute = hour - HOUR_MS;
    while (offsetAt(minute) === before) minute += MINUTE_MS;
    changes.push({ atUtc: new Date(minute).toISOString(), offsetMinutes: offset });
    before = offset;
  }
  return changes;
}

/** The kind of Luxon zone the app gets for a zone name ('tzdb' when the shared table answers). */
export const zoneKind = (zone: string): string => DateTime.fromMillis(0, { zone }).zone.type;
