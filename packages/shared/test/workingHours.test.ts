import { describe, expect, it } from 'vitest';
import {
  dayWindowAt,
  isOpenAt,
  nextClosing,
  nextOpening,
  openIntervals,
  summarizeWeek,
  todayHours,
  type WorkingHours,
  windowOfLocalDate,
  workingHoursSchema,
} from '../src/index.js';

/*
 * Working hours are wall-clock rules in the campaign's zone: across both 2026 North American clock changes (8 March
 * and 1 November) 9:00 stays 9:00 local, so the UTC instant moves by the hour (half past in St John's).
 */

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const week = (weekday: { open: string; close: string } | null, weekend: { open: string; close: string } | null) => [
  weekday,
  weekday,
  weekday,
  weekday,
  weekday,
  weekend,
  weekend,
];
const hours = (
  zone: string,
  weekly: WorkingHours['weekly'],
  holidays: WorkingHours['holidays'] = [],
): WorkingHours => ({
  time_zone: zone,
  weekly,
  holidays,
});

const toronto = hours('America/Toronto', week({ open: '09:00', close: '17:00' }, null), [
  { date: '2026-12-25', name: 'Christmas Day' },
]);

describe('a weekday window across both 2026 clock changes (Toronto, Monday to Friday 9 to 5, weekends closed)', () => {
  it('opens at 9:00 local on either side of the spring change (14:00Z before, 13:00Z after)', () => {
    expect(windowOfLocalDate(toronto, '2026-03-06')).toEqual({
      start: at('2026-03-06T14:00Z'),
      end: at('2026-03-06T22:00Z'),
    });
    expect(windowOfLocalDate(toronto, '2026-03-09')).toEqual({
      start: at('2026-03-09T13:00Z'),
      end: at('2026-03-09T21:00Z'),
    });
    expect(isOpenAt(toronto, at('2026-03-09T13:30Z'))).toBe(true);
    // 13:30Z was 8:30 EST the Friday before: not open yet.
    expect(isOpenAt(toronto, at('2026-03-06T13:30Z'))).toBe(false);
  });

  it('opens at 9:00 local on either side of the autumn change (13:00Z before, 14:00Z after)', () => {
    expect(windowOfLocalDate(toronto, '2026-10-30')?.start).toBe(at('2026-10-30T13:00Z'));
    expect(windowOfLocalDate(toronto, '2026-11-02')?.start).toBe(at('2026-11-02T14:00Z'));
    expect(isOpenAt(toronto, at('2026-11-02T13:30Z'))).toBe(false);
    expect(isOpenAt(toronto, at('2026-11-02T21:59Z'))).toBe(true);
    expect(isOpenAt(toronto, at('2026-11-02T22:00Z'))).toBe(false);
  });

  it('stays closed on closed weekdays: the next opening after a Saturday is Monday 9:00 local', () => {
    expect(isOpenAt(toronto, at('2026-03-07T16:00Z'))).toBe(false);
    expect(iso(nextOpening(toronto, at('2026-03-07T16:00Z')))).toBe('2026-03-09T13:00:00.000Z');
    expect(iso(nextClosing(toronto, at('2026-03-09T15:00Z')))).toBe('2026-03-09T21:00:00.000Z');
    expect(nextClosing(toronto, at('2026-03-07T16:00Z'))).toBeNull();
    expect(nextOpening(toronto, at('2026-03-09T15:00Z'))).toBeNull();
  });

  it('stays closed on a holiday by its local date, and opens again after it', () => {
    expect(windowOfLocalDate(toronto, '2026-12-25')).toBeNull();
    expect(isOpenAt(toronto, at('2026-12-25T17:00Z'))).toBe(false);
    expect(iso(nextOpening(toronto, at('2026-12-24T23:00Z')))).toBe('2026-12-28T14:00:00.000Z');
  });
});

describe("St John's (UTC−3:30, −2:30 in summer): a window ending at 24:00 and a whole day that is 23 or 25 hours", () => {
  const stJohns = hours('America/St_Johns', week({ open: '08:30', close: '24:00' }, { open: '00:00', close: '24:00' }));

  it('the spring change day (Sunday 8 March) is open 23 hours, midnight to midnight local', () => {
    const day = windowOfLocalDate(stJohns, '2026-03-08') as { start: number; end: number };
    expect(iso(day.start)).toBe('2026-03-08T03:30:00.000Z');
    expect(iso(day.end)).toBe('2026-03-09T02:30:00.000Z');
    expect((day.end - day.start) / 3_600_000).toBe(23);
  });

  it('the autumn change day (Sunday 1 November) is open 25 hours', () => {
    const day = windowOfLocalDate(stJohns, '2026-11-01') as { start: number; end: number };
    expect((day.end - day.start) / 3_600_000).toBe(25);
    expect(iso(day.end)).toBe('2026-11-02T03:30:00.000Z');
  });

  it('a window ending at 24:00 runs to local midnight and meets the next day: one open stretch all weekend', () => {
    // Friday 6 March 8:30 NST opens at 12:00Z; it then stays open to Monday 00:00 NDT.
    expect(iso(windowOfLocalDate(stJohns, '2026-03-06')?.start ?? null)).toBe('2026-03-06T12:00:00.000Z');
    const stretch = openIntervals(stJohns, at('2026-03-06T12:00Z'), at('2026-03-10T12:00Z'));
    expect(stretch.map(({ start, end }) => [iso(start), iso(end)])).toEqual([
      ['2026-03-06T12:00:00.000Z', '2026-03-09T02:30:00.000Z'],
      ['2026-03-09T11:00:00.000Z', '2026-03-10T02:30:00.000Z'],
      ['2026-03-10T11:00:00.000Z', '2026-03-10T12:00:00.000Z'],
    ]);
    expect(iso(nextClosing(stJohns, at('2026-03-07T12:00Z')))).toBe('2026-03-09T02:30:00.000Z');
    expect(isOpenAt(stJohns, at('2026-03-09T02:29Z'))).toBe(true);
    expect(isOpenAt(stJohns, at('2026-03-09T02:30Z'))).toBe(false);
  });
});

describe('a night window past midnight (Los Angeles, Saturday 22:00 to 06:00) over the autumn change', () => {
  const night = hours('America/Los_Angeles', [null, null, null, null, null, { open: '22:00', close: '06:00' }, null]);

  it('belongs to the day it opens and lasts 9 hours on the night the clocks go back', () => {
    const window = windowOfLocalDate(night, '2026-10-31') as { start: number; end: number };
    expect(iso(window.start)).toBe('2026-11-01T05:00:00.000Z');
    expect(iso(window.end)).toBe('2026-11-01T14:00:00.000Z');
    expect(dayWindowAt(night, at('2026-11-01T10:00Z'))).toEqual(window);
    expect(windowOfLocalDate(night, '2026-11-01')).toBeNull();
  });

  it('a holiday on the opening date closes that night; a holiday on the morning after does not', () => {
    const closedSaturday = { ...night, holidays: [{ date: '2026-10-31', name: 'Halloween' }] };
    const closedSunday = { ...night, holidays: [{ date: '2026-11-01', name: null }] };
    expect(isOpenAt(closedSaturday, at('2026-11-01T10:00Z'))).toBe(false);
    expect(isOpenAt(closedSunday, at('2026-11-01T10:00Z'))).toBe(true);
  });
});

describe('wall-clock times the clock change skips or repeats (Toronto)', () => {
  it('a time the spring change skips opens at the same distance past it; a repeated one the first time', () => {
    const everyDay = hours(
      'America/Toronto',
      week({ open: '02:30', close: '05:00' }, { open: '01:30', close: '03:00' }),
    );
    // Sunday 8 March: 01:30 EST is 06:30Z; 03:00 EDT is 07:00Z.
    expect(windowOfLocalDate(everyDay, '2026-03-08')).toEqual({
      start: at('2026-03-08T06:30Z'),
      end: at('2026-03-08T07:00Z'),
    });
    // Sunday 1 November: 01:30 happens twice, first in EDT (05:30Z); 03:00 EST is 08:00Z.
    expect(windowOfLocalDate(everyDay, '2026-11-01')).toEqual({
      start: at('2026-11-01T05:30Z'),
      end: at('2026-11-01T08:00Z'),
    });
  });
});

describe('the texts of the lists', () => {
  it("today's hours in the viewer's zone, closed days and holidays named, open now or not", () => {
    expect(todayHours(toronto, at('2026-03-09T15:00Z'), 'America/St_Johns')).toEqual({
      text: '10:30 AM – 6:30 PM',
      open: true,
    });
    expect(todayHours(toronto, at('2026-03-08T15:00Z'), 'America/Toronto')).toEqual({ text: 'Closed', open: false });
    expect(todayHours(toronto, at('2026-12-25T15:00Z'), 'America/Toronto').text).toBe('Closed (Christmas Day)');
    const night = hours('America/Toronto', week({ open: '22:00', close: '06:00' }, { open: '00:00', close: '24:00' }));
    expect(todayHours(night, at('2026-03-09T15:00Z'), 'America/Toronto').text).toBe('10:00 PM – 6:00 AM (night)');
    expect(todayHours(night, at('2026-03-08T15:00Z'), 'America/Vancouver').text).toBe('Open 24 hours');
  });

  it('the week in the campaign zone, equal days together', () => {
    expect(summarizeWeek(toronto)).toBe('Mon–Fri 09:00–17:00 (Toronto)');
    expect(
      summarizeWeek(
        hours('America/St_Johns', week({ open: '08:00', close: '20:00' }, { open: '00:00', close: '24:00' })),
      ),
    ).toBe('Mon–Fri 08:00–20:00, Sat–Sun 24 hours (St Johns)');
    expect(summarizeWeek(hours('America/Halifax', week(null, null)))).toBe('Closed (Halifax)');
  });
});

describe('the body schema', () => {
  const valid = { time_zone: 'America/St_Johns', weekly: week({ open: '09:00', close: '24:00' }, null), holidays: [] };
  const fields = (body: unknown) =>
    workingHoursSchema.safeParse(body).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

  it('takes a 24:00 close, sorts holidays and empties blank names', () => {
    const parsed = workingHoursSchema.parse({
      ...valid,
      holidays: [
        { date: '2026-12-26', name: ' ' },
        { date: '2026-07-01', name: 'Canada Day' },
      ],
    });
    expect(parsed.holidays).toEqual([
      { date: '2026-07-01', name: 'Canada Day' },
      { date: '2026-12-26', name: null },
    ]);
  });

  it('names the field and the reason of each mistake', () => {
    expect(fields({ ...valid, time_zone: 'Europe/Paris' })).toEqual([
      'time_zone: must be one of the supported time zones',
    ]);
    expect(fields({ ...valid, weekly: valid.weekly.slice(1) })).toEqual([
      'weekly: must list the 7 weekdays, Monday first',
    ]);
    expect(
      fields({ ...valid, weekly: week({ open: '24:00', close: '10:00' }, { open: '10:00', close: '10:00' }) }),
    ).toEqual([
      "weekly.0.open: must be a time 'HH:mm'",
      "weekly.1.open: must be a time 'HH:mm'",
      "weekly.2.open: must be a time 'HH:mm'",
      "weekly.3.open: must be a time 'HH:mm'",
      "weekly.4.open: must be a time 'HH:mm'",
      'weekly.5.close: must differ from the opening time',
      'weekly.6.close: must differ from the opening time',
    ]);
    expect(
      fields({
        ...valid,
        holidays: [
          { date: '2026-02-30' },
          { date: '2026-07-01', name: 'a\u0000b' },
          { date: '2026-07-02' },
          { date: '2026-07-02' },
          { date: 'text' },
        ],
      }),
    ).toEqual([
      'holidays.0.date: is not a real date',
      'holidays.1.name: must not contain control characters',
      'holidays.4.date: must be a date yyyy-MM-dd',
      'holidays.4.date: is not a real date',
      'holidays.3.date: is listed twice',
    ]);
    expect(
      fields({
        ...valid,
        holidays: Array.from({ length: 201 }, (_, day) => ({
          date: new Date(Date.UTC(2026, 0, 1 + day)).toISOString().slice(0, 10),
        })),
      }),
    ).toEqual(['holidays: must hold at most 200 dates']);
  });
});
