import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  breakInterval,
  breakStartChoices,
  calendarPeriod,
  contains,
  type Interval,
  instantOf,
  MINUTE_MS,
  overlaps,
  proposeBreaks,
  requiredBreaks,
  STATUS_CATALOGUE,
  shiftEndChoices,
  shiftStartChoices,
  TIME_ZONE_IDS,
  validateShift,
} from '../src/index.js';

const HOUR = 60 * MINUTE_MS;
const at = (iso: string) => Date.parse(iso);
const NOW = at('2026-11-20T12:00:00Z');
const noBusy = { now: NOW, displayFrom: null, busy: [] };

describe('calendar period', () => {
  it('runs from the start of the week of the 1st to the end of the week of the last day', () => {
    // November 2026: the 1st is a Sunday, the 30th a Monday.
    expect(calendarPeriod('2026-11', 'America/Toronto')).toMatchObject({
      startDate: '2026-11-01',
      endDate: '2026-12-05',
    });
    // February 2026: the 1st is a Sunday, the 28th a Saturday: exactly four weeks.
    expect(calendarPeriod('2026-02', 'America/Toronto')).toMatchObject({
      startDate: '2026-02-01',
      endDate: '2026-02-28',
    });
    // March 2026: the 1st is a Sunday, the 31st a Tuesday.
    expect(calendarPeriod('2026-03', 'America/St_Johns')).toMatchObject({
      startDate: '2026-03-01',
      endDate: '2026-04-04',
      startUtc: '2026-03-01T03:30:00.000Z',
      endUtc: '2026-04-05T02:30:00.000Z',
    });
  });

  it('always covers whole weeks including every day of the month (property, all zones)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2020, max: 2035 }),
        fc.integer({ min: 1, max: 12 }),
        fc.constantFrom(...TIME_ZONE_IDS),
        (year, month, zone) => {
          const key = `${year}-${String(month).padStart(2, '0')}`;
          const period = calendarPeriod(key, zone);
          const start = DateTime.fromISO(period.startDate);
          const end = DateTime.fromISO(period.endDate);
          expect(start.weekday).toBe(7);
          expect(end.weekday).toBe(6);
          expect(period.startDate <= `${key}-01`).toBe(true);
          expect(period.endDate >= (DateTime.fromISO(`${key}-01`).endOf('month').toISODate() as string)).toBe(true);
          expect(Math.round(end.diff(start, 'days').days + 1) % 7).toBe(0);
        },
      ),
    );
  });
});

describe('break rule', () => {
  it('asks for one break, a lunch over 300 minutes and a second break over 480', () => {
    expect(requiredBreaks(240)).toEqual(['break']);
    expect(requiredBreaks(300)).toEqual(['break']);
    expect(requiredBreaks(315)).toEqual(['break', 'lunch']);
    expect(requiredBreaks(480)).toEqual(['break', 'lunch']);
    expect(requiredBreaks(495)).toEqual(['break', 'lunch', 'break']);
  });

  it('proposes a break, a lunch and a second break for a 9-hour shift, inside it and apart', () => {
    const shift = { start: at('2026-11-21T14:00:00Z'), end: at('2026-11-21T23:00:00Z') };
    const breaks = proposeBreaks(shift);
    expect(breaks.map((b) => b.type)).toEqual(['break', 'lunch', 'break']);
    expect(breaks.map((b) => new Date(b.start).toISOString())).toEqual([
      '2026-11-21T16:00:00.000Z',
      '2026-11-21T18:15:00.000Z',
      '2026-11-21T21:00:00.000Z',
    ]);
    expect(validateShift({ ...shift, breaks }, noBusy)).toEqual({ fields: {}, conflicts: {} });
  });

  it('proposes breaks that always satisfy the rule for any valid shift (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4 * 24 * 10 }), fc.integer({ min: 4, max: 64 }), (startStep, steps) => {
        const start = NOW + startStep * 15 * MINUTE_MS;
        const shift = { start, end: start + steps * 15 * MINUTE_MS };
        const breaks = proposeBreaks(shift);
        expect(validateShift({ ...shift, breaks }, noBusy)).toEqual({ fields: {}, conflicts: {} });
      }),
    );
  });
});

describe('shift validation', () => {
  const shift = (startIso: string, hours: number) => {
    const start = at(startIso);
    const interval = { start, end: start + hours * HOUR };
    return { ...interval, breaks: proposeBreaks(interval) };
  };

  it('refuses times off the 15-minute steps, an end before the start and a past start', () => {
    const offStep = { ...shift('2026-11-21T14:00:00Z', 4), start: at('2026-11-21T14:10:00Z') };
    expect(validateShift(offStep, noBusy).fields.start).toBe('must be on a 15-minute step');
    const backwards = { start: at('2026-11-21T14:00:00Z'), end: at('2026-11-21T13:00:00Z'), breaks: [] };
    expect(validateShift(backwards, noBusy).fields.end).toBe('must be after start');
    const tooShort = { start: at('2026-11-21T14:00:00Z'), end: at('2026-11-21T14:45:00Z'), breaks: [] };
    expect(validateShift(tooShort, noBusy).fields.end).toBe('must be at least 60 minutes after start');
    expect(validateShift(shift('2026-11-19T14:00:00Z', 4), noBusy).fields.start).toBe('must not be in the past');
    expect(
      validateShift(shift('2026-11-21T14:00:00Z', 4), { ...noBusy, displayFrom: at('2026-11-25T00:00:00Z') }).fields
        .start,
    ).toBe('must not be before your display-from date');
  });

  it('refuses missing, extra, misplaced or overlapping breaks', () => {
    const nine = shift('2026-11-21T14:00:00Z', 9);
    expect(validateShift({ ...nine, breaks: nine.breaks.slice(0, 2) }, noBusy).fields.breaks).toBe(
      'a shift of 540 minutes needs 2 breaks and 1 lunch',
    );
    const outside = [{ type: 'break' as const, start: at('2026-11-21T13:00:00Z') }, ...nine.breaks.slice(1)];
    expect(validateShift({ ...nine, breaks: outside }, noBusy).fields['breaks.0.start']).toBe(
      'must be inside the shift',
    );
    const clashing = [
      nine.breaks[0],
      { type: 'lunch' as const, start: nine.breaks[0]?.start as number },
      nine.breaks[2],
    ] as typeof nine.breaks;
    expect(Object.values(validateShift({ ...nine, breaks: clashing }, noBusy).fields)).toContain(
      'must not overlap another break',
    );
  });

  it('reports an overlap with another shift or an approved vacation as a conflict', () => {
    const draft = shift('2026-11-21T14:00:00Z', 4);
    const busyShift = { start: at('2026-11-21T17:00:00Z'), end: at('2026-11-21T20:00:00Z'), kind: 'shift' as const };
    expect(validateShift(draft, { ...noBusy, busy: [busyShift] }).conflicts.start).toBe(
      'overlaps another of your shifts',
    );
    const vacation = { start: at('2026-11-21T00:00:00Z'), end: at('2026-11-22T00:00:00Z'), kind: 'vacation' as const };
    expect(validateShift(draft, { ...noBusy, busy: [vacation] }).conflicts.start).toBe('overlaps an approved vacation');
    const touching = { start: at('2026-11-21T18:00:00Z'), end: at('2026-11-21T20:00:00Z'), kind: 'shift' as const };
    expect(validateShift(draft, { ...noBusy, busy: [touching] }).conflicts).toEqual({});
  });

  it("accepts a night shift crossing midnight in St. John's and Honolulu", () => {
    for (const zone of ['America/St_Johns', 'Pacific/Honolulu']) {
      const start = instantOf('2026-11-21', '22:00', zone);
      const interval = { start, end: instantOf('2026-11-22', '06:30', zone) };
      expect(interval.end - interval.start).toBe(8.5 * HOUR);
      expect(validateShift({ ...interval, breaks: proposeBreaks(interval) }, noBusy)).toEqual({
        fields: {},
        conflicts: {},
      });
    }
  });

  it('measures shifts over a clock change in real time: 22:00 to 06:00 is 7 hours in spring and 9 in autumn', () => {
    const spring = {
      start: instantOf('2026-03-07', '22:00', 'America/Toronto'),
      end: instantOf('2026-03-08', '06:00', 'America/Toronto'),
    };
    const autumn = {
      start: instantOf('2026-10-31', '22:00', 'America/Halifax'),
      end: instantOf('2026-11-01', '06:00', 'America/Halifax'),
    };
    expect((spring.end - spring.start) / HOUR).toBe(7);
    expect((autumn.end - autumn.start) / HOUR).toBe(9);
    expect(proposeBreaks(spring).map((b) => b.type)).toEqual(['break', 'lunch']);
    expect(proposeBreaks(autumn).map((b) => b.type)).toEqual(['break', 'lunch', 'break']);
  });
});

describe('time picker choices', () => {
  it('offers every quarter hour of the day in real time: 92 on spring-forward, 100 on fall-back days', () => {
    const past = at('2020-01-01T00:00:00Z');
    expect(shiftStartChoices('2026-03-08', 'America/Toronto', [], past)).toHaveLength(92);
    expect(shiftStartChoices('2026-11-01', 'America/St_Johns', [], past)).toHaveLength(100);
    expect(shiftStartChoices('2026-03-08', 'America/Phoenix', [], past)).toHaveLength(96);
  });

  it('leaves out past times and times inside existing shifts, and stops end choices at the next shift', () => {
    const busy: Interval[] = [{ start: at('2026-11-21T17:00:00Z'), end: at('2026-11-21T20:00:00Z') }];
    const starts = shiftStartChoices('2026-11-21', 'UTC', busy, at('2026-11-21T10:07:00Z'));
    expect(new Date(starts[0] as number).toISOString()).toBe('2026-11-21T10:00:00.000Z');
    expect(starts).not.toContain(at('2026-11-21T17:00:00Z'));
    expect(starts).toContain(at('2026-11-21T20:00:00Z'));
    const ends = shiftEndChoices(at('2026-11-21T14:00:00Z'), busy);
    expect(new Date(ends.at(-1) as number).toISOString()).toBe('2026-11-21T17:00:00.000Z');
    expect(shiftEndChoices(at('2026-11-21T22:00:00Z'), [])).toContain(at('2026-11-22T06:00:00Z'));
  });

  it('offers break starts inside the shift that do not overlap the other breaks', () => {
    const shiftInterval = { start: at('2026-11-21T14:00:00Z'), end: at('2026-11-21T16:00:00Z') };
    const lunch = { type: 'lunch' as const, start: at('2026-11-21T14:30:00Z') };
    const choices = breakStartChoices(shiftInterval, 'break', [lunch]);
    for (const start of choices) {
      const candidate = breakInterval({ type: 'break', start });
      expect(contains(shiftInterval, candidate)).toBe(true);
      expect(overlaps(candidate, breakInterval(lunch))).toBe(false);
    }
    expect(choices.map((c) => new Date(c).toISOString().slice(11, 16))).toEqual([
      '14:00',
      '14:15',
      '15:00',
      '15:15',
      '15:30',
      '15:45',
    ]);
  });
});

describe('status catalogue', () => {
  it('has the four keys with label, colour and visibility', () => {
    expect(STATUS_CATALOGUE.map((entry) => entry.key)).toEqual(['PENDING', 'APPROVED', 'CANCELED', 'FREE_SHIFT']);
  });
});
