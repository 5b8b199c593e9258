import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  BREAK_MINUTES,
  expandPlanner,
  instantOf,
  MINUTE_MS,
  type PlannerOccurrence,
  plannerLastDate,
  ruleRepeats,
  type SchedulerRule,
  TIME_ZONE_IDS,
  validateShift,
} from '../src/index.js';

import {
  DST_ZONES,
  HOUR,
  hhmm,
  isoDateArb,
  localClock,
  parsed,
  plannerArb,
  plusDays,
  referenceExpansion,
  ruleArb,
} from './plannerFixtures.js';

describe('planner expansion', () => {
  const mondayToFriday = parsed('0 9 MO,TU,WE,TH,FR/1 480 b+120,l+225');

  it('gives 40 shifts for a Monday–Friday rule over 8 weeks', () => {
    const zone = 'America/Toronto';
    const from = instantOf('2030-01-06', '00:00', zone);
    const shifts = expandPlanner({
      rules: [mondayToFriday],
      startPlanner: '2030-01-06',
      endPlanner: null,
      zone,
      from,
      to: from + 56 * 24 * HOUR,
    });
    expect(shifts).toHaveLength(40);
    expect(shifts[0]).toMatchObject({ rule: 0, date: '2030-01-07', start: Date.parse('2030-01-07T14:00:00Z') });
    expect(shifts.at(-1)?.date).toBe('2030-03-01');
  });

  it('keeps 09:00 local across the March change in Toronto and St. John’s, and a fixed UTC hour in Phoenix and Honolulu', () => {
    const expand = (zone: string) =>
      expandPlanner({
        rules: [mondayToFriday],
        startPlanner: '2030-03-04',
        endPlanner: '2030-03-15',
        zone,
        from: Date.parse('2030-03-01T00:00:00Z'),
        to: Date.parse('2030-04-01T00:00:00Z'),
      });
    const toronto = expand('America/Toronto');
    expect(toronto.map((s) => s.date)).toEqual([
      '2030-03-04',
      '2030-03-05',
      '2030-03-06',
      '2030-03-07',
      '2030-03-08',
      '2030-03-11',
      '2030-03-12',
      '2030-03-13',
      '2030-03-14',
      '2030-03-15',
    ]);
    expect(toronto.every((s) => localClock(s.start, 'America/Toronto') === '09:00')).toBe(true);
    expect(new Date(toronto[4]?.start as number).toISOString()).toBe('2030-03-08T14:00:00.000Z');
    expect(new Date(toronto[5]?.start as number).toISOString()).toBe('2030-03-11T13:00:00.000Z');
    const stJohns = expand('America/St_Johns');
    expect(new Date(stJohns[4]?.start as number).toISOString()).toBe('2030-03-08T12:30:00.000Z');
    expect(new Date(stJohns[5]?.start as number).toISOString()).toBe('2030-03-11T11:30:00.000Z');
    for (const zone of ['America/Phoenix', 'Pacific/Honolulu']) {
      const utcHours = new Set(expand(zone).map((s) => new Date(s.start).getUTCHours()));
      expect(utcHours.size).toBe(1);
    }
  });

  it('moves a start inside the spring-forward gap forward, and keeps a night shift its real length', () => {
    // Los Angeles, not Vancouver: British Columbia keeps daylight time all year from 2026 on (tzdb 2026), no gap.
    const zone = 'America/Los_Angeles';
    const from = Date.parse('2030-03-08T00:00:00Z');
    const to = Date.parse('2030-03-13T00:00:00Z');
    const early = expandPlanner({
      rules: [parsed('30 2 * 240 b+60')],
      startPlanner: '2030-03-08',
      endPlanner: null,
      zone,
      from,
      to,
    });
    expect(early.map((s) => localClock(s.start, zone))).toEqual(['02:30', '02:30', '03:30', '02:30', '02:30']);
    const night = expandPlanner({
      rules: [parsed('0 22 * 480 b+120,l+225')],
      startPlanner: '2030-03-08',
      endPlanner: '2030-03-10',
      zone,
      from,
      to,
    });
    expect(night.map((s) => localClock(s.end, zone))).toEqual(['06:00', '07:00', '06:00']);
    expect(night.every((s) => s.end - s.start === 8 * HOUR)).toBe(true);
  });

  it('counts intervals from the start date and weeks from the week holding it', () => {
    // 2030-01-08 is a Tuesday. Its week (from Sunday the 6th) is week 0, whose Monday (the 7th) is before the
    // start; the next Monday of an even week is the 21st.
    const mondays = expandPlanner({
      rules: [parsed('0 9 MO/2 240 b+60')],
      startPlanner: '2030-01-08',
      endPlanner: null,
      zone: 'America/Toronto',
      from: Date.parse('2030-01-01T00:00:00Z'),
      to: Date.parse('2030-03-01T00:00:00Z'),
    });
    expect(mondays.map((s) => s.date)).toEqual(['2030-01-21', '2030-02-04', '2030-02-18']);
    const everyThird = expandPlanner({
      rules: [parsed('0 9 */3 240 b+60')],
      startPlanner: '2030-01-08',
      endPlanner: '2030-01-20',
      zone: 'America/Toronto',
      from: Date.parse('2030-01-10T00:00:00Z'),
      to: Date.parse('2030-03-01T00:00:00Z'),
    });
    expect(everyThird.map((s) => s.date)).toEqual(['2030-01-11', '2030-01-14', '2030-01-17', '2030-01-20']);
  });

  it('matches a day-by-day reference, on the allowed days, inside the dates and the window (property)', () => {
    fc.assert(
      fc.property(plannerArb, (input) => {
        const shifts = expandPlanner(input);
        expect(shifts.map((s) => ({ rule: s.rule, start: s.start }))).toEqual(referenceExpansion(input));
        const startDay = DateTime.fromISO(input.startPlanner, { zone: 'utc' });
        for (const shift of shifts) {
          const rule = input.rules[shift.rule] as SchedulerRule;
          expect(shift.date >= input.startPlanner).toBe(true);
          if (input.endPlanner !== null) expect(shift.date <= input.endPlanner).toBe(true);
          expect(shift.start >= input.from && shift.start < input.to).toBe(true);
          expect(DateTime.fromMillis(shift.start, { zone: input.zone }).toISODate()).toBe(shift.date);
          const day = DateTime.fromISO(shift.date, { zone: 'utc' });
          // Whole days between UTC midnights (Luxon's diff gives the same, at a cost per shift).
          const sinceStart = Math.round((day.toMillis() - startDay.toMillis()) / 86_400_000);
          if (rule.days.kind === 'once') expect(sinceStart).toBe(0);
          if (rule.days.kind === 'days') expect(sinceStart % rule.days.interval).toBe(0);
          if (rule.days.kind === 'weekdays') {
            expect(rule.days.days).toContain(day.weekday % 7);
            const weeks = Math.round((sinceStart + (startDay.weekday % 7) - (day.weekday % 7)) / 7);
            expect(weeks % rule.days.interval).toBe(0);
          }
        }
      }),
      { numRuns: 400 },
    );
  });

  it('keeps the local start time across clock changes (a gap moves it forward by the gap), exact real durations and breaks inside (property)', () => {
    fc.assert(
      fc.property(plannerArb, (input) => {
        for (const shift of expandPlanner(input)) {
          const rule = input.rules[shift.rule] as SchedulerRule;
          const local = DateTime.fromMillis(shift.start, { zone: input.zone });
          const wanted = hhmm(rule);
          if (local.toFormat('HH:mm') !== wanted) {
            // Only inside a spring-forward gap: that wall-clock time does not exist on the date under either
            // offset, and the start is one hour (every gap in the 13 zones) later on the clock.
            const [year, month, day] = shift.date.split('-').map(Number) as [number, number, number];
            const wallAsUtc = DateTime.utc(year, month, day, rule.hour, rule.minute).toMillis();
            for (const offset of [local.minus({ hours: 3 }).offset, local.plus({ hours: 3 }).offset]) {
              expect(localClock(wallAsUtc - offset * MINUTE_MS, input.zone)).not.toBe(wanted);
            }
            expect(local.hour * 60 + local.minute - (rule.hour * 60 + rule.minute)).toBe(60);
          }
          expect(shift.end - shift.start).toBe(rule.duration * MINUTE_MS);
          expect(shift.breaks.map((b) => b.type)).toEqual(rule.breaks.map((b) => b.type));
          for (const [index, plannedBreak] of shift.breaks.entries()) {
            expect(plannedBreak.start - shift.start).toBe((rule.breaks[index]?.offset ?? -1) * MINUTE_MS);
            expect(plannedBreak.start).toBeGreaterThanOrEqual(shift.start);
            expect(plannedBreak.start + BREAK_MINUTES[plannedBreak.type] * MINUTE_MS).toBeLessThanOrEqual(shift.end);
          }
          expect(validateShift(shift, { now: 0, displayFrom: null, busy: [] }).fields).toEqual({});
        }
      }),
      { numRuns: 400 },
    );
  });

  it('keeps 09:00 local on every date of a year of weekdays in the five zones (property over start dates)', () => {
    fc.assert(
      fc.property(isoDateArb, fc.constantFrom(...DST_ZONES), (startPlanner, zone) => {
        const from = instantOf(startPlanner, '00:00', zone);
        const shifts: PlannerOccurrence[] = expandPlanner({
          rules: [mondayToFriday],
          startPlanner,
          endPlanner: null,
          zone,
          from,
          to: from + 366 * 24 * HOUR,
        });
        expect(shifts.length).toBeGreaterThanOrEqual(260);
        expect(shifts.every((s) => localClock(s.start, zone) === '09:00')).toBe(true);
      }),
      { numRuns: 25 },
    );
  });

  it('puts every start where Luxon does, for every day of a year in all 13 zones, change days included (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2026, max: 2031 }),
        fc.constantFrom(...TIME_ZONE_IDS),
        fc.integer({ min: 0, max: 23 }),
        fc.constantFrom(0, 15, 30, 45),
        (year, zone, hour, minute) => {
          const rule = parsed(`${minute} ${hour} */1 60 b+15`);
          const startPlanner = `${year}-01-01`;
          const shifts = expandPlanner({
            rules: [rule],
            startPlanner,
            endPlanner: `${year}-12-31`,
            zone,
            from: instantOf(startPlanner, '00:00', zone),
            to: instantOf(`${year + 1}-01-01`, '00:00', zone),
          });
          expect(shifts.length).toBe(DateTime.utc(year).daysInYear);
          for (const shift of shifts) {
            const [y, m, d] = shift.date.split('-').map(Number) as [number, number, number];
            const expected = DateTime.fromObject({ year: y, month: m, day: d, hour, minute }, { zone }).toMillis();
            if (shift.start !== expected)
              expect(`${shift.date} ${new Date(shift.start).toISOString()}`).toBe(new Date(expected).toISOString());
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('tells a repeat (more than one date in the planner’s life) from a single shift', () => {
    expect(ruleRepeats(parsed('0 9 - 240 b+60'), '2030-01-08', null)).toBe(false);
    expect(ruleRepeats(parsed('0 9 */1 240 b+60'), '2030-01-08', null)).toBe(true);
    expect(ruleRepeats(parsed('0 9 */7 240 b+60'), '2030-01-08', '2030-01-14')).toBe(false);
    expect(ruleRepeats(parsed('0 9 */7 240 b+60'), '2030-01-08', '2030-01-15')).toBe(true);
    // Tuesday start, Mondays every 2 weeks: the 21st and then 4 February.
    expect(ruleRepeats(parsed('0 9 MO/2 240 b+60'), '2030-01-08', '2030-02-03')).toBe(false);
    expect(ruleRepeats(parsed('0 9 MO/2 240 b+60'), '2030-01-08', '2030-02-04')).toBe(true);
    fc.assert(
      fc.property(ruleArb, isoDateArb, fc.integer({ min: 0, max: 1500 }), (rule, startPlanner, days) => {
        const endPlanner = plusDays(startPlanner, days);
        const zone = 'UTC';
        const all = expandPlanner({
          rules: [rule],
          startPlanner,
          endPlanner,
          zone,
          from: instantOf(startPlanner, '00:00', zone),
          to: instantOf(plusDays(endPlanner, 1), '00:00', zone),
        });
        expect(ruleRepeats(rule, startPlanner, endPlanner)).toBe(all.length > 1);
      }),
      { numRuns: 300 },
    );
  });

  it('knows the last date of a planner', () => {
    expect(plannerLastDate([parsed('0 9 - 240 b+60')], '2030-01-08', null)).toBe('2030-01-08');
    expect(plannerLastDate([parsed('0 9 - 240 b+60'), mondayToFriday], '2030-01-08', null)).toBeNull();
    expect(plannerLastDate([mondayToFriday], '2030-01-08', '2030-03-01')).toBe('2030-03-01');
  });
});
