import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canSavePlanner,
  formatSchedulerRule,
  MINUTE_MS,
  moduleToRule,
  type PlannerTimeModule,
  parseSchedulerRule,
  plannerDateProblems,
  plannerEndDateMin,
  plannerEndDateToSend,
  ruleToModule,
  setPlannerBodySchema,
  validateShift,
} from '../src/index.js';

import { isoDateArb, parsed, refusal, ruleArb } from './plannerFixtures.js';

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
