import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  alignmentOf,
  bucketRange,
  DISPOSITION_BUCKETS,
  dashboardZone,
  dayRangeToUnix,
  daysOfRange,
  dispositionBucketLabel,
  grainSegments,
  hourOfDayBuckets,
  hourOfDaySegments,
  lastDaysRange,
  localDayAndHour,
  TIME_ZONE_IDS,
  zoneOffsetMinutes,
} from '../src/index.js';

const iso = (ms: number) => new Date(ms).toISOString();
const DAY = 86_400_000;

/** Any range of 1 to 400 whole local days from 2025 to 2027 in any of the thirteen zones, as bucketRange gives it. */
const wholeDayRange = fc
  .record({
    zone: fc.constantFrom(...TIME_ZONE_IDS),
    date: fc.date({ min: new Date('2025-01-01'), max: new Date('2027-12-31'), noInvalidDate: true }),
    length: fc.integer({ min: 1, max: 400 }),
  })
  .map(({ zone, date, length }) => {
    const first = date.toISOString().slice(0, 10);
    const last = new Date(date.getTime() + (length - 1) * DAY).toISOString().slice(0, 10);
    const unix = dayRangeToUnix({ start: first, end: last }, zone);
    return bucketRange(unix.start, unix.end, zone);
  });

/** The hour-of-day pieces of whole local days, as [grain, from, to] in ISO. */
function hourOfDayPieces(start: string, end: string, zone: string) {
  const unix = dayRangeToUnix({ start, end }, zone);
  return hourOfDaySegments(bucketRange(unix.start, unix.end, zone)).map((segment) => [
    segment.grain,
    iso(segment.fromMs),
    iso(segment.toMs),
  ]);
}

describe('dashboard zone', () => {
  it('prefers the chosen zone, then dateOffset hours, then UTC', () => {
    expect(dashboardZone('America/St_Johns', -5)).toBe('America/St_Johns');
    expect(dashboardZone(undefined, -3.5)).toBe('UTC-3:30');
    expect(dashboardZone(undefined, 5.5)).toBe('UTC+5:30');
    expect(dashboardZone(undefined, -5)).toBe('UTC-5');
    expect(dashboardZone(undefined, 0)).toBe('UTC');
    expect(dashboardZone(undefined, undefined)).toBe('UTC');
  });

  it('aligns half-hour zones on the half hour, all others on the hour', () => {
    const at = Date.parse('2026-07-01T00:00:00Z');
    for (const zone of TIME_ZONE_IDS) expect(alignmentOf(zone, at), zone).toBe(zone === 'America/St_Johns' ? 30 : 0);
    expect(alignmentOf('UTC-3:30', at)).toBe(30);
  });
});

/** The bucket range of one local day in a zone. */
const dayBuckets = (date: string, zone: string) => {
  const { start, end } = dayRangeToUnix({ start: date, end: date }, zone);
  return bucketRange(start, end, zone);
};

describe('bucket ranges', () => {
  it('turns a Toronto day into 24 hour buckets and a St. John’s day into half-hour-aligned ones', () => {
    const toronto = dayBuckets('2026-11-10', 'America/Toronto');
    expect([iso(toronto.fromMs), iso(toronto.toMs), toronto.alignment]).toEqual([
      '2026-11-10T05:00:00.000Z',
      '2026-11-11T05:00:00.000Z',
      0,
    ]);
    const stJohns = dayBuckets('2026-11-10', 'America/St_Johns');
    expect([iso(stJohns.fromMs), iso(stJohns.toMs), stJohns.alignment]).toEqual([
      '2026-11-10T03:30:00.000Z',
      '2026-11-11T03:30:00.000Z',
      30,
    ]);
  });

  it('gives 23- and 25-hour days when the clocks change', () => {
    const day = (date: string, zone: string) => {
      const { start, end } = dayRangeToUnix({ start: date, end: date }, zone);
      const range = bucketRange(start, end, zone);
      return (range.toMs - range.fromMs) / 3_600_000;
    };
    expect(day('2026-03-08', 'America/Toronto')).toBe(23);
    expect(day('2026-11-01', 'America/Toronto')).toBe(25);
    expect(day('2026-03-08', 'America/St_Johns')).toBe(23);
    expect(day('2026-11-01', 'America/St_Johns')).toBe(25);
    expect(day('2026-03-08', 'America/Phoenix')).toBe(24);
  });

  it('starts and ends every whole-day range on a bucket boundary, in every zone (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TIME_ZONE_IDS),
        fc.date({ min: new Date('2026-01-01'), max: new Date('2027-12-31'), noInvalidDate: true }),
        fc.integer({ min: 1, max: 400 }),
        (zone, date, length) => {
          const start = date.toISOString().slice(0, 10);
          const endDate = new Date(date.getTime() + (length - 1) * 86_400_000).toISOString().slice(0, 10);
          const unix = dayRangeToUnix({ start, end: endDate }, zone);
          const range = bucketRange(unix.start, unix.end, zone);
          expect(range.fromMs).toBe(unix.start * 1000);
          expect(range.toMs).toBe((unix.end + 1) * 1000);
          expect(daysOfRange(range)).toHaveLength(length);
          expect(localDayAndHour(range.fromMs, zone)).toEqual({ date: start, hour: 0 });
        },
      ),
    );
  });

  it('lists the last 30 days ending today in the zone', () => {
    const now = Date.parse('2026-11-11T02:00:00Z'); // still the 10th in Toronto
    const range = lastDaysRange(now, 'America/Toronto', 30);
    const days = daysOfRange(range);
    expect(days).toHaveLength(30);
    expect([days[0], days.at(-1)]).toEqual(['2026-10-12', '2026-11-10']);
  });
});

describe('disposition buckets', () => {
  it('have labels for every id', () => {
    for (const bucket of DISPOSITION_BUCKETS) expect(dispositionBucketLabel(bucket.id)).toBe(bucket.label);
    expect(DISPOSITION_BUCKETS.map((bucket) => bucket.label)).toEqual([
      'Resolved',
      'Sale',
      'Callback',
      'Escalated',
      'Not Interested',
      'No Contact',
      'Other',
    ]);
  });
});

describe('grain segments', () => {
  it('reads a year as hour edges, day edges and whole months', () => {
    const { start, end } = dayRangeToUnix({ start: '2025-11-23', end: '2026-11-22' }, 'America/Toronto');
    const segments = grainSegments(bucketRange(start, end, 'America/Toronto'));
    expect(segments.map((segment) => [segment.grain, iso(segment.fromMs), iso(segment.toMs)])).toEqual([
      [0, '2025-11-23T05:00:00.000Z', '2025-11-24T00:00:00.000Z'],
      [1, '2025-11-24T00:00:00.000Z', '2025-12-01T00:00:00.000Z'],
      [2, '2025-12-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z'],
      [1, '2026-11-01T00:00:00.000Z', '2026-11-23T00:00:00.000Z'],
      [0, '2026-11-23T00:00:00.000Z', '2026-11-23T05:00:00.000Z'],
    ]);
  });

  it('puts St. John’s pieces on the half-hour grid', () => {
    const { start, end } = dayRangeToUnix({ start: '2026-01-01', end: '2026-01-31' }, 'America/St_Johns');
    const segments = grainSegments(bucketRange(start, end, 'America/St_Johns'));
    expect(segments.every((segment) => new Date(segment.fromMs).getUTCMinutes() === 30)).toBe(true);
  });

  it('covers any whole-day range exactly, each piece on its grain’s grid (property)', () => {
    fc.assert(
      fc.property(wholeDayRange, (range) => {
        const segments = grainSegments(range);
        const shift = range.alignment * 60_000;
        let cursor = range.fromMs;
        for (const segment of segments) {
          expect(segment.fromMs).toBe(cursor);
          expect(segment.toMs).toBeGreaterThan(segment.fromMs);
          const unit = segment.grain === 0 ? 3_600_000 : DAY;
          expect((segment.fromMs - shift) % unit).toBe(0);
          expect((segment.toMs - shift) % unit).toBe(0);
          if (segment.grain === 2) expect(new Date(segment.fromMs - shift).getUTCDate()).toBe(1);
          cursor = segment.toMs;
        }
        expect(cursor).toBe(range.toMs);
      }),
    );
  });
});

describe('hour-of-day segments (the time-of-day filter)', () => {
  const WEEK = 7 * DAY;

  it('reads whole weeks without a clock change as week × hour rows, and the week of 8 March 2026 in hours', () => {
    expect(hourOfDayPieces('2026-02-25', '2026-03-25', 'America/Toronto')).toEqual([
      // Wednesday 25 February 00:00 EST to Monday 2 March, then the week of 2 March, which holds the change (the
      // clocks go forward at 07:00 UTC on Sunday 8 March): hours.
      [0, '2026-02-25T05:00:00.000Z', '2026-03-09T00:00:00.000Z'],
      // Two whole weeks in EDT, as one piece.
      [3, '2026-03-09T00:00:00.000Z', '2026-03-23T00:00:00.000Z'],
      // Monday 23 March to the end of Wednesday 25 March EDT: not a whole week.
      [0, '2026-03-23T00:00:00.000Z', '2026-03-26T04:00:00.000Z'],
    ]);
    // St. John's weeks start at 00:30 UTC.
    expect(hourOfDayPieces('2026-03-09', '2026-03-22', 'America/St_Johns')).toEqual([
      [0, '2026-03-09T02:30:00.000Z', '2026-03-16T00:30:00.000Z'],
      [3, '2026-03-16T00:30:00.000Z', '2026-03-23T00:30:00.000Z'],
      [0, '2026-03-23T00:30:00.000Z', '2026-03-23T02:30:00.000Z'],
    ]);
    // Phoenix keeps its offset all year: the week of 2 March is whole there.
    expect(hourOfDayPieces('2026-02-23', '2026-03-08', 'America/Phoenix')).toEqual([
      [0, '2026-02-23T07:00:00.000Z', '2026-03-02T00:00:00.000Z'],
      [3, '2026-03-02T00:00:00.000Z', '2026-03-09T00:00:00.000Z'],
      [0, '2026-03-09T00:00:00.000Z', '2026-03-09T07:00:00.000Z'],
    ]);
  });

  it('covers any whole-day range exactly, weeks and months only where the offset holds (property)', () => {
    fc.assert(
      fc.property(wholeDayRange, (range) => {
        const shift = range.alignment * 60_000;
        let cursor = range.fromMs;
        let previousGrain: number | null = null;
        for (const segment of hourOfDaySegments(range)) {
          expect(segment.fromMs).toBe(cursor);
          expect(segment.grain).not.toBe(previousGrain);
          previousGrain = segment.grain;
          expect(segment.toMs).toBeGreaterThan(segment.fromMs);
          expect((segment.fromMs - shift) % 3_600_000).toBe(0);
          if (segment.grain === 3 || segment.grain === 4) {
            if (segment.grain === 3) {
              expect((segment.toMs - segment.fromMs) % WEEK).toBe(0);
              expect(new Date(segment.fromMs - shift).getUTCDay()).toBe(1);
            } else {
              expect(new Date(segment.fromMs - shift).getUTCDate()).toBe(1);
              expect(new Date(segment.toMs - shift).getUTCDate()).toBe(1);
              expect(new Date(segment.toMs - shift).getUTCHours()).toBe(0);
            }
            expect(new Date(segment.fromMs - shift).getUTCHours()).toBe(0);
            // Every hour of the weeks keeps the first hour's offset; one expect for all of them, since a call to
            // expect per hour (up to 9,600 a range) cost more than the segmentation under test.
            const offset = zoneOffsetMinutes(segment.fromMs, range.zone);
            const hoursWithAnotherOffset: string[] = [];
            for (let hour = segment.fromMs; hour < segment.toMs; hour += 3_600_000) {
              if (zoneOffsetMinutes(hour, range.zone) !== offset) hoursWithAnotherOffset.push(iso(hour));
            }
            expect(hoursWithAnotherOffset).toEqual([]);
          } else {
            expect(segment.grain).toBe(0);
          }
          cursor = segment.toMs;
        }
        expect(cursor).toBe(range.toMs);
      }),
      { numRuns: 200 },
    );
  });

  it('reads a Toronto year as months without a clock change, weeks around the changes and hours at the edges', () => {
    expect(hourOfDayPieces('2025-11-25', '2026-11-24', 'America/Toronto')).toEqual([
      [0, '2025-11-25T05:00:00.000Z', '2025-12-01T00:00:00.000Z'],
      // December to February: whole months in EST.
      [4, '2025-12-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z'],
      // March holds the change of the 8th: its first days and the week of the change in hours, the weeks after it as
      // weeks up to the days before April.
      [0, '2026-03-01T00:00:00.000Z', '2026-03-09T00:00:00.000Z'],
      [3, '2026-03-09T00:00:00.000Z', '2026-03-30T00:00:00.000Z'],
      [0, '2026-03-30T00:00:00.000Z', '2026-04-01T00:00:00.000Z'],
      // April to October in EDT; November holds the change of the 1st (06:00 UTC).
      [4, '2026-04-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z'],
      [0, '2026-11-01T00:00:00.000Z', '2026-11-02T00:00:00.000Z'],
      [3, '2026-11-02T00:00:00.000Z', '2026-11-23T00:00:00.000Z'],
      [0, '2026-11-23T00:00:00.000Z', '2026-11-25T05:00:00.000Z'],
    ]);
  });

  it('reads a whole week with a clock change as week rows for the hours of day that pass all week', () => {
    // Toronto, 9 AM–5 PM, Oct 25 – Nov 2 2026 (clocks go back on Sunday Nov 1): in the week of Monday Oct 26 UTC
    // 14:00–21:00 pass every day, 13:00 only on the six EDT days, 22:00 only on Sunday (EST).
    const unix = dayRangeToUnix({ start: '2026-10-25', end: '2026-11-02' }, 'America/Toronto');
    const buckets = hourOfDayBuckets(
      bucketRange(unix.start, unix.end, 'America/Toronto'),
      [9, 10, 11, 12, 13, 14, 15, 16, 17],
    );
    const listed = (grain: number) => buckets.find((entry) => entry.grain === grain)?.bucketStarts.map(iso) ?? [];
    const at = (day: string, hours: number[]) =>
      hours.map((hour) => `2026-${day}T${String(hour).padStart(2, '0')}:00:00.000Z`);
    expect(listed(3)).toEqual(at('10-26', [14, 15, 16, 17, 18, 19, 20, 21]));
    expect(listed(0)).toEqual([
      ...at('10-25', [13, 14, 15, 16, 17, 18, 19, 20, 21]),
      ...['26', '27', '28', '29', '30', '31'].flatMap((day) => at(`10-${day}`, [13])),
      ...at('11-01', [22]),
      ...at('11-02', [14, 15, 16, 17, 18, 19, 20, 21, 22]),
    ]);
  });

  it('lists each hour whose local hour passes exactly once, in the row that sums it, and no other hour (property)', () => {
    const HOUR = 3_600_000;
    const localHoursArb = fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 23 }))
      .map(([first, last]) => Array.from({ length: ((last - first + 24) % 24) + 1 }, (_, i) => (first + i) % 24));
    fc.assert(
      fc.property(wholeDayRange, localHoursArb, (range, localHours) => {
        const shift = range.alignment * 60_000;
        // How many listed rows sum each hour: a week × hour row sums that hour of each day of its week, a month ×
        // hour row that hour of each day of its month.
        const readTimes = new Map<number, number>();
        for (const { grain, bucketStarts } of hourOfDayBuckets(range, localHours)) {
          expect([0, 3, 4]).toContain(grain);
          for (const start of bucketStarts) {
            const month = new Date(start - shift);
            const days =
              grain === 0
                ? 1
                : grain === 3
                  ? 7
                  : new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 0)).getUTCDate();
            for (let day = 0; day < days; day += 1) {
              const hour = start + day * DAY;
              readTimes.set(hour, (readTimes.get(hour) ?? 0) + 1);
            }
          }
        }
        const wrong: string[] = [];
        for (let hour = range.fromMs; hour < range.toMs; hour += HOUR) {
          const local = new Date(hour + zoneOffsetMinutes(hour, range.zone) * 60_000).getUTCHours();
          if ((readTimes.get(hour) ?? 0) !== (localHours.includes(local) ? 1 : 0)) wrong.push(iso(hour));
          readTimes.delete(hour);
        }
        expect(wrong).toEqual([]);
        expect([...readTimes.keys()].map(iso)).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });
});
