/** A call is connected (and counts toward the contact rate) when its talk time is over 40 s: exactly 40 s is not. */
export const CONNECTED_CALL_SECONDS = 40;

/** Last-month cards show a daily average over a fixed 31 days, whatever the month's real length (spec §9). */
export const LAST_MONTH_DAYS_DIVISOR = 31;

/** Productivity counts at most one hour per activity record: longer records are stuck states, not work. */
export const ACTIVITY_CAP_SECONDS = 3600;

/**
 * Queue-time donut buckets (labels from spec §9). Every bucket is upper-exclusive: a call belongs to the first
 * bucket whose `maxSeconds` is greater than its queue time, so exactly 60 s is '< 2 min', exactly 240 s '> 4 min'.
 * `column`: the call rollups' count of the bucket.
 */
export const QUEUE_BUCKETS = [
  { label: '< 1 min', maxSeconds: 60, column: 'queue_lt1' },
  { label: '< 2 min', maxSeconds: 120, column: 'queue_lt2' },
  { label: '< 4 min', maxSeconds: 240, column: 'queue_lt4' },
  { label: '> 4 min', maxSeconds: Number.POSITIVE_INFINITY, column: 'queue_gt4' },
] as const;
export type QueueBucketLabel = (typeof QUEUE_BUCKETS)[number]['label'];

/**
 * Call-duration donut buckets: under 4, 6, 8 and over 8 minutes (spec §9). The spec gives no labels, so these
 * follow the queue labels' style. Upper-exclusive like the queue buckets: exactly 240 s is '4-6 min', exactly
 * 480 s '> 8 min'.
 */
export const CALL_DURATION_BUCKETS = [
  { label: '< 4 min', maxSeconds: 240, column: 'duration_lt4' },
  { label: '4-6 min', maxSeconds: 360, column: 'duration_lt6' },
  { label: '6-8 min', maxSeconds: 480, column: 'duration_lt8' },
  { label: '> 8 min', maxSeconds: Number.POSITIVE_INFINITY, column: 'duration_gt8' },
] as const;
export type CallDurationBucketLabel = (typeof CALL_DURATION_BUCKETS)[number]['label'];

/** The abandons overview chart draws a reference line at 60 (spec §9). */
export const ABANDONED_REFERENCE_LINE = 60;

/** Dashboard card grid: at most 5 columns, 6 on the client portal (spec §9). */
export const DASHBOARD_GRID_COLUMNS = { default: 5, clientPortal: 6 } as const;

/** Shown instead of a comparison percent when the compared value is 0 (spec §5). */
export const COMPARISON_DASH = '-';

/**
 * Statutory pay on top of hourly earnings: 4 % vacation pay, the minimum in most Canadian provinces. The spec
 * names the value ("statutory") but not the rate.
 */
export const STATUTORY_PAY_PERCENT = 4;
