import type { PlannedBreak } from '../schedule/breaks.js';
import { instantOf } from '../schedule/calendarPeriod.js';
import { MINUTE_MS } from '../schedule/intervals.js';
import { zoneOffsetTransitions } from '../time/offsetTransitions.js';
import { localDateInZone } from '../time/zonedFormat.js';
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

/** Far enough either side of a wall-clock day to hold all its real instants in any zone (offsets lie within ±14 h). */
const ZONE_REACH_MS = 14 * 3_600_000;

/**
 * UTC offset (ms) of a zone on a local day when no clock change comes near it, else null (Luxon then places the
 * start). From the zone's transitions, read once per zone and year, so a planner run of thousands of days costs
 * no zone lookups of its own; Luxon's zone maths cost ~30 µs a call.
 */
function steadyOffset(zone: string, day: number): number | null {
  const wallMidnight = day * DAY_MS;
  const offsets = zoneOffsetTransitions(zone, wallMidnight - ZONE_REACH_MS, wallMidnight + DAY_MS + ZONE_REACH_MS);
  const offsetMinutes = offsets.length === 1 ? offsets[0]?.offsetMinutes : undefined;
  return offsetMinutes === undefined || Number.isNaN(offsetMinutes) ? null : offsetMinutes * MINUTE_MS;
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
  const first = dayNumber(localDateInZone(from, zone)) - 1;
  let last = dayNumber(localDateInZone(to, zone)) + 1;
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
