import { DateTime, Info } from 'luxon';
import { describe, expect, it } from 'vitest';
import { findTzdbZone, formatClock, TIME_ZONE_IDS, TZDB_VERSION, zoneAbbreviation } from '../src/index.js';

const YEAR_MS = 366 * 86_400_000;

/** Every offset change of a zone in [from, to), found half hour by half hour through Luxon's zone of that name. */
function changes(name: string, from: string, to: string): string[] {
  const zone = Info.normalizeZone(name);
  const found: string[] = [];
  let before = zone.offset(Date.parse(from));
  for (let ms = Date.parse(from); ms < Date.parse(to); ms += 60_000 * 30) {
    const offset = zone.offset(ms);
    if (offset !== before) found.push(`${new Date(ms).toISOString()} ${offset}`);
    before = offset;
  }
  return found;
}

describe('the shared tzdb table', () => {
  it('carries all thirteen zones, newer than the tz data Node 20 ships (2025c)', () => {
    for (const zone of TIME_ZONE_IDS) expect(findTzdbZone(zone)?.name).toBe(zone);
    expect(TZDB_VERSION >= '2026e').toBe(true);
  });

  it('is what Luxon uses for the thirteen zones, however the zone is named', () => {
    expect(DateTime.fromMillis(0, { zone: 'America/Vancouver' }).zone.type).toBe('tzdb');
    expect(DateTime.utc().setZone('America/St_Johns').zone.type).toBe('tzdb');
    expect(Info.normalizeZone('america/winnipeg').type).toBe('tzdb');
    expect(Info.normalizeZone('Europe/Paris').type).toBe('iana');
    expect(Info.normalizeZone('UTC').type).toBe('fixed');
  });

  it('has the US and Canadian clock changes of Toronto and the half-hour zone of St. John’s', () => {
    expect(changes('America/Toronto', '2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z')).toEqual([
      '2026-03-08T07:00:00.000Z -240',
      '2026-11-01T06:00:00.000Z -300',
    ]);
    expect(changes('America/St_Johns', '2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z')).toEqual([
      '2026-03-08T05:30:00.000Z -150',
      '2026-11-01T04:30:00.000Z -210',
    ]);
    expect(DateTime.fromISO('2026-07-01T12:00:00Z').setZone('America/St_Johns').toISO()).toBe(
      '2026-07-01T09:30:00.000-02:30',
    );
  });

  it('has no clock change in Phoenix or Honolulu', () => {
    expect(changes('America/Phoenix', '2026-01-01T00:00:00Z', '2029-01-01T00:00:00Z')).toEqual([]);
    expect(changes('Pacific/Honolulu', '2026-01-01T00:00:00Z', '2029-01-01T00:00:00Z')).toEqual([]);
    expect(DateTime.fromISO('2027-07-01T12:00:00Z').setZone('America/Phoenix').offset).toBe(-420);
  });

  it('keeps Vancouver, Edmonton and Winnipeg on their March 2026 time from November 2026 on (tzdb 2026 rules)', () => {
    for (const [zone, before, after] of [
      ['America/Vancouver', -480, -420],
      ['America/Edmonton', -420, -360],
      ['America/Winnipeg', -360, -300],
    ] as const) {
      const [march] = changes(zone, '2026-01-01T00:00:00Z', '2029-01-01T00:00:00Z');
      expect(changes(zone, '2026-01-01T00:00:00Z', '2029-01-01T00:00:00Z')).toEqual([march]);
      expect(march).toMatch(/^2026-03-08T\d\d:00:00.000Z /);
      expect(DateTime.fromISO('2026-01-15T12:00:00Z').setZone(zone).offset).toBe(before);
      // Node 20's ICU (tz 2025c) still falls back on 1 November 2026: the table must not.
      expect(DateTime.fromISO('2026-11-15T12:00:00Z').setZone(zone).offset).toBe(after);
      expect(DateTime.fromISO('2027-01-15T12:00:00Z').setZone(zone).offset).toBe(after);
    }
    expect(zoneAbbreviation(new Date('2026-12-01T12:00:00Z'), 'America/Vancouver')).toBe('MST');
    expect(zoneAbbreviation(new Date('2026-07-01T12:00:00Z'), 'America/Vancouver')).toBe('PDT');
  });

  it('turns local days into the same instants as the table says (a Mountain Nov 2–8 range)', () => {
    const start = DateTime.fromISO('2026-11-02', { zone: 'America/Edmonton' }).startOf('day');
    expect(start.toUTC().toISO()).toBe('2026-11-02T06:00:00.000Z');
    expect(start.toISO()).toBe('2026-11-02T00:00:00.000-06:00');
  });

  it('follows each zone’s yearly rule after the listed years (2040: 11 March and 4 November)', () => {
    expect(changes('America/Toronto', '2040-01-01T00:00:00Z', '2041-01-01T00:00:00Z')).toEqual([
      '2040-03-11T07:00:00.000Z -240',
      '2040-11-04T06:00:00.000Z -300',
    ]);
    expect(changes('America/St_Johns', '2040-01-01T00:00:00Z', '2041-01-01T00:00:00Z')).toEqual([
      '2040-03-11T05:30:00.000Z -150',
      '2040-11-04T04:30:00.000Z -210',
    ]);
    expect(changes('America/Vancouver', '2040-01-01T00:00:00Z', '2041-01-01T00:00:00Z')).toEqual([]);
    // The listed years end where the rule starts: no jump at 2038-01-01.
    const edge = Date.UTC(2038, 0, 1);
    expect(DateTime.fromMillis(edge - 1, { zone: 'America/Halifax' }).offset).toBe(-240);
    expect(DateTime.fromMillis(edge, { zone: 'America/Halifax' }).offset).toBe(-240);
  });

  it('matches Luxon’s own formats for names and offsets', () => {
    const summer = DateTime.fromISO('2026-07-01T15:00:00Z').setZone('America/St_Johns').setLocale('en-US');
    expect(summer.toFormat('ZZZZ')).toBe('NDT');
    expect(summer.toFormat('ZZZZZ')).toBe('Newfoundland Daylight Time');
    expect(summer.toFormat('Z ZZ ZZZ')).toBe('-2:30 -02:30 -0230');
    expect(summer.toLocaleString(DateTime.DATETIME_SHORT)).toBe('7/1/2026, 12:30\u202fPM');
    expect(summer.toLocaleString({ hour: 'numeric', timeZoneName: 'short' })).toBe('12\u202fPM NDT');
    expect(formatClock(new Date('2026-12-01T15:00:00Z'), 'America/Edmonton')).toBe('09:00:00 CST');
  });

  it('answers instants far from today without failing', () => {
    expect(DateTime.fromMillis(-YEAR_MS * 80, { zone: 'America/Chicago' }).isValid).toBe(true);
    expect(DateTime.fromISO('9999-12-31T00:00:00Z').setZone('America/Chicago').offset).toBe(-360);
    expect(DateTime.fromISO('9999-07-01T00:00:00Z').setZone('America/Chicago').offset).toBe(-300);
  });
});
