/**
 * The buckets the Dispositions chart and the Person Sales donut group dispositions by. Every disposition a
 * campaign offers belongs to exactly one bucket; the ids are stored in the database, the labels are shown.
 */
export const DISPOSITION_BUCKETS = [
  { id: 'resolved', label: 'Resolved' },
  { id: 'sale', label: 'Sale' },
  { id: 'callback', label: 'Callback' },
  { id: 'escalated', label: 'Escalated' },
  { id: 'not_interested', label: 'Not Interested' },
  { id: 'no_contact', label: 'No Contact' },
  { id: 'other', label: 'Other' },
] as const;

export type DispositionBucket = (typeof DISPOSITION_BUCKETS)[number]['id'];

export const DISPOSITION_BUCKET_IDS = DISPOSITION_BUCKETS.map((bucket) => bucket.id) as DispositionBucket[];

export const dispositionBucketLabel = (bucket: DispositionBucket): string =>
  DISPOSITION_BUCKETS.find((candidate) => candidate.id === bucket)?.label ?? bucket;
