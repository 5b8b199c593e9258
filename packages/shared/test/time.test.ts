import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  dayRangeToUnix,
  fixedPeriodBounds,
  formatClock,
  isSelectableDay,
  normalizeDayRange,
  TIME_ZONE_IDS,
  TIME_ZONES,
  timeZoneLabel,
  todayRange,
  zoneAbbreviation,
} from '../src/index.js';

const isoDate = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

describe('date picker OK rule', () => {
  it('gives nothing without a date, so OK stays disabled', () => {
    expect(normalizeDayRange([])).toBeNull();
    expect(normalizeDayRange(['', ''])).toBeNull();
  });

  it('turns a single date into that day to that day, and swaps a start after the end', () => {
    expect(normalizeDayRange(['2026-03-08'])).toEqual({ start: '2026-03-08', end: '2026-03-08' });
    expect(normalizeDayRange(['2026-03-09', '2026-03-01'])).toEqual({ start: '2026-03-01', end: '2026-03-09' });
  });

  it('always returns an ordered range made of the picked dates (property)', () => {
    fc.assert(
      fc.property(isoDate, isoDate, (a, b) => {
        const range = normalizeDayRange([a, b]);
        if (range === null) throw new Error('two dates always make a range');
        expect(range.start <= range.end).toBe(true);
        expect([range.start, range.end].sort()).toEqual([a, b].sort());
      }),
    );
  });
});

describe('days in the viewer zone', () => {
  it('gives 23 and 25 hour days when clocks change, in several of the thirteen zones', () => {
    const cases: [string, string, number][] = [
      ['America/Toronto', '2026-03-08', 23],
      ['America/Toronto', '2026-11-01', 25],
      ['America/St_Johns', '2026-03-08', 23],
      ['America/St_Johns', '2026-11-01', 25],
      ['America/Vancouver', '2026-03-08', 23],
      ['America/Phoenix', '2026-03-08', 24],
      ['Pacific/Honolulu', '2026-11-01', 24],
    ];
    for (const [zone, day, hours] of cases) {
      const { start, end } = dayRangeToUnix({ start: day, end: day }, zone);
      expect((end + 1 - start) / 3600, `${zone} ${day}`).toBe(hours);
    }
  });

  it("starts St. John's days at 03:30 UTC in winter (UTC−3:30)", () => {
    const { start } = dayRangeToUnix({ start: '2026-01-15', end: '2026-01-15' }, 'America/St_Johns');
    expect(new Date(start * 1000).toISOString()).toBe('2026-01-15T03:30:00.000Z');
  });

  it('covers every second of a range exactly once (property, all thirteen zones)', () => {
    fc.assert(
      fc.property(isoDate, fc.integer({ min: 0, max: 40 }), fc.constantFrom(...TIME_ZONE_IDS), (start, days, zone) => {
        const end = DateTime.fromISO(start).plus({ days }).toISODate() as string;
        const whole = dayRangeToUnix({ start, end }, zone);
        const first = dayRangeToUnix({ start, end: start }, zone);
        const rest =
          days === 0
            ? null
            : dayRangeToUnix({ start: DateTime.fromISO(start).plus({ days: 1 }).toISODate() as string, end }, zone);
        expect(whole.start).toBe(first.start);
        if (rest) expect(rest.start).toBe(first.end + 1);
      }),
    );
  });

  it('uses the viewer zone for today: a UTC evening is still the previous day in Honolulu', () => {
    const now = new Date('2026-07-01T05:00:00Z');
    expect(todayRange(now, 'Pacific/Honolulu')).toEqual({ start: '2026-06-30', end: '2026-06-30' });
    expect(todayRange(now, 'America/Halifax')).toEqual({ start: '2026-07-01', end: '2026-07-01' });
  });

  it('gives fixed periods of one month back and forward', () => {
    expect(fixedPeriodBounds(new Date('2026-03-31T15:00:00Z'), 'America/Toronto')).toEqual({
      start: '2026-02-28',
      end: '2026-04-30',
    });
  });

  it('disables days that end before the display-from moment, in the viewer zone', () => {
    const displayFrom = '2026-05-20T05:00:00.000Z'; // 19 May 22:00 in Vancouver, 20 May 01:00 in Toronto
    expect(isSelectableDay('2026-05-19', displayFrom, 'America/Vancouver')).toBe(true);
    expect(isSelectableDay('2026-05-19', displayFrom, 'America/Toronto')).toBe(false);
    expect(isSelectableDay('2026-05-18', displayFrom, 'America/Vancouver')).toBe(false);
    expect(isSelectableDay('2020-01-01', null, 'America/Toronto')).toBe(true);
  });
});

describe('top-bar clocks', () => {
  it('shows UTC and local time with the zone abbreviation, including Newfoundland', () => {
    const winter = new Date('2026-01-15T12:34:56Z');
    const summer = new Date('2026-07-15T12:34:56Z');
    expect(formatClock(winter, 'UTC')).toBe('12:34:56 UTC');
    expect(formatClock(winter, 'America/Toronto')).toBe('07:34:56 EST');
    expect(formatClock(summer, 'America/Toronto')).toBe('08:34:56 EDT');
    expect(formatClock(winter, 'America/St_Johns')).toBe('09:04:56 NST');
    expect(formatClock(summer, 'America/St_Johns')).toBe('10:04:56 NDT');
    expect(formatClock(summer, 'America/Phoenix')).toBe('05:34:56 MST');
  });

  it('has a letter abbreviation for every one of the thirteen zones', () => {
    for (const date of [new Date('2026-01-15T12:00:00Z'), new Date('2026-07-15T12:00:00Z')]) {
      for (const zone of TIME_ZONE_IDS) expect(zoneAbbreviation(date, zone), zone).toMatch(/^[A-Z]{3,4}$/);
    }
  });

  it("lists the spec's thirteen zones with their labels", () => {
    expect(TIME_ZONES.map((zone) => zone.label)).toEqual([
      'Vancouver',
      'Los Angeles',
      'New York',
      'Mountain',
      'Denver',
      'Phoenix',
      'Winnipeg',
      'Chicago',
      'Toronto',
      'Honolulu',
      'St Johns',
      'Anchorage',
      'Halifax',
    ]);
    expect(timeZoneLabel('America/St_Johns')).toBe('St Johns');
  });
});
