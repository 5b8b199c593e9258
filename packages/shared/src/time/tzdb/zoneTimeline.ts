import type { PackedZone, YearlyChange } from './packedZone.js';
import { TZDB_RULE_FROM_YEAR } from './tzdbData.js';

/** A zone's offset and abbreviation for a while. */
export type ZonePeriod = { offsetMinutes: number; abbreviation: string };

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const MAX_CACHED_YEARS = 1_000;

/** The instant of a yearly change in a year, the local clock reading the offset in force before it. */
function changeInstant(year: number, [month, nth, weekday, minuteOfDay]: YearlyChange, offsetBefore: number): number {
  const firstOfMonth = Date.UTC(year, month - 1, 1);
  const firstWeekday = new Date(firstOfMonth).getUTCDay();
  const day = ((weekday - firstWeekday + 7) % 7) + (nth - 1) * 7;
  return firstOfMonth + day * DAY_MS + (minuteOfDay - offsetBefore) * MINUTE_MS;
}

/** A zone of the generated table, unpacked once: the periods in force and the instants where they change. */
export class ZoneTimeline {
  private readonly periods: ZonePeriod[];
  private readonly order: number[];
  private readonly changesMs: number[];
  private readonly ruleFromMs = Date.UTC(TZDB_RULE_FROM_YEAR, 0, 1);
  private readonly ruleYears = new Map<number, readonly [number, number]>();

  constructor(private readonly packed: PackedZone) {
    this.periods = packed.kinds.map(([offsetMinutes, abbreviation]) => ({ offsetMinutes, abbreviation }));
    this.order = [...packed.order].map((digit) => Number.parseInt(digit, 36));
    let minutes = 0;
    this.changesMs =
      packed.changes === ''
        ? []
        : packed.changes.split(' ').map((delta) => {
            minutes += Number.parseInt(delta, 36);
            return minutes * MINUTE_MS;
          });
  }

  /** The period in force at an instant (before the table's start: the first listed period). */
  periodAt(epochMs: number): ZonePeriod {
    if (epochMs >= this.ruleFromMs) return this.periodByRule(epochMs);
    const changes = this.changesMs;
    let low = 0;
    let high = changes.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((changes[middle] as number) <= epochMs) low = middle + 1;
      else high = middle;
    }
    return this.periods[this.order[low] as number] as ZonePeriod;
  }

  private periodByRule(epochMs: number): ZonePeriod {
    const { rule } = this.packed;
    if (!rule) return this.periods[this.order.at(-1) as number] as ZonePeriod;
    const standard = this.periods[rule.standard] as ZonePeriod;
    const daylight = this.periods[rule.daylight] as ZonePeriod;
    const year = new Date(epochMs).getUTCFullYear();
    let bounds = this.ruleYears.get(year);
    if (!bounds) {
      bounds = [
        changeInstant(year, rule.start, standard.offsetMinutes),
        changeInstant(year, rule.end, daylight.offsetMinutes),
      ];
      if (this.ruleYears.size >= MAX_CACHED_YEARS) this.ruleYears.clear();
      this.ruleYears.set(year, bounds);
    }
    return epochMs >= bounds[0] && epochMs < bounds[1] ? daylight : standard;
  }
}
