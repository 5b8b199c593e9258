import {
  CALL_DURATION_BUCKETS,
  type CallDurationBucketLabel,
  CONNECTED_CALL_SECONDS,
  LAST_MONTH_DAYS_DIVISOR,
  QUEUE_BUCKETS,
  type QueueBucketLabel,
} from './constants.js';
import { minutesRoundedUp, percentOf, round2 } from './format.js';

/**
 * The sums one dashboard rollup row holds (one campaign, one hour, one direction). Every field is a plain sum,
 * so rows combine by adding field by field; all ratios are computed only after combining.
 */
export type CallAggregate = {
  /** Every call of the row's direction: calls offered (inbound) or placed (outbound). */
  allCalls: number;
  /** Calls an agent answered (inbound) or that reached the customer (outbound). */
  takenCalls: number;
  /** Calls billed to the client. */
  billedCalls: number;
  /** Calls that rang an agent but were not answered. */
  missedCalls: number;
  /** Calls the caller hung up while still in the queue. */
  abandonedCalls: number;
  /** Calls that ended without any answer (neither taken nor abandoned in queue). */
  unansweredCalls: number;
  /** Callbacks callers asked for. */
  callbacksRequested: number;
  /** Requested callbacks that are billed as calls. */
  callbacksRequestedAsBill: number;
  /** Calls whose talk time is over 40 s (exactly 40 s is not): the connected calls and the contact-rate numerator. */
  connectedCalls: number;
  /** Calls of the current day, counted by the rollup for the Today at-a-Glance chart. */
  callsToday: number;
  /** Queue seconds summed over all calls (a call that never queued adds 0). */
  queueSeconds: number;
  /** Queue seconds summed over billed calls only. */
  billedQueueSeconds: number;
  /** Talk seconds summed over taken calls. */
  talkSeconds: number;
  /** Billable seconds summed over billed calls. */
  billedSeconds: number;
  /** What the billed calls bill the client, in cents (each call's billed seconds at its campaign's hourly rate). */
  billedCents: number;
};

export type CallAggregateField = keyof CallAggregate;

export const EMPTY_CALL_AGGREGATE: CallAggregate = {
  allCalls: 0,
  takenCalls: 0,
  billedCalls: 0,
  missedCalls: 0,
  abandonedCalls: 0,
  unansweredCalls: 0,
  callbacksRequested: 0,
  callbacksRequestedAsBill: 0,
  connectedCalls: 0,
  callsToday: 0,
  queueSeconds: 0,
  billedQueueSeconds: 0,
  talkSeconds: 0,
  billedSeconds: 0,
  billedCents: 0,
};

export const CALL_AGGREGATE_FIELDS = Object.keys(EMPTY_CALL_AGGREGATE) as CallAggregateField[];

/** Field-by-field sum of two rollup rows; neither input is changed. */
export function addAggregates(a: CallAggregate, b: CallAggregate): CallAggregate {
  const sum = { ...EMPTY_CALL_AGGREGATE };
  for (const field of CALL_AGGREGATE_FIELDS) sum[field] = a[field] + b[field];
  return sum;
}

/** Sum of any number of rollup rows; the empty list gives the empty aggregate. */
export const sumAggregates = (rows: readonly CallAggregate[]): CallAggregate =>
  rows.reduce(addAggregates, EMPTY_CALL_AGGREGATE);

/** Connected means talk strictly over 40 s (spec §9). */
export const isConnectedCall = (talkSeconds: number): boolean => talkSeconds > CONNECTED_CALL_SECONDS;

/** Every dashboard metric by its spec name (§3). Times are in seconds except `minutesUsed`. */
export type CallMetrics = {
  callsMade: number;
  minutesUsed: number;
  avgCallTime: number;
  avgQueueTime: number;
  avgBilledQueueTime: number;
  callsContactRate: number;
  billedCalls: number;
  takenCalls: number;
  missedCalls: number;
  abandonedCalls: number;
  callbacksRequested: number;
  allCalls: number;
  billedTime: number;
  avgBilledTime: number;
  takenTime: number;
  unansweredCalls: number;
  callbacksRequestedAsBill: number;
  connectedCalls: number;
  callsToday: number;
  /** Not one of the spec's names: the billed amount in cents, for the money card (2 decimals). */
  billedAmountCents: number;
};

export type CallMetricName = keyof CallMetrics;

/** Whole-second average; 0 when there is nothing to average over (the spec's zero-denominator rule). */
const averageSeconds = (seconds: number, count: number): number => (count === 0 ? 0 : Math.round(seconds / count));

/**
 * The dashboard metrics of one (already combined) aggregate:
 * - counts pass through: allCalls, takenCalls, billedCalls, missedCalls, abandonedCalls, unansweredCalls,
 *   callbacksRequested, callbacksRequestedAsBill, connectedCalls, callsToday;
 * - callsMade = allCalls (the aggregate is already filtered to one direction; outbound shows it as Calls Made);
 * - minutesUsed = ceil(billedSeconds / 60), rounded up once on the total (spec §9);
 * - billedTime = billedSeconds; takenTime = talkSeconds;
 * - avgCallTime = round(talkSeconds / takenCalls), avgBilledTime = round(billedSeconds / billedCalls),
 *   avgQueueTime = round(queueSeconds / allCalls), avgBilledQueueTime = round(billedQueueSeconds / billedCalls),
 *   each in whole seconds and 0 when the count is 0;
 * - callsContactRate = percentOf(connectedCalls, callsMade): % of calls over 40 s, 2 decimals, 0 with no calls.
 */
export function computeCallMetrics(aggregate: CallAggregate): CallMetrics {
  const a = aggregate;
  return {
    callsMade: a.allCalls,
    minutesUsed: minutesRoundedUp(a.billedSeconds),
    avgCallTime: averageSeconds(a.talkSeconds, a.takenCalls),
    avgQueueTime: averageSeconds(a.queueSeconds, a.allCalls),
    avgBilledQueueTime: averageSeconds(a.billedQueueSeconds, a.billedCalls),
    callsContactRate: percentOf(a.connectedCalls, a.allCalls),
    billedCalls: a.billedCalls,
    takenCalls: a.takenCalls,
    missedCalls: a.missedCalls,
    abandonedCalls: a.abandonedCalls,
    callbacksRequested: a.callbacksRequested,
    allCalls: a.allCalls,
    billedTime: a.billedSeconds,
    avgBilledTime: averageSeconds(a.billedSeconds, a.billedCalls),
    takenTime: a.talkSeconds,
    unansweredCalls: a.unansweredCalls,
    callbacksRequestedAsBill: a.callbacksRequestedAsBill,
    connectedCalls: a.connectedCalls,
    callsToday: a.callsToday,
    billedAmountCents: a.billedCents,
  };
}

/** Metrics that are plain sums: the metric of a combined aggregate is the sum of the parts' metrics. */
export const ADDITIVE_CALL_METRICS = [
  'callsMade',
  'billedCalls',
  'takenCalls',
  'missedCalls',
  'abandonedCalls',
  'callbacksRequested',
  'allCalls',
  'billedTime',
  'takenTime',
  'unansweredCalls',
  'callbacksRequestedAsBill',
  'connectedCalls',
  'callsToday',
  'billedAmountCents',
] as const satisfies readonly CallMetricName[];

const bucketOf = <Label extends string>(
  buckets: readonly { label: Label; maxSeconds: number }[],
  seconds: number,
  unbounded: Label,
): Label => buckets.find((bucket) => seconds < bucket.maxSeconds)?.label ?? unbounded;

// The last bucket is unbounded, so only NaN reaches the fallback: it lands in the last bucket rather than throwing.

/** Queue donut bucket, upper-exclusive: 59 s → '< 1 min', 60 s → '< 2 min', 240 s → '> 4 min'. */
export const bucketQueueSeconds = (seconds: number): QueueBucketLabel => bucketOf(QUEUE_BUCKETS, seconds, '> 4 min');

/** Call-duration donut bucket, upper-exclusive: 239 s → '< 4 min', 240 s → '4-6 min', 480 s → '> 8 min'. */
export const bucketCallDuration = (seconds: number): CallDurationBucketLabel =>
  bucketOf(CALL_DURATION_BUCKETS, seconds, '> 8 min');

/** A last-month card's daily average: the 30-day total over a fixed 31 days (spec §9), 2 decimals. */
export const lastMonthDailyAverage = (total: number): number => round2(total / LAST_MONTH_DAYS_DIVISOR);
