import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { TIME_ZONE_IDS, zoneOffsetMinutes, zoneOffsetTransitions } from '../src/index.js';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const luxonOffset = (ms: number, zone: string) => DateTime.fromMillis(ms, { zone }).offset;

describe('zone offset transitions', () => {
  it('finds every clock change of the thirteen zones from 2025 to 2028 to the minute, as Luxon has them', () => {
    const from = Date.parse('2025-01-01T00:00:00Z');
    const to = Date.parse('2029-01-01T00:00:00Z');
    const wrong: string[] = [];
    for (const zone of TIME_ZONE_IDS) {
      const transitions = zoneOffsetTransitions(zone, from, to);
      expect(transitions[0], zone).toEqual({ fromMs: from, offsetMinutes: luxonOffset(from, zone) });
      // Each change is where Luxon's offset changes, to the minute...
      for (const [index, change] of transitions.entries()) {
        const previous = transitions[index - 1];
        if (!previous) continue;
        if (luxonOffset(change.fromMs - MINUTE, zone) !== previous.offsetMinutes)
          wrong.push(`${zone} before ${new Date(change.fromMs).toISOString()}`);
        if (luxonOffset(change.fromMs, zone) !== change.offsetMinutes)
          wrong.push(`${zone} at ${new Date(change.fromMs).toISOString()}`);
      }
      // ...and none is missed: the offset at every day's noon UTC is the one the transitions give.
      for (let noon = from + 12 * HOUR; noon < to; noon += 24 * HOUR) {
        const expected = transitions.findLast((transition) => transition.fromMs <= noon)?.offsetMinutes;
        if (luxonOffset(noon, zone) !== expected) wrong.push(`${zone} missed before ${new Date(noon).toISOString()}`);
      }
    }
    expect(wrong).toEqual([]);
    // Zones whose rules nobody is changing: twice a year in Toronto and St. John's, never in Phoenix.
    expect(zoneOffsetTransitions('America/Toronto', from, to)).toHaveLength(9);
    expect(zoneOffsetTransitions('America/St_Johns', from, to)).toHaveLength(9);
    expect(zoneOffsetTransitions('America/Phoenix', from, to)).toHaveLength(1);
  });

  it('gives the offset of every hour of 2026 in Toronto and St. John’s as Luxon does, and NaN for an unknown zone', () => {
    const wrong: string[] = [];
    for (const zone of ['America/Toronto', 'America/St_Johns']) {
      for (let ms = Date.parse('2026-01-01T00:00:00Z'); ms < Date.parse('2027-01-01T00:00:00Z'); ms += HOUR / 2) {
        if (zoneOffsetMinutes(ms, zone) !== luxonOffset(ms, zone)) wrong.push(`${zone} ${new Date(ms).toISOString()}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(zoneOffsetMinutes(Date.parse('2026-07-01T00:00:00Z'), 'UTC-3:30')).toBe(-210);
    expect(zoneOffsetMinutes(0, 'Not/A_Zone')).toBeNaN();
  });

  it('cuts a range to its own bounds and joins years without a repeated offset', () => {
    const from = Date.parse('2026-06-15T00:00:00Z');
    const to = Date.parse('2027-06-15T00:00:00Z');
    expect(
      zoneOffsetTransitions('America/Toronto', from, to).map((t) => [
        new Date(t.fromMs).toISOString(),
        t.offsetMinutes,
      ]),
    ).toEqual([
      ['2026-06-15T00:00:00.000Z', -240],
      ['2026-11-01T06:00:00.000Z', -300],
      ['2027-03-14T07:00:00.000Z', -240],
    ]);
    expect(zoneOffsetTransitions('America/Phoenix', from, to)).toEqual([{ fromMs: from, offsetMinutes: -420 }]);
  });
});
