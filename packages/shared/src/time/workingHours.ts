import { offsetAt } from './offsetTransitions.js';
import { localDateInZone } from './zonedFormat.js';

/**
 * A campaign's working hours: wall-clock rules in the campaign's own zone (never UTC instants), so a clock change
 * never moves them: 9:00 opens at 9:00 local on both sides of it. This file is the one rule every place that shows or
 * applies a working window reads (server and browser).
 */

/** One weekday's window, 'HH:mm' local. A close not after the open runs past midnight into the next day. */
export type DayHours = { open: string; close: string };

export type Holiday = { date: string; name: string | null };

export type WorkingHours = {
  time_zone: string;
  /** Monday first (ISO order), seven entries; null: closed that day. */
  weekly: (DayHours | null)[];
  /** Local dates (yyyy-MM-dd) the campaign stays closed: the window that opens that date does not open. */
  holidays: Holiday[];
};

/** A stretch of open time, epoch milliseconds, end exclusive. */
export type OpenInterval = { start: number; end: number };

export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export const ALL_DAY: DayHours = { open: '00:00', close: '24:00' };

/** Open every day around the clock: what a campaign without a window had ('None'). */
export const aroundTheClock = (timeZone: string): WorkingHours => ({
  time_zone: timeZone,
  weekly: WEEKDAY_NAMES.map(() => ALL_DAY),
  holidays: [],
});

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export const minuteOfTime = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** A window whose close is not after its open ends on the next day (a night window). */
export const crossesMidnight = (day: DayHours): boolean => minuteOfTime(day.close) <= minuteOfTime(day.open);

/** Midnight of a local date as if the zone were UTC (a wall-clock reading, not an instant). */
const wallMidnight = (date: string): number => Date.parse(`${date}T00:00:00Z`);
const dateOfWall = (wall: number): string => new Date(wall).toISOString().slice(0, 10);

/**
 * The instant a wall-clock reading happens in the zone. A reading the spring-forward skips opens at the same distance
 * past the change (2:30 → 3:30); a reading the fall-back repeats happens the first time.
 */
export function wallToInstant(wall: number, zone: string): number {
  const before = offsetAt(zone, wall - DAY_MS);
  const after = offsetAt(zone, wall + DAY_MS);
  const early = wall - before * MINUTE_MS;
  if (before === after) return early;
  const late = wall - after * MINUTE_MS;
  const earlyValid = offsetAt(zone, early) === before;
  const lateValid = offsetAt(zone, late) === after;
  if (earlyValid && lateValid) return Math.min(early, late);
  if (lateValid) return late;
  return early;
}

const weekdayIndex = (date: string): number => (new Date(wallMidnight(date)).getUTCDay() + 6) % 7;

/** The holiday on a local date, if any. */
export const holidayOn = (hours: WorkingHours, date: string): Holiday | null =>
  hours.holidays.find((holiday) => holiday.date === date) ?? null;

/** The window that opens on a local date (null: closed that day, by the week or a holiday). */
export function windowOfLocalDate(hours: WorkingHours, date: string): OpenInterval | null {
  const day = hours.weekly[weekdayIndex(date)];
  if (!day || holidayOn(hours, date)) return null;
  const midnight = wallMidnight(date);
  const close = minuteOfTime(day.close) + (crossesMidnight(day) ? 1440 : 0);
  const start = wallToInstant(midnight + minuteOfTime(day.open) * MINUTE_MS, hours.time_zone);
  const end = wallToInstant(midnight + close * MINUTE_MS, hours.time_zone);
  return end > start ? { start, end } : null;
}

/** Each day's window that overlaps [fromMs, toMs), in time order (not merged: one per local date). */
function dayWindows(hours: WorkingHours, fromMs: number, toMs: number): OpenInterval[] {
  const windows: OpenInterval[] = [];
  // A night window of the day before reaches into the first day.
  let wall = wallMidnight(localDateInZone(fromMs, hours.time_zone)) - DAY_MS;
  const lastWall = wallMidnight(localDateInZone(Math.max(fromMs, toMs - 1), hours.time_zone));
  for (; wall <= lastWall; wall += DAY_MS) {
    const window = windowOfLocalDate(hours, dateOfWall(wall));
    if (window && window.end > fromMs && window.start < toMs) windows.push(window);
  }
  return windows;
}

/** The day window an instant is in (the one that opened last, if two overlap), or null when closed. */
export function dayWindowAt(hours: WorkingHours, epochMs: number): OpenInterval | null {
  const around = dayWindows(hours, epochMs, epochMs + 1);
  return around.at(-1) ?? null;
}

/** Whether the campaign is open at an instant. */
export const isOpenAt = (hours: WorkingHours, epochMs: number): boolean => dayWindowAt(hours, epochMs) !== null;

/** The open time within [fromMs, toMs): windows that overlap or touch are one, each clipped to the range. */
export function openIntervals(hours: WorkingHours, fromMs: number, toMs: number): OpenInterval[] {
  const merged: OpenInterval[] = [];
  for (const window of dayWindows(hours, fromMs, toMs)) {
    const last = merged.at(-1);
    if (last && window.start <= last.end) last.end = Math.max(last.end, window.end);
    else merged.push({ ...window });
  }
  return merged.map((interval) => ({ start: Math.max(interval.start, fromMs), end: Math.min(interval.end, toMs) }));
}

/** How far ahead the next opening or closing is looked for: a year of holidays and then some. */
const HORIZON_MS = 400 * DAY_MS;

/** When the campaign next opens after `epochMs` (null: it is open then, or never opens within the horizon). */
export function nextOpening(hours: WorkingHours, epochMs: number): number | null {
  const intervals = openIntervals(hours, epochMs, epochMs + HORIZON_MS);
  const first = intervals[0];
  if (!first || first.start === epochMs) return null;
  return first.start;
}

/** When the campaign next closes after `epochMs` while open (null: closed then, or open all through the horizon). */
export function nextClosing(hours: WorkingHours, epochMs: number): number | null {
  if (!isOpenAt(hours, epochMs)) return null;
  const first = openIntervals(hours, epochMs, epochMs + HORIZON_MS)[0];
  return !first || first.end >= epochMs + HORIZON_MS ? null : first.end;
}
