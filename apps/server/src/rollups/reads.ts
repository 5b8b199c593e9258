import {
  type BucketRange,
  CALL_SUM_COLUMNS,
  type CallSums,
  grainSegments,
  hourOfDayBuckets,
  zoneOffsetSegments,
} from '@shiftline/shared';
import { type RawBuilder, sql } from 'kysely';

/**
 * How the features read the rollups: the rows covering a range (`grainedRows`, `hourOfDayRows`), local time of a bucket
 * (`localSecondsOf`), and the call sums added up (`summedCallSums`, read back with `toCallSums`).
 */

/** Every call sum of the rows `r` added up, as float8 columns named like the sums: a `CallSums` row. */
export const summedCallSums = sql.join(
  CALL_SUM_COLUMNS.map((column) => sql`coalesce(sum(${sql.ref(`r.${column}`)}), 0)::float8 AS ${sql.ref(column)}`),
);

/** A row's call sums as numbers (PostgreSQL sends bigint and numeric sums as strings). */
export const toCallSums = (row: Record<string, unknown>): CallSums =>
  Object.fromEntries(CALL_SUM_COLUMNS.map((column) => [column, Number(row[column] ?? 0)])) as CallSums;

/** A zone's UTC offset from `fromMs` on (until the next segment), in seconds. */
export type ZoneOffsetSegment = { fromMs: number; offsetSeconds: number };

/** CASE over a bucket-start column giving the zone's offset in seconds; segments are in time order. */
function offsetCase(column: RawBuilder<unknown>, segments: readonly ZoneOffsetSegment[]): RawBuilder<unknown> {
  const [first, ...later] = segments;
  if (!first) return sql`0`;
  if (later.length === 0) return sql.lit(first.offsetSeconds);
  const whens = [...later]
    .reverse()
    .map(
      (segment) =>
        sql`WHEN ${column} >= ${sql.lit(new Date(segment.fromMs).toISOString())}::timestamptz THEN ${sql.lit(segment.offsetSeconds)}`,
    );
  return sql`(CASE ${sql.join(whens, sql` `)} ELSE ${sql.lit(first.offsetSeconds)} END)`;
}

/**
 * Local seconds since the epoch of a bucket start: the UTC instant plus the zone's offset, which Luxon gives as a few
 * segments over the range. The zone rules stay in one place and PostgreSQL's own time-zone data is never used.
 */
export const localSecondsOf = (column: RawBuilder<unknown>, range: BucketRange): RawBuilder<unknown> =>
  sql`(extract(epoch FROM ${column})::bigint + ${offsetCase(column, zoneOffsetSegments(range))})`;

/**
 * The rows of a rollup kept in hours, days and months that cover the range, as a derived table `r`: whole months and
 * days, and hours only at the edges (a year of one agent is a few dozen rows). One branch per segment, each a plain
 * range on one partition (the tables are partitioned by grain and alignment), so every branch is an index range scan;
 * an OR of the segments made PostgreSQL scan whole partitions.
 */
export function grainedRows(table: string, range: BucketRange): RawBuilder<unknown> {
  const segments = grainSegments({ zone: 'UTC', alignment: range.alignment, fromMs: range.fromMs, toMs: range.toMs });
  const branches = segments.map(
    (segment) =>
      sql`SELECT * FROM ${sql.table(table)} WHERE alignment = ${sql.lit(range.alignment)} AND grain = ${sql.lit(segment.grain)}
        AND bucket_start >= ${new Date(segment.fromMs)} AND bucket_start < ${new Date(segment.toMs)}`,
  );
  return sql`(${sql.join(branches, sql` UNION ALL `)}) AS r`;
}

/**
 * The productivity time-of-day filter's rows, as a derived table `r`: month × hour-of-day rows for whole months
 * without a clock change, week × hour-of-day rows for whole weeks without one, hours elsewhere, and of those only the
 * rows whose local hour is one of `localHours` (`hourOfDayBuckets` in shared lists their bucket starts). So PostgreSQL
 * reads only rows that count and needs no offsets of its own. Each bucket start is one primary-key range scan (the
 * LATERAL with OFFSET 0 keeps it so): with `bucket_start = ANY(…)` PostgreSQL scanned the whole hour partition, half a
 * gigabyte for a year of 500 agents, which a range never read before had to fetch from disk. Only `columns` are
 * carried up to the caller's sums (a year is ~100k rows; the whole row cost a tenth more CPU).
 */
export function hourOfDayRows(
  table: string,
  range: BucketRange,
  localHours: readonly number[],
  columns: readonly string[],
): RawBuilder<unknown> {
  const picked = sql.join(columns.map((column) => sql.ref(`x.${column}`)));
  const branches = hourOfDayBuckets(range, localHours).map(
    ({ grain, bucketStarts }) =>
      sql`SELECT t.* FROM unnest(${sql.val(bucketStarts.map((ms) => new Date(ms).toISOString()))}::timestamptz[]) AS b(bucket_start)
        CROSS JOIN LATERAL (SELECT ${picked} FROM ${sql.table(table)} x WHERE x.alignment = ${sql.lit(range.alignment)}
          AND x.grain = ${sql.lit(grain)} AND x.bucket_start = b.bucket_start OFFSET 0) AS t`,
  );
  if (branches.length === 0) return sql`(SELECT ${picked} FROM ${sql.table(table)} x WHERE false) AS r`;
  return sql`(${sql.join(branches, sql` UNION ALL `)}) AS r`;
}
