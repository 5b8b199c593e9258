import {
  CALL_DURATION_BUCKETS,
  type CallSums,
  DISPOSITION_BUCKETS,
  type DispositionBucket,
  QUEUE_BUCKETS,
} from '@shiftline/shared';

/** The charts' bucket counts out of rollup sums: each bucket names its column. */
export const queueBucketCounts = (sums: CallSums) =>
  QUEUE_BUCKETS.map((bucket) => ({ label: bucket.label, calls: sums[bucket.column] }));

export const durationBucketCounts = (sums: CallSums) =>
  CALL_DURATION_BUCKETS.map((bucket) => ({ label: bucket.label, calls: sums[bucket.column] }));

export const dispositionCounts = (sums: CallSums): Record<DispositionBucket, number> =>
  Object.fromEntries(DISPOSITION_BUCKETS.map(({ id }) => [id, sums[`disposition_${id}`]])) as Record<
    DispositionBucket,
    number
  >;
