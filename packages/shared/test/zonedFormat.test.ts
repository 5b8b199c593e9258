import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { isoInZone, localDateInZone, TIME_ZONE_IDS } from '../src/index.js';

describe('fast zoned formatting', () => {
  it('matches Luxon for any instant in the thirteen zones, across clock changes (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({
          min: Date.parse('2020-01-01T00:00:00Z') / 60_000,
          max: Date.parse('2035-12-31T00:00:00Z') / 60_000,
        }),
        fc.constantFrom(...TIME_ZONE_IDS),
        (minute, zone) => {
          const ms = minute * 60_000;
          const reference = DateTime.fromMillis(ms, { zone });
          expect(isoInZone(ms, zone)).toBe(reference.toISO({ suppressMilliseconds: true }));
          expect(localDateInZone(ms, zone)).toBe(reference.toISODate());
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("formats the minutes around St. John's and Toronto clock changes exactly", () => {
    expect(isoInZone(Date.parse('2026-03-08T05:29:00Z'), 'America/St_Johns')).toBe('2026-03-08T01:59:00-03:30');
    expect(isoInZone(Date.parse('2026-03-08T05:30:00Z'), 'America/St_Johns')).toBe('2026-03-08T03:00:00-02:30');
    expect(isoInZone(Date.parse('2026-11-01T05:59:00Z'), 'America/Toronto')).toBe('2026-11-01T01:59:00-04:00');
    expect(isoInZone(Date.parse('2026-11-01T06:00:00Z'), 'America/Toronto')).toBe('2026-11-01T01:00:00-05:00');
  });
});
