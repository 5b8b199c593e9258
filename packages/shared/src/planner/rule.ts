// The planner's scheduler TEXT RULES (spec §3: "minute, hour, day interval or weekday list with interval,
// duration, break and lunch offsets"). One rule is five fields separated by spaces:
//
//     <minute> <hour> <days> <duration> <breaks>
//
// - minute:   0, 15, 30 or 45 (time pickers step 15 minutes).
// - hour:     0–23. Minute and hour are the LOCAL wall-clock start in the planner's zone; on a
//             spring-forward gap the start moves forward as clocks do (02:30 becomes 03:30).
// - days:     `-`            once, on the planner's start date (no repeat);
//             `*/N`          every N days counted from the planner's start date (`*` alone means `*/1`);
//             `MO,WE,FR/N`   those weekdays (SU MO TU WE TH FR SA) every N weeks, counted from the week
//                            (Sunday to Saturday) holding the planner's start date (`/1` may be left out).
//             N is 1–99 (spec: repeat interval minimum 1).
// - duration: the shift's length in real minutes, a multiple of 15, 60–960 (a night shift across a clock
//             change still lasts exactly this long; its end's wall-clock time moves by the change).
// - breaks:   comma-separated `b+M` (a 15-minute break) or `l+M` (a 30-minute lunch), M = real minutes from
//             the shift start, a multiple of 15. The set must follow the break rule (one break always, a lunch
//             over 300 minutes, a second break over 480) and every break must lie inside the shift without
//             overlapping another: the same check as a single shift (validateShift).
//
// Examples: `0 9 MO,TU,WE,TH,FR/1 480 b+120,l+225` (weekdays 09:00–17:00),
// `30 22 */2 600 b+120,l+285,b+480` (every other night 22:30–08:30), `0 8 - 240 b+60` (once, 08:00–12:00).
//
// The canonical text (formatSchedulerRule) writes the interval always, weekdays in upper case from Sunday,
// and breaks in order of their offsets; parsing accepts lower case, the shorthands and any break order.
import { type PlannedBreak } from '../schedule/breaks.js';
import {
  BREAK_TYPES,
  type BreakType,
  MAX_SHIFT_MINUTES,
  MIN_SHIFT_MINUTES,
  STEP_MINUTES,
} from '../schedule/constants.js';
import { MINUTE_MS } from '../schedule/intervals.js';
import { validateShift } from '../schedule/validateShift.js';

/** Spec §5: repeat interval minimum 1. The dialog's field holds two digits. */
export const PLANNER_MIN_REPEAT_INTERVAL = 1;
export const PLANNER_MAX_REPEAT_INTERVAL = 99;
/** A rule longer than this is not a rule someone typed or the dialog produced. */
export const SCHEDULER_RULE_MAX_LENGTH = 200;

/** Weekday codes in the rule text, Sunday first (index = weekday number, 0 = Sunday). */
export const RULE_WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;

export type RuleDays =
  | { kind: 'once' }
  | { kind: 'days'; interval: number }
  /** days: weekday numbers 0 (Sunday) … 6 (Saturday), ascending, no repeats. */
  | { kind: 'weekdays'; days: number[]; interval: number };

export type RuleBreak = { type: BreakType; offset: number };

export type SchedulerRule = {
  minute: number;
  hour: number;
  days: RuleDays;
  /** Real minutes. */
  duration: number;
  /** Real minutes from the shift start, ascending. */
  breaks: RuleBreak[];
};

export type RuleField = 'rule' | 'minute' | 'hour' | 'days' | 'duration' | 'breaks';

export type RuleResult = { ok: true; rule: SchedulerRule } | { ok: false; field: RuleField; reason: string };

const BREAK_LETTERS: Record<BreakType, string> = { break: 'b', lunch: 'l' };
const fail = (field: RuleField, reason: string): RuleResult => ({ ok: false, field, reason });

/** The one-line message for a refused rule, e.g. "days: 'XY' is not a weekday". */
export const describeRuleError = (result: { field: string; reason: string }) => `${result.field}: ${result.reason}`;

export function parseSchedulerRule(text: string): RuleResult {
  if (typeof text !== 'string' || text.length > SCHEDULER_RULE_MAX_LENGTH) {
    return fail('rule', `must be a text of at most ${SCHEDULER_RULE_MAX_LENGTH} characters`);
  }
  const parts = text.trim().split(/\s+/);
  if (parts.length !== 5 || parts[0] === '') {
    return fail('rule', 'must have 5 fields: minute hour days duration breaks');
  }
  const [minuteText, hourText, daysText, durationText, breaksText] = parts as [string, string, string, string, string];

  const minute = wholeNumber(minuteText, 2);
  if (minute === null || minute > 59 || minute % STEP_MINUTES !== 0) return fail('minute', 'must be 0, 15, 30 or 45');
  const hour = wholeNumber(hourText, 2);
  if (hour === null || hour > 23) return fail('hour', 'must be a whole number from 0 to 23');

  const days = parseDays(daysText);
  if ('reason' in days) return fail('days', days.reason);

  const duration = wholeNumber(durationText, 4);
  if (duration === null || duration % STEP_MINUTES !== 0) {
    return fail('duration', `must be a whole number of minutes on a ${STEP_MINUTES}-minute step`);
  }
  if (duration < MIN_SHIFT_MINUTES || duration > MAX_SHIFT_MINUTES) {
    return fail('duration', `must be from ${MIN_SHIFT_MINUTES} to ${MAX_SHIFT_MINUTES} minutes`);
  }

  const breaks = parseBreaks(breaksText);
  if ('reason' in breaks) return fail('breaks', breaks.reason);
  const problem = breakProblem(duration, breaks.list);
  if (problem) return fail('breaks', problem);

  return { ok: true, rule: { minute, hour, days, duration, breaks: breaks.list } };
}

/** The canonical text of a rule; parseSchedulerRule(formatSchedulerRule(rule)) gives the rule back. */
export function formatSchedulerRule(rule: SchedulerRule): string {
  const breaks = rule.breaks.map((b) => `${BREAK_LETTERS[b.type]}+${b.offset}`).join(',');
  return `${rule.minute} ${rule.hour} ${formatDays(rule.days)} ${rule.duration} ${breaks}`;
}

export function formatDays(days: RuleDays): string {
  if (days.kind === 'once') return '-';
  if (days.kind === 'days') return `*/${days.interval}`;
  return `${days.days.map((day) => RULE_WEEKDAYS[day]).join(',')}/${days.interval}`;
}

/** Breaks of one occurrence: the offsets turned into instants from the occurrence's start. */
export const breaksAt = (rule: SchedulerRule, start: number): PlannedBreak[] =>
  rule.breaks.map((b) => ({ type: b.type, start: start + b.offset * MINUTE_MS }));

function wholeNumber(text: string, maxDigits: number): number | null {
  if (!new RegExp(`^\\d{1,${maxDigits}}$`).test(text)) return null;
  return Number(text);
}

function parseInterval(text: string | undefined): number | { reason: string } {
  if (text === undefined) return 1;
  const interval = wholeNumber(text, 3);
  if (interval === null || interval < PLANNER_MIN_REPEAT_INTERVAL || interval > PLANNER_MAX_REPEAT_INTERVAL) {
    return { reason: `interval must be from ${PLANNER_MIN_REPEAT_INTERVAL} to ${PLANNER_MAX_REPEAT_INTERVAL}` };
  }
  return interval;
}

function parseDays(text: string): RuleDays | { reason: string } {
  if (text === '-') return { kind: 'once' };
  const [list, intervalText, ...rest] = text.split('/');
  if (rest.length > 0 || list === undefined || list === '') return { reason: "must be '-', '*/N' or 'MO,WE/N'" };
  const interval = parseInterval(intervalText);
  if (typeof interval !== 'number') return interval;
  if (list === '*') return { kind: 'days', interval };
  const days: number[] = [];
  for (const code of list.split(',')) {
    const day = RULE_WEEKDAYS.indexOf(code.toUpperCase() as (typeof RULE_WEEKDAYS)[number]);
    if (day < 0) return { reason: `'${code}' is not a weekday (${RULE_WEEKDAYS.join(', ')})` };
    if (days.includes(day)) return { reason: `lists ${RULE_WEEKDAYS[day]} twice` };
    days.push(day);
  }
  return { kind: 'weekdays', days: days.sort((a, b) => a - b), interval };
}

function parseBreaks(text: string): { list: RuleBreak[] } | { reason: string } {
  const list: RuleBreak[] = [];
  for (const item of text.split(',')) {
    const match = /^([bl])\+(\d{1,4})$/i.exec(item);
    if (!match) return { reason: `'${item}' must be b+M (break) or l+M (lunch), M minutes from the start` };
    const letter = (match[1] as string).toLowerCase();
    list.push({ type: letter === 'l' ? 'lunch' : 'break', offset: Number(match[2]) });
  }
  list.sort((a, b) => a.offset - b.offset || BREAK_TYPES.indexOf(a.type) - BREAK_TYPES.indexOf(b.type));
  return { list };
}

/** The single-shift break rules (validateShift) applied to a shift of `duration` minutes starting at 0. */
function breakProblem(duration: number, breaks: RuleBreak[]): string | null {
  const draft = {
    start: 0,
    end: duration * MINUTE_MS,
    breaks: breaks.map((b) => ({ type: b.type, start: b.offset * MINUTE_MS })),
  };
  const { fields } = validateShift(draft, { now: 0, displayFrom: null, busy: [] });
  const [name, reason] = Object.entries(fields)[0] ?? [];
  if (name === undefined || reason === undefined) return null;
  const index = /^breaks\.(\d+)\./.exec(name);
  if (!index) return reason;
  const item = breaks[Number(index[1])] as RuleBreak;
  return `${BREAK_LETTERS[item.type]}+${item.offset} ${reason}`;
}
