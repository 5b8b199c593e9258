import type { BreakType } from '../schedule/constants.js';
import { dayNumberOf, isoDateOf, weekdayOf } from './days.js';
import {
  formatSchedulerRule,
  PLANNER_MAX_REPEAT_INTERVAL,
  PLANNER_MIN_REPEAT_INTERVAL,
  parseSchedulerRule,
  type RuleDays,
  type RuleField,
  type SchedulerRule,
} from './rule.js';

/** The dialog's weekday toggles (spec §3: days Su..Sa), index = weekday number (0 = Sunday). */
export const PLANNER_DAY_NAMES = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'] as const;
export type PlannerDayName = (typeof PLANNER_DAY_NAMES)[number];

export const PLANNER_REPEAT_TYPES = ['day', 'week'] as const;
export type PlannerRepeatType = (typeof PLANNER_REPEAT_TYPES)[number];

export type PlannerRepeats = { typeInterval: PlannerRepeatType; interval: number; days: PlannerDayName[] };

/** A break in the dialog: local 'HH:mm' on a date (the shift's start date when left out, or the next day when earlier than the start). */
export type PlannerModuleBreak = { type: BreakType; start: string | null; date?: string | null };

/** The planner dialog's time module (spec §3): local wall-clock times in the planner's zone. */
export type PlannerTimeModule = {
  startDate: string;
  /** The date the shift ends on; defaults to startDate (a night shift sets the next day). */
  endDate?: string | null;
  start: string | null;
  end: string | null;
  breaks: PlannerModuleBreak[];
  /** No repeats: the module is one shift on startDate. */
  repeats?: PlannerRepeats | null;
};

export type ModuleResult = { ok: true; rule: SchedulerRule } | { ok: false; field: string; reason: string };

const MINUTES_PER_DAY = 1440;
const pad = (value: number) => String(value).padStart(2, '0');

/** Minutes of a local 'HH:mm', or null. */
function clockMinutes(time: string | null | undefined): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(time ?? '');
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : null;
}

const clockText = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/** Where a rule error shows in the dialog. */
const MODULE_FIELD: Record<RuleField, string> = {
  rule: 'start',
  minute: 'start',
  hour: 'start',
  days: 'repeats',
  duration: 'end',
  breaks: 'breaks',
};

/**
 * Turns the dialog's time module into a scheduler rule. Duration and break offsets are the wall-clock
 * differences as typed (09:00–17:00 is 480 minutes), which the rule then keeps as real minutes on every
 * date, also across a clock change.
 */
export function moduleToRule(module: PlannerTimeModule): ModuleResult {
  const startDay = dayNumberOf(module.startDate ?? '');
  if (startDay === null) return { ok: false, field: 'startDate', reason: 'must be a date (yyyy-MM-dd)' };
  if (module.start === null || module.start === '') return { ok: false, field: 'start', reason: 'is required' };
  const startClock = clockMinutes(module.start);
  if (startClock === null) return { ok: false, field: 'start', reason: 'must be a time (HH:mm)' };
  if (module.end === null || module.end === '') return { ok: false, field: 'end', reason: 'is required' };
  const endClock = clockMinutes(module.end);
  if (endClock === null) return { ok: false, field: 'end', reason: 'must be a time (HH:mm)' };
  const endDay = module.endDate ? dayNumberOf(module.endDate) : startDay;
  if (endDay === null) return { ok: false, field: 'endDate', reason: 'must be a date (yyyy-MM-dd)' };

  const origin = startDay * MINUTES_PER_DAY + startClock;
  const duration = endDay * MINUTES_PER_DAY + endClock - origin;
  if (duration <= 0) return { ok: false, field: 'end', reason: 'must be after start' };

  const breaks: SchedulerRule['breaks'] = [];
  for (const [index, plannedBreak] of module.breaks.entries()) {
    const clock = clockMinutes(plannedBreak.start);
    if (clock === null) {
      const reason = plannedBreak.start ? 'must be a time (HH:mm)' : 'is required';
      return { ok: false, field: `breaks.${index}.start`, reason };
    }
    const day = plannedBreak.date ? dayNumberOf(plannedBreak.date) : clock >= startClock ? startDay : startDay + 1;
    if (day === null) return { ok: false, field: `breaks.${index}.date`, reason: 'must be a date (yyyy-MM-dd)' };
    const offset = day * MINUTES_PER_DAY + clock - origin;
    if (offset < 0 || offset >= duration)
      return { ok: false, field: `breaks.${index}.start`, reason: 'must be inside the shift' };
    breaks.push({ type: plannedBreak.type, offset });
  }

  const days = repeatsToDays(module.repeats ?? null, weekdayOf(startDay));
  if ('reason' in days) return { ok: false, field: days.field, reason: days.reason };

  const rule: SchedulerRule = {
    minute: startClock % 60,
    hour: Math.floor(startClock / 60),
    days,
    duration,
    breaks,
  };
  // One set of rules: the module must make a rule the text parser accepts.
  const checked = parseSchedulerRule(formatSchedulerRule(rule));
  if (!checked.ok) return { ok: false, field: MODULE_FIELD[checked.field], reason: checked.reason };
  return checked;
}

function repeatsToDays(
  repeats: PlannerRepeats | null,
  startWeekday: number,
): RuleDays | { field: string; reason: string } {
  if (repeats === null) return { kind: 'once' };
  const { interval } = repeats;
  if (!Number.isInteger(interval) || interval < PLANNER_MIN_REPEAT_INTERVAL || interval > PLANNER_MAX_REPEAT_INTERVAL) {
    return {
      field: 'repeats.interval',
      reason: `must be a whole number from ${PLANNER_MIN_REPEAT_INTERVAL} to ${PLANNER_MAX_REPEAT_INTERVAL}`,
    };
  }
  if (repeats.typeInterval === 'day') return { kind: 'days', interval };
  const days = [...new Set(repeats.days.map((name) => PLANNER_DAY_NAMES.indexOf(name)))].filter((day) => day >= 0);
  // A weekly repeat with no day ticked repeats on the start date's weekday.
  return { kind: 'weekdays', days: days.length > 0 ? days.sort((a, b) => a - b) : [startWeekday], interval };
}

/** The dialog's time module for a saved rule, on a start date (wall-clock times as on a day without a clock change). */
export function ruleToModule(rule: SchedulerRule, startDate: string): PlannerTimeModule {
  const startDay = dayNumberOf(startDate);
  if (startDay === null) throw new RangeError(`not an ISO date: ${startDate}`);
  const origin = startDay * MINUTES_PER_DAY + rule.hour * 60 + rule.minute;
  const at = (minutes: number) => ({
    date: isoDateOf(Math.floor(minutes / MINUTES_PER_DAY)),
    time: clockText(minutes % MINUTES_PER_DAY),
  });
  const end = at(origin + rule.duration);
  const days = rule.days;
  return {
    startDate,
    endDate: end.date,
    start: clockText(rule.hour * 60 + rule.minute),
    end: end.time,
    breaks: rule.breaks.map((b) => {
      const moment = at(origin + b.offset);
      return { type: b.type, start: moment.time, date: moment.date };
    }),
    repeats:
      days.kind === 'once'
        ? null
        : days.kind === 'days'
          ? { typeInterval: 'day', interval: days.interval, days: [] }
          : {
              typeInterval: 'week',
              interval: days.interval,
              days: days.days.map((day) => PLANNER_DAY_NAMES[day] as PlannerDayName),
            },
  };
}
