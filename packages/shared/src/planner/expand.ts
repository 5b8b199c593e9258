import type { PlannedBreak } from '../schedule/breaks.js';
import { instantOf, localDateOf } from '../schedule/calendarPeriod.js';
import { MINUTE_MS } from '../schedule/intervals.js';
import { dayNumber, isoDateOf, weekdayOf, weekStartOf } from './days.js';
import { breaksAt, type SchedulerRule } from './rule.js';

/** One shift a planner produces, in real time. */
export type PlannerOccurrence = {
  /** Index of the rule in the planner's scheduler. */
  rule: number;
  /** The local date (planner's zone) the shift starts on. */
  date: string;
  start: number;
  end: number;
  breaks: PlannedBreak[];
};

export type PlannerExpansion = {
  rules: readonly SchedulerRule[];
  /** ISO date: nothing before it. */
  startPlanner: string;
  /** ISO date, included: nothing after it; null = never ends. */
  endPlanner: string | null;
  /** IANA zone the rules' wall-clock times are read in. */
  zone: string;
  /** Only shifts starting in [from, to) (epoch ms). */
  from: number;
  to: number;
};

const DAY_MS = 86_400_000;
const pad = (value: number) => String(value).padStart(2, '0');

/**
 * UTC offset (ms) of a zone on a local day when it is the same at that midnight and the next, i.e. the day
 * holds no clock change (the 13 zones change at most once a day); null on a change day. Memoised: a planner
 * run asks the same few hundred (zone, day) pairs again and again, and Luxon's zone maths costs ~30 µs a call.
 */
const steadyOffsets = new Map<string, number | null>();
const STEADY_OFFSETS_LIMIT = 50_000;

function steadyOffset(zone: string, day: number): number | null {
  const key = `${zone}|${day}`;
  let offset = steadyOffsets.get(key);
  if (offset === undefined) {
    const wallMidnight = day * DAY_MS;
    const atMidnight = wallMidnight - instantOf(isoDateOf(day), '00:00', zone);
    const atNextMidnight = wallMidnight + DAY_MS - instantOf(isoDateOf(day + 1), '00:00', zone);
    offset = atMidnight === atNextMidnight ? atMidnight : null;
    if (steadyOffsets.size >= STEADY_OFFSETS_LIMIT) steadyOffsets.clear();
    steadyOffsets.set(key, offset);
  }
  return offset;
}

/** instantOf for a day number and a wall-clock time: plain arithmetic on a steady day, Luxon on a change day. */
function startInstant(day: number, hour: number, minute: number, zone: string): number {
  const offset = steadyOffset(zone, day);
  if (offset === null) return instantOf(isoDateOf(day), `${pad(hour)}:${pad(minute)}`, zone);
  return day * DAY_MS + (hour * 60 + minute) * MINUTE_MS - offset;
}

/**
 * Local dates (day numbers) in [first, last] on which a rule starts a shift. Day intervals count from the
 * planner's start date; week intervals from the Sunday of the week holding it.
 */
export function ruleDays(rule: SchedulerRule, startDay: number, first: number, last: number): number[] {
  const lo = Math.max(first, startDay);
  const days: number[] = [];
  if (lo > last) return days;
  const spec = rule.days;
  if (spec.kind === 'once') {
    if (startDay >= lo && startDay <= last) days.push(startDay);
    return days;
  }
  if (spec.kind === 'days') {
    for (
      let day = startDay + Math.ceil((lo - startDay) / spec.interval) * spec.interval;
      day <= last;
      day += spec.interval
    ) {
      days.push(day);
    }
    return days;
  }
  const anchor = weekStartOf(startDay);
  const span = 7 * spec.interval;
  for (let week = anchor + Math.floor((weekStartOf(lo) - anchor) / span) * span; week <= last; week += span) {
    for (const weekday of spec.days) {
      const day = week + weekday;
      if (day >= lo && day <= last) days.push(day);
    }
  }
  return days;
}

/**
 * The shifts a planner produces that start in [from, to): on each rule date, the local wall-clock start
 * in the planner's zone (a start inside a spring-forward gap moves forward as clocks do), lasting the
 * rule's duration in real minutes, with the breaks at their offsets. Sorted by start, then rule.
 */
export function expandPlanner(input: PlannerExpansion): PlannerOccurrence[] {
  const { rules, zone, from, to } = input;
  if (!(from < to)) return [];
  const startDay = dayNumber(input.startPlanner);
  // A day before and after the local dates of the bounds covers any start a clock change could move.
  const first = dayNumber(localDateOf(from, zone)) - 1;
  let last = dayNumber(localDateOf(to, zone)) + 1;
  if (input.endPlanner !== null) last = Math.min(last, dayNumber(input.endPlanner));
  const occurrences: PlannerOccurrence[] = [];
  rules.forEach((rule, index) => {
    for (const day of ruleDays(rule, startDay, first, last)) {
      const start = startInstant(day, rule.hour, rule.minute, zone);
      if (start < from || start >= to) continue;
      occurrences.push({
        rule: index,
        date: isoDateOf(day),
        start,
        end: start + rule.duration * MINUTE_MS,
        breaks: breaksAt(rule, start),
      });
    }
  });
  return occurrences.sort((a, b) => a.start - b.start || a.rule - b.rule);
}

/**
 * True when the rule starts shifts on more than one date between the planner's start and end dates
 * (an open end counts as forever): that is a repeat, which only a schedule supervisor may plan.
 */
export function ruleRepeats(rule: SchedulerRule, startPlanner: string, endPlanner: string | null): boolean {
  if (rule.days.kind === 'once') return false;
  const startDay = dayNumber(startPlanner);
  if (endPlanner === null) return true;
  const endDay = dayNumber(endPlanner);
  // The first two occurrences, if there are two, fall within 2 × interval + 1 weeks of the start.
  const horizon = Math.min(endDay, startDay + 7 * (2 * rule.days.interval + 1));
  return ruleDays(rule, startDay, startDay, horizon).length > 1;
}

/** The last date a planner can produce a shift on, or null when it never ends. */
export function plannerLastDate(
  rules: readonly SchedulerRule[],
  startPlanner: string,
  endPlanner: string | null,
): string | null {
  if (endPlanner !== null) return endPlanner;
  return rules.every((rule) => rule.days.kind === 'once') ? startPlanner : null;
}

/** Weekday number (0 = Sunday) of an ISO date. */
export const weekdayOfDate = (isoDate: string): number => weekdayOf(dayNumber(isoDate));
