// Arbitraries, a day-by-day reference expansion and small helpers shared by the planner tests.
import fc from 'fast-check';
import { DateTime } from 'luxon';
import {
  instantOf,
  MINUTE_MS,
  parseSchedulerRule,
  proposeBreaks,
  type SchedulerRule,
  TIME_ZONE_IDS,
} from '../src/index.js';
import type { PlannerExpansion } from '../src/planner/expand.js';

export const HOUR = 60 * MINUTE_MS;
export const parsed = (text: string): SchedulerRule => {
  const result = parseSchedulerRule(text);
  if (!result.ok) throw new Error(`${text}: ${result.field} ${result.reason}`);
  return result.rule;
};
export const refusal = (text: string) => {
  const result = parseSchedulerRule(text);
  return result.ok ? null : { field: result.field, reason: result.reason };
};

/** The zones with something to prove: a half-hour offset, two DST zones, and two without DST. */
export const DST_ZONES = [
  'America/St_Johns',
  'America/Toronto',
  'America/Vancouver',
  'America/Phoenix',
  'Pacific/Honolulu',
] as const;

// ---------- generators ----------

export const proposedOffsets = (duration: number) =>
  proposeBreaks({ start: 0, end: duration * MINUTE_MS }).map((b) => ({ type: b.type, offset: b.start / MINUTE_MS }));

export const intervalArb = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 4 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 99 }) },
);
export const daysArb: fc.Arbitrary<SchedulerRule['days']> = fc.oneof(
  fc.constant({ kind: 'once' as const }),
  intervalArb.map((interval) => ({ kind: 'days' as const, interval })),
  fc
    .record({
      days: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }),
      interval: intervalArb,
    })
    .map(({ days, interval }) => ({ kind: 'weekdays' as const, days: [...days].sort((a, b) => a - b), interval })),
);
export const ruleArb: fc.Arbitrary<SchedulerRule> = fc
  .record({
    minute: fc.constantFrom(0, 15, 30, 45),
    hour: fc.integer({ min: 0, max: 23 }),
    days: daysArb,
    duration: fc.integer({ min: 4, max: 64 }).map((quarters) => quarters * 15),
  })
  .map((rule) => ({ ...rule, breaks: proposedOffsets(rule.duration) }));

export const isoDateArb = fc
  .integer({ min: Date.UTC(2026, 0, 1) / 86_400_000, max: Date.UTC(2031, 11, 31) / 86_400_000 })
  .map((day) => new Date(day * 86_400_000).toISOString().slice(0, 10));

export const plusDays = (isoDate: string, days: number) =>
  DateTime.fromISO(isoDate, { zone: 'utc' }).plus({ days }).toISODate() as string;

export const plannerArb = fc
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

export function referenceExpansion(input: PlannerExpansion): { rule: number; start: number }[] {
  const out: { rule: number; start: number }[] = [];
  const DAY = 86_400_000;
  // The calendar walk is on UTC midnights with plain Dates (Luxon per day cost more than the expansion under test);
  // every zone question (which local days the window touches, where a wall-clock time falls) stays with Luxon.
  const startMs = DateTime.fromISO(input.startPlanner, { zone: 'utc' }).toMillis();
  const startSundayMs = startMs - new Date(startMs).getUTCDay() * DAY;
  const localDayOf = (ms: number) =>
    DateTime.fromMillis(ms, { zone: input.zone }).setZone('utc', { keepLocalTime: true }).startOf('day').toMillis();
  const lastDay = localDayOf(input.to) + 2 * DAY;
  for (let dayMs = localDayOf(input.from) - 2 * DAY; dayMs <= lastDay; dayMs += DAY) {
    const day = new Date(dayMs);
    const date = day.toISOString().slice(0, 10);
    if (date < input.startPlanner) continue;
    if (input.endPlanner !== null && date > input.endPlanner) continue;
    const sinceStart = Math.round((dayMs - startMs) / DAY);
    const weekday = day.getUTCDay();
    input.rules.forEach((rule, index) => {
      let on = false;
      if (rule.days.kind === 'once') on = sinceStart === 0;
      else if (rule.days.kind === 'days') on = sinceStart % rule.days.interval === 0;
      else {
        const weeks = Math.round((dayMs - weekday * DAY - startSundayMs) / DAY / 7);
        on = rule.days.days.includes(weekday) && weeks % rule.days.interval === 0;
      }
      if (!on) return;
      const moment = DateTime.fromObject(
        {
          year: day.getUTCFullYear(),
          month: day.getUTCMonth() + 1,
          day: day.getUTCDate(),
          hour: rule.hour,
          minute: rule.minute,
        },
        { zone: input.zone },
      ).toMillis();
      if (moment >= input.from && moment < input.to) out.push({ rule: index, start: moment });
    });
  }
  return out.sort((a, b) => a.start - b.start || a.rule - b.rule);
}

export const localClock = (epochMs: number, zone: string) => DateTime.fromMillis(epochMs, { zone }).toFormat('HH:mm');
export const hhmm = (rule: SchedulerRule) =>
  `${String(rule.hour).padStart(2, '0')}:${String(rule.minute).padStart(2, '0')}`;

// ---------- the text rule ----------
