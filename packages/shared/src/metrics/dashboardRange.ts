import { DateTime } from 'luxon';
import { zoneOffsetTransitions } from '../time/offsetTransitions.js';
import { zoneOffsetMinutes } from '../time/zonedFormat.js';

const HOUR_MS = 3_600_000;

/** Rollup alignment: 0 for buckets on the UTC hour, 30 for buckets on the half hour (St. John's). */
export type RollupAlignment = 0 | 30;

/**
 * Where a dashboard request's days and hours are counted: the chosen zone, else a fixed offset from `dateOffset`
 * (hours from UTC, e.g. -3.5 → 'UTC-3:30', a Luxon fixed-offset zone), else UTC.
 */
export function dashboardZone(timezone: string | undefined, dateOffsetHours: number | undefined): string {
  if (timezone) return timezone;
  if (dateOffsetHours === undefined || dateOffsetHours === 0) return 'UTC';
  const minutes = Math.round(Math.abs(dateOffsetHours) * 60);
  const sign = dateOffsetHours < 0 ? '-' : '+';
  const rest = minutes % 60;
  return `UTC${sign}${Math.floor(minutes / 60)}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
}

/** Every supported zone keeps its offset's half-hour part all year, so one instant decides the alignment. */
export const alignmentOf = (zone: string, atMs: number): RollupAlignment =>
  zoneOffsetMinutes(atMs, zone) % 60 === 0 ? 0 : 30;

export type BucketRange = {
  zone: string;
  alignment: RollupAlignment;
  /** First bucket start (inclusive), epoch ms. */
  fromMs: number;
  /** End of the last bucket (exclusive), epoch ms. */
  toMs: number;
};

const floorToBucket = (ms: number, alignment: RollupAlignment) => {
  const shift = alignment * 60_000;
  return Math.floor((ms - shift) / HOUR_MS) * HOUR_MS + shift;
};

/**
 * The whole hour buckets covering `[startSeconds, endSeconds]` (the first and last second of the range, both
 * included, as the date pickers send them). Local days start on bucket boundaries in every supported zone, so a
 * range of whole local days maps to buckets exactly.
 */
export function bucketRange(startSeconds: number, endSeconds: number, zone: string): BucketRange {
  const alignment = alignmentOf(zone, startSeconds * 1000);
  const fromMs = floorToBucket(startSeconds * 1000, alignment);
  const lastBucket = floorToBucket(endSeconds * 1000, alignment);
  return { zone, alignment, fromMs, toMs: lastBucket + HOUR_MS };
}

/** The range of `days` whole local days ending with today (today included), e.g. the last-month graph's 30 days. */
export function lastDaysRange(nowMs: number, zone: string, days: number): BucketRange {
  const today = DateTime.fromMillis(nowMs, { zone }).startOf('day');
  const first = today.minus({ days: days - 1 });
  const end = today.plus({ days: 1 });
  return bucketRange(Math.floor(first.toSeconds()), Math.floor(end.toSeconds()) - 1, zone);
}

/** The local calendar days (yyyy-MM-dd) a bucket range covers, in order. */
export function daysOfRange(range: BucketRange): string[] {
  const days: string[] = [];
  let day = DateTime.fromMillis(range.fromMs, { zone: range.zone }).startOf('day');
  const last = DateTime.fromMillis(range.toMs - 1, { zone: range.zone }).toISODate();
  while (true) {
    const iso = day.toISODate() as string;
    days.push(iso);
    if (iso === last || days.length > 1000) return days;
    day = day.plus({ days: 1 });
  }
}

/** Local date and hour of a bucket start. */
export function localDayAndHour(bucketStartMs: number, zone: string): { date: string; hour: number } {
  const local = new Date(bucketStartMs + zoneOffsetMinutes(bucketStartMs, zone) * 60_000);
  return { date: local.toISOString().slice(0, 10), hour: local.getUTCHours() };
}

/**
 * The zone's UTC offset over a bucket range as segments (offset in seconds from `fromMs` on), one per clock change:
 * a year gives at most three. A change applies from the first bucket starting at or after it (offsets change on
 * whole local hours, which are bucket starts in every supported zone).
 */
export function zoneOffsetSegments(range: BucketRange): { fromMs: number; offsetSeconds: number }[] {
  const segments: { fromMs: number; offsetSeconds: number }[] = [];
  const shift = range.alignment * 60_000;
  for (const transition of zoneOffsetTransitions(range.zone, range.fromMs, range.toMs)) {
    const fromMs = Math.ceil((transition.fromMs - shift) / HOUR_MS) * HOUR_MS + shift;
    if (fromMs >= range.toMs) break;
    const offsetSeconds = transition.offsetMinutes * 60;
    const last = segments.at(-1);
    if (last?.fromMs === fromMs) segments.pop();
    if (segments.at(-1)?.offsetSeconds !== offsetSeconds) segments.push({ fromMs, offsetSeconds });
  }
  return segments;
}

/**
 * Rollup grains, each on the alignment's grid (UTC midnight, or 00:30 UTC): hours, days, months, and (the productivity
 * rollup only) week × hour of day and month × hour of day: a row per Monday-to-Sunday UTC week, or per UTC month, and
 * UTC hour of day, its bucket start the week's or month's first hour at that hour of day. The value is what the
 * rollups' `grain` column stores.
 */
export const ROLLUP_GRAIN = { hour: 0, day: 1, month: 2, weekHour: 3, monthHour: 4 } as const;
export type RollupGrainName = keyof typeof ROLLUP_GRAIN;
export type RollupGrain = (typeof ROLLUP_GRAIN)[RollupGrainName];
const { hour: HOURS, day: DAYS, month: MONTHS, weekHour: WEEK_HOURS, monthHour: MONTH_HOURS } = ROLLUP_GRAIN;
export type GrainSegment = { grain: RollupGrain; fromMs: number; toMs: number };

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
/** 1970-01-05, the first Monday after the epoch: weeks run Monday to Sunday, as PostgreSQL's date_trunc('week'). */
const FIRST_MONDAY_MS = 4 * DAY_MS;

function dayFloor(ms: number, shiftMs: number): number {
  return Math.floor((ms - shiftMs) / DAY_MS) * DAY_MS + shiftMs;
}
const dayCeil = (ms: number, shiftMs: number) => {
  const floor = dayFloor(ms, shiftMs);
  return floor === ms ? ms : floor + DAY_MS;
};
function monthStart(ms: number, shiftMs: number, monthsLater: number): number {
  const date = new Date(ms - shiftMs);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + monthsLater, 1) + shiftMs;
}
const monthCeil = (ms: number, shiftMs: number) => {
  const floor = monthStart(ms, shiftMs, 0);
  return floor === ms ? ms : monthStart(ms, shiftMs, 1);
};

/**
 * A bucket range as the fewest rollup rows: whole months, then whole days, and hours only at the edges. The pieces
 * cover the range exactly, each on its grain's grid, in time order.
 */
export function grainSegments(range: BucketRange): GrainSegment[] {
  const shift = range.alignment * 60_000;
  const { fromMs, toMs } = range;
  const firstDay = dayCeil(fromMs, shift);
  const lastDay = dayFloor(toMs, shift);
  if (firstDay >= lastDay) return [{ grain: HOURS, fromMs, toMs }];
  const firstMonth = monthCeil(firstDay, shift);
  const lastMonth = monthStart(lastDay, shift, 0);
  const middle: GrainSegment[] =
    firstMonth < lastMonth
      ? [
          { grain: DAYS, fromMs: firstDay, toMs: firstMonth },
          { grain: MONTHS, fromMs: firstMonth, toMs: lastMonth },
          { grain: DAYS, fromMs: lastMonth, toMs: lastDay },
        ]
      : [{ grain: DAYS, fromMs: firstDay, toMs: lastDay }];
  return [{ grain: HOURS, fromMs, toMs: firstDay }, ...middle, { grain: HOURS, fromMs: lastDay, toMs }].filter(
    (segment) => segment.fromMs < segment.toMs,
  );
}

function weekCeil(ms: number, shiftMs: number): number {
  const sinceMonday = (((ms - shiftMs - FIRST_MONDAY_MS) % WEEK_MS) + WEEK_MS) % WEEK_MS;
  return sinceMonday === 0 ? ms : ms - sinceMonday + WEEK_MS;
}

/** The instants in [fromMs, toMs) where the zone's offset changes (a handful a year). */
const clockChangesOf = (range: BucketRange) =>
  zoneOffsetTransitions(range.zone, range.fromMs, range.toMs)
    .slice(1)
    .map((transition) => transition.fromMs);

/**
 * A bucket range for the time-of-day filter: whole months over which the zone's UTC offset does not change as month ×
 * hour-of-day rows (`monthHour`), whole weeks without a change between them as week × hour-of-day rows (`weekHour`): every
 * hour such a row sums has the same local hour. The rest (the edges, and a week with a clock change) is hours. The
 * pieces cover the range exactly, in time order; a run of one grain is one piece (a month's or week's rows start
 * within its first day).
 */
export function hourOfDaySegments(range: BucketRange): GrainSegment[] {
  const shift = range.alignment * 60_000;
  const clockChanges = clockChangesOf(range);
  const steady = (fromMs: number, toMs: number) => !clockChanges.some((change) => change > fromMs && change < toMs);
  const segments: GrainSegment[] = [];
  // Neighbours of one grain join: a run of months is one range of month × hour rows, and so on.
  const add = (grain: RollupGrain, fromMs: number, toMs: number) => {
    if (fromMs >= toMs) return;
    const last = segments.at(-1);
    if (last?.grain === grain && last.toMs === fromMs) last.toMs = toMs;
    else segments.push({ grain, fromMs, toMs });
  };
  // Between months (or the range's edges): whole weeks without a change, hours around them.
  const addWeeksAndHours = (fromMs: number, toMs: number) => {
    let week = weekCeil(fromMs, shift);
    if (week + WEEK_MS > toMs) return add(HOURS, fromMs, toMs);
    add(HOURS, fromMs, week);
    for (; week + WEEK_MS <= toMs; week += WEEK_MS) {
      add(steady(week, week + WEEK_MS) ? WEEK_HOURS : HOURS, week, week + WEEK_MS);
    }
    add(HOURS, week, toMs);
  };
  let cursor = range.fromMs;
  for (let month = monthCeil(range.fromMs, shift); ; ) {
    const next = monthStart(month, shift, 1);
    if (next > range.toMs) break;
    if (steady(month, next)) {
      addWeeksAndHours(cursor, month);
      add(MONTH_HOURS, month, next);
      cursor = next;
    }
    month = next;
  }
  addWeeksAndHours(cursor, range.toMs);
  return segments;
}

/** Rows of one grain to read, by bucket start. */
export type GrainBuckets = { grain: RollupGrain; bucketStarts: number[] };

/** Local hour of day (0–23) of an instant at a known offset. */
const localHourAt = (ms: number, offsetMinutes: number) =>
  Math.floor(((((ms + offsetMinutes * 60_000) % DAY_MS) + DAY_MS) % DAY_MS) / HOUR_MS);

/**
 * The rows the time-of-day filter reads, only those whose local hour is one of `localHours`: whole months as month ×
 * hour-of-day rows, the stretches between them as `hourOfDaySegments` cuts them (steady weeks, hours). A month or
 * week row is read where every hour it sums passes: in a month or whole week with a clock change a row whose hours pass
 * only on one side of the change is read as those hours instead. Every hour of the range whose local hour passes is
 * in exactly one of the rows, and no other hour, so the database reads only rows that count and needs no time-zone
 * arithmetic of its own.
 */
export function hourOfDayBuckets(range: BucketRange, localHours: readonly number[]): GrainBuckets[] {
  const passes = new Set(localHours);
  const byGrain = new Map<RollupGrain, number[]>();
  const keep = (grain: RollupGrain, bucketStart: number) => {
    const list = byGrain.get(grain);
    if (list) list.push(bucketStart);
    else byGrain.set(grain, [bucketStart]);
  };
  const passesAt = (hour: number) => passes.has(localHourAt(hour, zoneOffsetMinutes(hour, range.zone)));
  const readHours = (fromMs: number, toMs: number) => {
    for (let hour = fromMs; hour < toMs; hour += HOUR_MS) if (passesAt(hour)) keep(HOURS, hour);
  };
  // A week's or month's row per hour of its first day, standing for that hour of day all period long.
  const readPeriod = (grain: typeof WEEK_HOURS | typeof MONTH_HOURS, fromMs: number, toMs: number) => {
    const [steady, change] = zoneOffsetTransitions(range.zone, fromMs, toMs);
    if (steady && !change) {
      for (let first = fromMs; first < fromMs + DAY_MS; first += HOUR_MS) {
        if (passes.has(localHourAt(first, steady.offsetMinutes))) keep(grain, first);
      }
      return;
    }
    const days = Math.round((toMs - fromMs) / DAY_MS);
    for (let first = fromMs; first < fromMs + DAY_MS; first += HOUR_MS) {
      const passing: number[] = [];
      for (let hour = first; hour < toMs; hour += DAY_MS) if (passesAt(hour)) passing.push(hour);
      if (passing.length === days) keep(grain, first);
      else for (const hour of passing) keep(HOURS, hour);
    }
  };
  const readStretch = (fromMs: number, toMs: number) => {
    if (fromMs >= toMs) return;
    for (const segment of hourOfDaySegments({ ...range, fromMs, toMs })) {
      if (segment.grain !== HOURS) {
        for (let week = segment.fromMs; week < segment.toMs; week += WEEK_MS)
          readPeriod(WEEK_HOURS, week, week + WEEK_MS);
        continue;
      }
      // A whole week among the hours has a clock change: its hours of day that pass all week are still week rows.
      let week = weekCeil(segment.fromMs, shift);
      if (week + WEEK_MS > segment.toMs) week = segment.toMs;
      readHours(segment.fromMs, week);
      for (; week + WEEK_MS <= segment.toMs; week += WEEK_MS) readPeriod(WEEK_HOURS, week, week + WEEK_MS);
      readHours(week, segment.toMs);
    }
  };
  const shift = range.alignment * 60_000;
  let cursor = range.fromMs;
  for (let month = monthCeil(range.fromMs, shift); monthStart(month, shift, 1) <= range.toMs; ) {
    const next = monthStart(month, shift, 1);
    readStretch(cursor, month);
    readPeriod(MONTH_HOURS, month, next);
    cursor = next;
    month = next;
  }
  readStretch(cursor, range.toMs);
  return [...byGrain].map(([grain, bucketStarts]) => ({ grain, bucketStarts }));
}
