import {
  instantOf,
  type PlannerDayName,
  type PlannerRepeats,
  type PlannerTimeModule,
  parseSchedulerRule,
  ruleToModule,
} from '@shiftline/shared';
import { DateTime } from 'luxon';
import type { ShiftDraft } from '../../schedule';

/** The repeat section of the planner dialog: off, or a day/week interval with weekdays. */
export type RepeatState = { enabled: boolean; typeInterval: 'day' | 'week'; interval: string; days: PlannerDayName[] };

export const NO_REPEAT: RepeatState = { enabled: false, typeInterval: 'week', interval: '1', days: [] };

const local = (epochMs: number, zone: string) => DateTime.fromMillis(epochMs, { zone });

/** The repeats a module carries: none when the section is off (or not shown: only a schedule supervisor repeats). */
export function repeatsOf(repeat: RepeatState): PlannerRepeats | null {
  if (!repeat.enabled) return null;
  return { typeInterval: repeat.typeInterval, interval: Number(repeat.interval), days: repeat.days };
}

/** A dialog time module (instants in the viewer's zone) as the planner's shared module: local dates and 'HH:mm'. */
export function draftToModule(
  draft: ShiftDraft,
  day: string,
  zone: string,
  repeats: PlannerRepeats | null,
): PlannerTimeModule {
  return {
    startDate: draft.start === null ? day : (local(draft.start, zone).toISODate() as string),
    endDate: draft.end === null ? null : (local(draft.end, zone).toISODate() as string),
    start: draft.start === null ? null : local(draft.start, zone).toFormat('HH:mm'),
    end: draft.end === null ? null : local(draft.end, zone).toFormat('HH:mm'),
    breaks: draft.breaks.map((plannedBreak) => ({
      type: plannedBreak.type,
      start: local(plannedBreak.start, zone).toFormat('HH:mm'),
      date: local(plannedBreak.start, zone).toISODate() as string,
    })),
    repeats,
  };
}

/** A saved rule as a dialog time module on the focus day; null when the text is not a rule. */
export function ruleTextToDraft(
  text: string,
  day: string,
  zone: string,
): { draft: ShiftDraft; repeats: PlannerRepeats | null } | null {
  const parsed = parseSchedulerRule(text);
  if (!parsed.ok) return null;
  const module = ruleToModule(parsed.rule, day);
  if (module.start === null || module.end === null) return null;
  return {
    draft: {
      start: instantOf(module.startDate, module.start, zone),
      end: instantOf(module.endDate ?? module.startDate, module.end, zone),
      breaks: module.breaks.map((plannedBreak) => ({
        type: plannedBreak.type,
        start: instantOf(plannedBreak.date ?? module.startDate, plannedBreak.start ?? '00:00', zone),
      })),
    },
    repeats: module.repeats ?? null,
  };
}
