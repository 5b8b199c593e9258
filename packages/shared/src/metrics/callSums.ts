import { type CallAggregate, EMPTY_CALL_AGGREGATE } from './callMetrics.js';
import { CALL_DURATION_BUCKETS, QUEUE_BUCKETS } from './constants.js';
import { DISPOSITION_BUCKET_IDS } from './dispositions.js';

/**
 * The sums a call rollup row holds, by column name, in table order. This one list gives the server's SQL (the upkeep's
 * sum expressions are keyed by it, reads select it), the row shape both sides add up (`CallSums`), and the metric
 * input: a column whose camel-case name is a `CallAggregate` field feeds that field.
 */
export const CALL_SUM_COLUMNS = [
  'all_calls',
  'taken_calls',
  'billed_calls',
  'missed_calls',
  'abandoned_calls',
  'unanswered_calls',
  'callbacks_requested',
  'callbacks_requested_as_bill',
  'connected_calls',
  'agent_disconnected_calls',
  'queue_seconds',
  'billed_queue_seconds',
  'talk_seconds',
  'billed_seconds',
  'billed_cents',
  ...QUEUE_BUCKETS.map((bucket) => bucket.column),
  ...CALL_DURATION_BUCKETS.map((bucket) => bucket.column),
  ...DISPOSITION_BUCKET_IDS.map((bucket) => `disposition_${bucket}` as const),
  'leads',
  'valid_leads',
  'sales',
] as const;
export type CallSumColumn = (typeof CALL_SUM_COLUMNS)[number];

/** One rollup row's sums, or several added up. */
export type CallSums = Record<CallSumColumn, number>;

type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;
const camelCase = <S extends string>(column: S) =>
  column.replace(/_([a-z0-9])/g, (_, next: string) => next.toUpperCase()) as CamelCase<S>;

/** The columns that are `CallAggregate` fields in snake case. */
type AggregateColumn = { [C in CallSumColumn]: CamelCase<C> extends keyof CallAggregate ? C : never }[CallSumColumn];
const AGGREGATE_COLUMNS = CALL_SUM_COLUMNS.filter(
  (column) => camelCase(column) in EMPTY_CALL_AGGREGATE,
) as AggregateColumn[];

/** Every `CallAggregate` field but `callsToday` (the caller knows which day is today) has its column: else no compile. */
type FieldWithoutColumn = Exclude<keyof CallAggregate, CamelCase<AggregateColumn> | 'callsToday'>;
const everyFieldHasColumn: [FieldWithoutColumn] extends [never] ? true : FieldWithoutColumn = true;
void everyFieldHasColumn;

export const emptyCallSums = (): CallSums =>
  Object.fromEntries(CALL_SUM_COLUMNS.map((column) => [column, 0])) as CallSums;

/** Adds `addition` into `target`, column by column, and returns `target`. */
export function addCallSums(target: CallSums, addition: CallSums): CallSums {
  for (const column of CALL_SUM_COLUMNS) target[column] += addition[column];
  return target;
}

/** The metric formulas' input from rollup sums; `callsToday` is the caller's, who knows which day is today. */
export function callAggregateOf(sums: CallSums, callsToday = 0): CallAggregate {
  const aggregate: CallAggregate = { ...EMPTY_CALL_AGGREGATE, callsToday };
  for (const column of AGGREGATE_COLUMNS) aggregate[camelCase(column)] = sums[column];
  return aggregate;
}
