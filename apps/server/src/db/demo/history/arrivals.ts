import type { CampaignType } from '@shiftline/shared';
import type { Random } from '../random.js';
import { poisson } from './sampling.js';

/** A campaign's UTC working window in minutes of the day; it may run past midnight. */
export type WorkWindow = { startMinute: number; lengthMinutes: number };

export type CampaignPlan = {
  id: number;
  type: CampaignType;
  /** The number callers dial (inbound) or see (outbound). */
  did: string;
  window: WorkWindow;
  /** Calls stop here (archived and inactive campaigns ended some weeks ago); Unix seconds. */
  callsUntil: number;
};

/** Campaigns without a window take calls in business hours: 09:00–18:00 Eastern standard time. */
const BUSINESS_HOURS: WorkWindow = { startMinute: 14 * 60, lengthMinutes: 9 * 60 };

const minuteOf = (time: string) => {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
};

export function workWindow(start: string | null, end: string | null): WorkWindow {
  if (start === null || end === null) return BUSINESS_HOURS;
  const startMinute = minuteOf(start);
  const length = (minuteOf(end) - startMinute + 1440) % 1440;
  return { startMinute, lengthMinutes: length === 0 ? 1440 : length };
}

/** How far into the window an instant is, 0 at its opening and 1 at its close; null outside it. */
export function windowPosition(window: WorkWindow, time: number): number | null {
  const minuteOfDay = (time % 86_400) / 60;
  const minutesIn = (minuteOfDay - window.startMinute + 1440) % 1440;
  return minutesIn < window.lengthMinutes ? minutesIn / window.lengthMinutes : null;
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
  window: WorkWindow,
  dayStart: number,
  expectedCalls: number,
  until: number,
  random: Random,
): number[] {
  const weights: number[] = [];
  let totalWeight = 0;
  for (let slot = 0; slot < 86_400 / SLOT_SECONDS; slot += 1) {
    const position = windowPosition(window, dayStart + slot * SLOT_SECONDS + SLOT_SECONDS / 2);
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
