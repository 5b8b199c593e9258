import {
  CALL_DURATION_BUCKETS,
  type CallAggregate,
  DISPOSITION_BUCKETS,
  type DispositionBucket,
  QUEUE_BUCKETS,
} from '@shiftline/shared';
import type { RollupSums } from './dashboards.repository.js';
import { CALL_ROLLUP_SUMS } from './rollups.js';

/** Field-by-field sum of rollup rows. */
export function addSums(target: RollupSums, addition: RollupSums): RollupSums {
  for (const column of CALL_ROLLUP_SUMS) target[column] += addition[column];
  return target;
}

export const emptySums = (): RollupSums =>
  Object.fromEntries(CALL_ROLLUP_SUMS.map((column) => [column, 0])) as RollupSums;

/** The shared metric input of rollup sums; `callsToday` is filled by the caller, who knows which day is today. */
export const toCallAggregate = (sums: RollupSums, callsToday = 0): CallAggregate => ({
  allCalls: sums.all_calls,
  takenCalls: sums.taken_calls,
  billedCalls: sums.billed_calls,
  missedCalls: sums.missed_calls,
  abandonedCalls: sums.abandoned_calls,
  unansweredCalls: sums.unanswered_calls,
  callbacksRequested: sums.callbacks_requested,
  callbacksRequestedAsBill: sums.callbacks_requested_as_bill,
  connectedCalls: sums.connected_calls,
  callsToday,
  queueSeconds: sums.queue_seconds,
  billedQueueSeconds: sums.billed_queue_seconds,
  talkSeconds: sums.talk_seconds,
  billedSeconds: sums.billed_seconds,
  billedCents: sums.billed_cents,
});

const QUEUE_COLUMNS = ['queue_lt1', 'queue_lt2', 'queue_lt4', 'queue_gt4'] as const;
const DURATION_COLUMNS = ['duration_lt4', 'duration_lt6', 'duration_lt8', 'duration_gt8'] as const;

export const queueBucketCounts = (sums: RollupSums) =>
  QUEUE_BUCKETS.map((bucket, index) => ({
    label: bucket.label,
    calls: sums[QUEUE_COLUMNS[index] as string as keyof RollupSums],
  }));

export const durationBucketCounts = (sums: RollupSums) =>
  CALL_DURATION_BUCKETS.map((bucket, index) => ({
    label: bucket.label,
    calls: sums[DURATION_COLUMNS[index] as string as keyof RollupSums],
  }));

export const dispositionCounts = (sums: RollupSums): Record<DispositionBucket, number> =>
  Object.fromEntries(DISPOSITION_BUCKETS.map(({ id }) => [id, sums[`disposition_${id}`]])) as Record<
    DispositionBucket,
    number
  >;
