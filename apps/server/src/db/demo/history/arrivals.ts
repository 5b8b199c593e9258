import {
  type CampaignType,
  localDateInZone,
  type OpenInterval,
  type WorkingHours,
  windowOfLocalDate,
} from '@shiftline/shared';
import type { Random } from '../random.js';
import { poisson } from './sampling.js';

export type CampaignPlan = {
  id: number;
  type: CampaignType;
  /** The number callers dial (inbound) or see (outbound). */
  did: string;
  /** Its working hours (shared/time/workingHours.ts): calls come only while it is open. */
  hours: WorkingHours;
  /** Calls stop here (archived and inactive campaigns ended some weeks ago); Unix seconds. */
  callsUntil: number;
};

/** Each campaign's windows by local date, worked out once: history asks about every quarter hour of a year. */
const windowsByHours = new WeakMap<WorkingHours, Map<string, OpenInterval | null>>();

function windowOn(hours: WorkingHours, date: string): OpenInterval | null {
  let windows = windowsByHours.get(hours);
  if (!windows) {
    windows = new Map();
    windowsByHours.set(hours, windows);
  }
  let window = windows.get(date);
  if (window === undefined) {
    window = windowOfLocalDate(hours, date);
    windows.set(date, window);
  }
  return window;
}

/**
 * How far into its day's window an instant (Unix seconds) is, 0 at the opening and 1 at the close; null while the
 * campaign is closed. The shared rule's windows (a night window belongs to the day it opens), read per local date.
 */
export function windowPosition(hours: WorkingHours, time: number): number | null {
  const ms = time * 1000;
  const today = localDateInZone(ms, hours.time_zone);
  const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  for (const date of [today, yesterday]) {
    const window = windowOn(hours, date);
    if (window && window.start <= ms && ms < window.end) return (ms - window.start) / (window.end - window.start);
  }
  return null;
}

/**
 * The hour-of-day arrival curve over a window: calls build up after opening, peak mid-morning and mid-afternoon
 * of the window with a dip between, and tail off before closing.
 */
export const arrivalWeight = (position: number) =>
  Math.sin(Math.PI * position) ** 0.7 * (1 + 0.3 * Math.sin(2 * Math.PI * position) ** 2);

/** Busier early in the week, quiet at the weekend (by the UTC weekday, Sunday first). */
const WEEKDAY_FACTORS = [0.72, 1.12, 1.05, 1, 1, 0.94, 0.8];
export const weekdayFactor = (dayStart: number) => WEEKDAY_FACTORS[new Date(dayStart * 1000).getUTCDay()] as number;

const SLOT_SECONDS = 900;

/**
 * Random arrival instants over one UTC day: each quarter hour of the window gets a Poisson count whose mean
 * follows the arrival curve, spread uniformly inside it, so the whole day is a Poisson process with a rate that
 * changes by the quarter hour. `expectedCalls` is the day's mean total. Sorted, whole seconds, before `until`.
 */
export function dailyArrivals(
  hours: WorkingHours,
  dayStart: number,
  expectedCalls: number,
  until: number,
  random: Random,
): number[] {
  const weights: number[] = [];
  let totalWeight = 0;
  for (let slot = 0; slot < 86_400 / SLOT_SECONDS; slot += 1) {
    const position = windowPosition(hours, dayStart + slot * SLOT_SECONDS + SLOT_SECONDS / 2);
    const weight = position === null ? 0 : arrivalWeight(position);
    weights.push(weight);
    totalWeight += weight;
  }
  const arrivals: number[] = [];
  if (totalWeight === 0) return arrivals;
  weights.forEach((weight, slot) => {
    const count = poisson(random, (expectedCalls * weight) / totalWeight);
    const slotStart = dayStart + slot * SLOT_SECONDS;
    const slotArrivals: number[] = [];
    for (let index = 0; index < count; index += 1) slotArrivals.push(slotStart + random.int(0, SLOT_SECONDS - 1));
    slotArrivals.sort((a, b) => a - b);
    for (const time of slotArrivals) if (time < until) arrivals.push(time);
  });
  return arrivals;
}
