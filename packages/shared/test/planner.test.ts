import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  BREAK_MINUTES,
  canSavePlanner,
  expandPlanner,
  formatSchedulerRule,
  instantOf,
  MINUTE_MS,
  moduleToRule,
  type PlannerOccurrence,
  type PlannerTimeModule,
  parseSchedulerRule,
  plannerDateProblems,
  plannerEndDateMin,
  plannerEndDateToSend,
  plannerLastDate,
  proposeBreaks,
  ruleRepeats,
  ruleToModule,
  type SchedulerRule,
  setPlannerBodySchema,
  TIME_ZONE_IDS,
  validateShift,
} from '../src/index.js';

const HOUR = 60 * MINUTE_MS;
const parsed = (text: string): SchedulerRule => {
  const result = parseSchedulerRule(text);
  if (!result.ok) throw new Error(`${text}: ${result.field} ${result.reason}`);
  return result.rule;
};
const refusal = (text: string) => {
  const result = parseSchedulerRule(text);
  return result.ok ? null : { field: result.field, reason: result.reason };
};

/** The zones with something to prove: a half-hour offset, two DST zones, and two without DST. */
const DST_ZONES = [
  'America/St_Johns',
  'America/Toronto',
  'America/Vancouver',
  'America/Phoenix',
  'Pacific/Honolulu',
] as const;

// ---------- generators ----------

const proposedOffsets = (duration: number) =>
  proposeBreaks({ start: 0, end: duration * MINUTE_MS }).map((b) => ({ type: b.type, offset: b.start / MINUTE_MS }));

const intervalArb = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 4 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 99 }) },
);
const daysArb: fc.Arbitrary<SchedulerRule['days']> = fc.oneof(
  fc.constant({ kind: 'once' as const }),
  intervalArb.map((interval) => ({ kind: 'days' as const, interval })),
  fc
    .record({
      days: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }),
      interval: intervalArb,
    })
    .map(({ days, interval }) => ({ kind: 'weekdays' as const, days: [...days].sort((a, b) => a - b), interval })),
);
const ruleArb: fc.Arbitrary<SchedulerRule> = fc
  .record({
    minute: fc.constantFrom(0, 15, 30, 45),
    hour: fc.integer({ min: 0, max: 23 }),
    days: daysArb,
    duration: fc.integer({ min: 4, max: 64 }).map((quarters) => quarters * 15),
  })
  .map((rule) => ({ ...rule, breaks: proposedOffsets(rule.duration) }));

const isoDateArb = fc
  .integer({ min: Date.UTC(2026, 0, 1) / 86_400_000, max: Date.UTC(2031, 11, 31) / 86_400_000 })
  .map((day) => new Date(day * 86_400_000).toISOString().slice(0, 10));

const plusDays = (isoDate: string, days: number) =>
  DateTime.fromISO(isoDate, { zone: 'utc' }).plus({ days }).toISODate() as string;

const plannerArb = fc
  .record({
    rules: fc.array(ruleArb, { minLength: 1, maxLength: 3 }),
    startPlanner: isoDateArb,
    endAfter: fc.option(fc.integer({ min: 0, max: 200 }), { nil: null }),
    zone: fc.constantFrom(...DST_ZONES, ...TIME_ZONE_IDS),
    fromOffsetDays: fc.integer({ min: -20, max: 60 }),
    fromOffsetMinutes: fc.integer({ min: 0, max: 1439 }),
    windowMinutes: fc.integer({ min: 0, max: 120 * 1440 }),
  })
  .map((input) => {
    const from =
      instantOf(plusDays(input.startPlanner, input.fromOffsetDays), '00:00', input.zone) +
      input.fromOffsetMinutes * MINUTE_MS;
    return {
      rules: input.rules,
      startPlanner: input.startPlanner,
      endPlanner: input.endAfter === null ? null : plusDays(input.startPlanner, input.endAfter),
      zone: input.zone,
      from,
      to: from + input.windowMinutes * MINUTE_MS,
    };
  });

// ---------- a brute-force reference: every local day, one by one, with Luxon ----------

function referenceExpansion(input: {
  rules: readonly SchedulerRule[];
  startPlanner: string;
  endPlanner: string | null;
  zone: string;
  from: number;
  to: number;
}): { rule: number; start: number }[] {
  const out: { rule: number; start: number }[] = [];
  const start = DateTime.fromISO(input.startPlanner, { zone: 'utc' });
  const sundayOf = (day: DateTime) => day.minus({ days: day.weekday % 7 });
  let day = DateTime.fromMillis(input.from, { zone: input.zone })
    .setZone('utc', { keepLocalTime: true })
    .startOf('day');
  day = day.minus({ days: 2 });
  const lastDay = DateTime.fromMillis(input.to, { zone: input.zone })
    .setZone('utc', { keepLocalTime: true })
    .startOf('day')
    .plus({ days: 2 });
  for (; day <= lastDay; day = day.plus({ days: 1 })) {
    const date = day.toISODate() as string;
    if (date < input.startPlanner) continue;
    if (input.endPlanner !== null && date > input.endPlanner) continue;
    const sinceStart = Math.round(day.diff(start, 'days').days);
    input.rules.forEach((rule, index) => {
      let on = false;
      if (rule.days.kind === 'once') on = sinceStart === 0;
      else if (rule.days.kind === 'days') on = sinceStart % rule.days.interval === 0;
      else {
        const weeks = Math.round(sundayOf(day).diff(sundayOf(start), 'days').days / 7);
        on = rule.days.days.includes(day.weekday % 7) && weeks % rule.days.interval === 0;
      }
      if (!on) return;
      const moment = DateTime.fromObject(
        { year: day.year, month: day.month, day: day.day, hour: rule.hour, minute: rule.minute },
        { zone: input.zone },
      ).toMillis();
      if (moment >= input.from && moment < input.to) out.push({ rule: index, start: moment });
    });
  }
  return out.sort((a, b) => a.start - b.start || a.rule - b.rule);
}

const localClock = (epochMs: number, zone: string) => DateTime.fromMillis(epochMs, { zone }).toFormat('HH:mm');
const hhmm = (rule: SchedulerRule) => `${String(rule.hour).padStart(2, '0')}:${String(rule.minute).padStart(2, '0')}`;

// ---------- the text rule ----------

describe('scheduler text rules', () => {
  it('parses the documented examples', () => {
    expect(parsed('0 9 MO,TU,WE,TH,FR/1 480 b+120,l+225')).toEqual({
      minute: 0,
      hour: 9,
      days: { kind: 'weekdays', days: [1, 2, 3, 4, 5], interval: 1 },
      duration: 480,
      breaks: [
        { type: 'break', offset: 120 },
        { type: 'lunch', offset: 225 },
      ],
    });
    expect(parsed('30 22 */2 600 b+120,l+285,b+480').days).toEqual({ kind: 'days', interval: 2 });
    expect(parsed('0 8 - 240 b+60')).toMatchObject({ days: { kind: 'once' }, duration: 240 });
  });

  it('accepts shorthands, lower case, extra spaces and any break order, and formats canonically', () => {
    expect(formatSchedulerRule(parsed('  15  7  *  360  l+180,b+60 '))).toBe('15 7 */1 360 b+60,l+180');
    expect(formatSchedulerRule(parsed('0 9 fr,mo 540 B+120,b+420,L+255'))).toBe('0 9 MO,FR/1 540 b+120,l+255,b+420');
    expect(formatSchedulerRule(parsed('45 23 SA,SU/3 60 b+15'))).toBe('45 23 SU,SA/3 60 b+15');
  });

  it('names the field and the reason of a broken rule', () => {
    expect(refusal('0 9 MO 480')).toEqual({
      field: 'rule',
      reason: 'must have 5 fields: minute hour days duration breaks',
    });
    expect(refusal('')).toMatchObject({ field: 'rule' });
    expect(refusal('10 9 * 240 b+60')).toEqual({ field: 'minute', reason: 'must be 0, 15, 30 or 45' });
    expect(refusal('0 24 * 240 b+60')).toEqual({ field: 'hour', reason: 'must be a whole number from 0 to 23' });
    expect(refusal('0 -1 * 240 b+60')?.field).toBe('hour');
    expect(refusal('0 9 MO,XY 240 b+60')).toEqual({
      field: 'days',
      reason: "'XY' is not a weekday (SU, MO, TU, WE, TH, FR, SA)",
    });
    expect(refusal('0 9 MO,mo 240 b+60')).toEqual({ field: 'days', reason: 'lists MO twice' });
    expect(refusal('0 9 */0 240 b+60')).toEqual({ field: 'days', reason: 'interval must be from 1 to 99' });
    expect(refusal('0 9 MO/100 240 b+60')?.reason).toBe('interval must be from 1 to 99');
    expect(refusal('0 9 MO/1/2 240 b+60')?.field).toBe('days');
    expect(refusal('0 9 * 245 b+60')).toEqual({
      field: 'duration',
      reason: 'must be a whole number of minutes on a 15-minute step',
    });
    expect(refusal('0 9 * 45 b+15')).toEqual({ field: 'duration', reason: 'must be from 60 to 960 minutes' });
    expect(refusal('0 9 * 975 b+60')?.field).toBe('duration');
    expect(refusal('0 9 * 480 b+120')).toEqual({
      field: 'breaks',
      reason: 'a shift of 480 minutes needs 1 break and 1 lunch',
    });
    expect(refusal('0 9 * 540 b+120,l+240')?.reason).toBe('a shift of 540 minutes needs 2 breaks and 1 lunch');
    expect(refusal('0 9 * 240 b+240')).toEqual({ field: 'breaks', reason: 'b+240 must be inside the shift' });
    expect(refusal('0 9 * 360 b+120,l+110')?.field).toBe('breaks');
    expect(refusal('0 9 * 360 b+120,l+120')).toEqual({
      field: 'breaks',
      reason: 'b+120 must not overlap another break',
    });
    expect(refusal('0 9 * 240 b+70')).toEqual({ field: 'breaks', reason: 'b+70 must be on a 15-minute step' });
    expect(refusal('0 9 * 240 x+60')?.reason).toBe(
      "'x+60' must be b+M (break) or l+M (lunch), M minutes from the start",
    );
    expect(refusal('0 9 * 240 b+60,')?.field).toBe('breaks');
    expect(refusal(`0 9 * 240 b+60${' '.repeat(300)}`)?.field).toBe('rule');
  });

  it('round-trips: parse(format(rule)) is the rule, for every valid rule (property)', () => {
    fc.assert(
      fc.property(ruleArb, (rule) => {
        expect(parsed(formatSchedulerRule(rule))).toEqual(rule);
      }),
      { numRuns: 500 },
    );
  });

  it('formats accepted text canonically and stably (property)', () => {
    const textArb = fc
      .tuple(
        fc.constantFrom('0', '15', '30', '45', '5', '60'),
        fc.constantFrom('0', '9', '23', '24'),
        fc.constantFrom('-', '*', '*/2', 'mo,we', 'SU/3', 'FR,MO/1', '*/0', 'XX'),
        fc.constantFrom('60', '240', '480', '540', '65'),
        fc.constantFrom('b+15', 'b+60', 'l+180,b+60', 'b+120,l+225,b+360', 'b+120,l+240,b+420', 'b+600'),
      )
      .map((parts) => parts.join(' '));
    fc.assert(
      fc.property(textArb, (text) => {
        const first = parseSchedulerRule(text);
        if (!first.ok) return;
        const canonical = formatSchedulerRule(first.rule);
        expect(formatSchedulerRule(parsed(canonical))).toBe(canonical);
      }),
    );
  });

  it('accepts exactly the breaks a single shift of that length may have (same rule as validateShift)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 4, max: 64 }),
        fc.array(fc.record({ lunch: fc.boolean(), quarter: fc.integer({ min: 0, max: 64 }) }), { maxLength: 3 }),
        (quarters, picks) => {
          const duration = quarters * 15;
          const breaks = picks.map((pick) => ({
            type: pick.lunch ? ('lunch' as const) : ('break' as const),
            offset: pick.quarter * 15,
          }));
          if (breaks.length === 0) return;
          const text = `0 9 * ${duration} ${breaks.map((b) => `${b.type[0]}+${b.offset}`).join(',')}`;
          const start = Date.UTC(2030, 0, 7, 14);
          const single = validateShift(
            {
              start,
              end: start + duration * MINUTE_MS,
              breaks: breaks.map((b) => ({ type: b.type, start: start + b.offset * MINUTE_MS })),
            },
            { now: 0, displayFrom: null, busy: [] },
          );
          expect(parseSchedulerRule(text).ok).toBe(Object.keys(single.fields).length === 0);
        },
      ),
      { numRuns: 300 },
    );
  });
});

// ---------- the dialog's time module ----------

describe('time module → rule', () => {
  const weekdays: PlannerTimeModule = {
    startDate: '2030-01-07',
    start: '09:00',
    end: '17:00',
    breaks: [
      { type: 'break', start: '11:00' },
      { type: 'lunch', start: '12:45' },
    ],
    repeats: { typeInterval: 'week', interval: 1, days: ['Mo', 'Tu', 'We', 'Th', 'Fr'] },
  };

  it('turns a weekly module into a weekday rule', () => {
    const result = moduleToRule(weekdays);
    expect(result.ok && formatSchedulerRule(result.rule)).toBe('0 9 MO,TU,WE,TH,FR/1 480 b+120,l+225');
  });

  it('turns a night shift, a daily repeat and a module without repeats into rules', () => {
    const night = moduleToRule({
      startDate: '2030-01-07',
      endDate: '2030-01-08',
      start: '22:00',
      end: '06:00',
      breaks: [
        { type: 'break', start: '00:00' },
        { type: 'lunch', start: '01:45' },
      ],
      repeats: { typeInterval: 'day', interval: 3, days: [] },
    });
    expect(night.ok && formatSchedulerRule(night.rule)).toBe('0 22 */3 480 b+120,l+225');
    const once = moduleToRule({
      startDate: '2030-01-07',
      start: '08:00',
      end: '12:00',
      breaks: [{ type: 'break', start: '10:00' }],
    });
    expect(once.ok && formatSchedulerRule(once.rule)).toBe('0 8 - 240 b+120');
    // A weekly repeat with no day ticked repeats on the start date's weekday (2030-01-09 is a Wednesday).
    const noDays = moduleToRule({
      ...weekdays,
      startDate: '2030-01-09',
      repeats: { typeInterval: 'week', interval: 2, days: [] },
    });
    expect(noDays.ok && formatSchedulerRule(noDays.rule)).toBe('0 9 WE/2 480 b+120,l+225');
  });

  it('names the dialog field of a broken module', () => {
    const failure = (module: PlannerTimeModule) => {
      const result = moduleToRule(module);
      return result.ok ? null : { field: result.field, reason: result.reason };
    };
    expect(failure({ ...weekdays, start: null })).toEqual({ field: 'start', reason: 'is required' });
    expect(failure({ ...weekdays, end: '' })).toEqual({ field: 'end', reason: 'is required' });
    expect(failure({ ...weekdays, end: '08:00' })).toEqual({ field: 'end', reason: 'must be after start' });
    expect(failure({ ...weekdays, start: '09:10' })).toEqual({ field: 'start', reason: 'must be 0, 15, 30 or 45' });
    expect(failure({ ...weekdays, repeats: { typeInterval: 'day', interval: 0, days: [] } })?.field).toBe(
      'repeats.interval',
    );
    expect(failure({ ...weekdays, breaks: [{ type: 'break', start: null }] })).toEqual({
      field: 'breaks.0.start',
      reason: 'is required',
    });
    expect(failure({ ...weekdays, breaks: [{ type: 'break', start: '08:00' }] })).toEqual({
      field: 'breaks.0.start',
      reason: 'must be inside the shift',
    });
    expect(failure({ ...weekdays, breaks: [{ type: 'break', start: '11:00' }] })?.field).toBe('breaks');
  });

  it('gives back the rule from its own module (property)', () => {
    fc.assert(
      fc.property(ruleArb, isoDateArb, (rule, startDate) => {
        const module = ruleToModule(rule, startDate);
        const back = moduleToRule(module);
        expect(back.ok && back.rule).toEqual(rule);
      }),
      { numRuns: 300 },
    );
  });
});

// ---------- validation constants ----------

describe('planner validation', () => {
  it('needs the first module start and end to save', () => {
    expect(canSavePlanner([])).toBe(false);
    expect(canSavePlanner([{ start: '09:00', end: null }])).toBe(false);
    expect(
      canSavePlanner([
        { start: null, end: '17:00' },
        { start: '09:00', end: '17:00' },
      ]),
    ).toBe(false);
    expect(
      canSavePlanner([
        { start: '09:00', end: '17:00' },
        { start: null, end: null },
      ]),
    ).toBe(true);
  });

  it("has tomorrow in the planner's zone as the earliest end date, sent only for the Date mode", () => {
    // 2030-01-10 02:00 UTC is still the 9th in St. John's (22:30) and in Honolulu (16:00).
    const now = Date.parse('2030-01-10T02:00:00Z');
    expect(plannerEndDateMin(now, 'America/St_Johns')).toBe('2030-01-10');
    expect(plannerEndDateMin(now, 'Pacific/Honolulu')).toBe('2030-01-10');
    expect(plannerEndDateMin(Date.parse('2030-01-10T04:00:00Z'), 'America/St_Johns')).toBe('2030-01-11');
    expect(plannerEndDateToSend('date', '2030-02-01')).toBe('2030-02-01');
    expect(plannerEndDateToSend('never', '2030-02-01')).toBeNull();
  });

  it('refuses a start in the past and an end date before tomorrow or before the start', () => {
    const now = Date.parse('2030-01-10T15:00:00Z');
    const zone = 'America/Toronto';
    expect(plannerDateProblems({ startPlanner: '2030-01-10', endPlanner: null }, now, zone)).toEqual({});
    expect(plannerDateProblems({ startPlanner: '2030-01-09', endPlanner: '2030-01-10' }, now, zone)).toEqual({
      start: 'must not be in the past',
      end_date: 'must be tomorrow or later',
    });
    expect(plannerDateProblems({ startPlanner: '2030-01-20', endPlanner: '2030-01-15' }, now, zone)).toEqual({
      end_date: 'must not be before start',
    });
    expect(plannerDateProblems({ startPlanner: '2030-02-30', endPlanner: null }, now, zone)).toEqual({
      start: 'must be a date (yyyy-MM-dd)',
    });
  });

  it('parses the set_planner body with end_date left out as Never', () => {
    const body = setPlannerBodySchema.parse({ start: '2030-01-14', scheduler: ['0 9 - 240 b+60'] });
    expect(body.end_date).toBeNull();
    expect(setPlannerBodySchema.safeParse({ start: '2030-01-14', scheduler: [] }).success).toBe(false);
    expect(setPlannerBodySchema.safeParse({ start: '14/01/2030', scheduler: ['x'] }).success).toBe(false);
    expect(
      setPlannerBodySchema.safeParse({ start: '2030-01-14', scheduler: Array(21).fill('0 9 - 240 b+60') }).success,
    ).toBe(false);
  });
});

// ---------- expansion ----------

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
    const zone = 'America/Vancouver';
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
          const sinceStart = Math.round(day.diff(startDay, 'days').days);
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
