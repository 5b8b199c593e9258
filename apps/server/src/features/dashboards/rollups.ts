import {
  ACTIVITY_CAP_SECONDS,
  CALL_DURATION_BUCKETS,
  CONNECTED_CALL_SECONDS,
  DISPOSITION_BUCKET_IDS,
  QUEUE_BUCKETS,
} from '@shiftline/shared';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * How calls and agent states become rollup rows. One SELECT per rollup states the rule; the full rebuild and
 * the per-call / per-state upkeep both run it, so they cannot disagree.
 *
 * Each call counts in the hour bucket of `queued_at` twice, once per alignment (on the hour and on the half
 * hour), so that any supported zone's local days and hours are whole buckets. Only ended calls count.
 */

/** The sum columns of call_rollups and agent_call_rollups, in table order. */
export const CALL_ROLLUP_SUMS = [
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
  'queue_lt1',
  'queue_lt2',
  'queue_lt4',
  'queue_gt4',
  'duration_lt4',
  'duration_lt6',
  'duration_lt8',
  'duration_gt8',
  ...DISPOSITION_BUCKET_IDS.map((bucket) => `disposition_${bucket}` as const),
  'leads',
  'valid_leads',
  'sales',
] as const;
export type CallRollupSum = (typeof CALL_ROLLUP_SUMS)[number];

const count = (condition: RawBuilder<unknown>) => sql`count(*) FILTER (WHERE ${condition})`;

/** `[lower, upper)` second ranges of a bucket list; the last bucket has no upper bound. */
const bucketConditions = (buckets: readonly { maxSeconds: number }[], column: RawBuilder<unknown>) =>
  buckets.map((bucket, index) => {
    const lower = index === 0 ? 0 : (buckets[index - 1] as { maxSeconds: number }).maxSeconds;
    return Number.isFinite(bucket.maxSeconds)
      ? sql`${column} >= ${sql.lit(lower)} AND ${column} < ${sql.lit(bucket.maxSeconds)}`
      : sql`${column} >= ${sql.lit(lower)}`;
  });

const queueSeconds = sql`c.queue_seconds`;
const talkSeconds = sql`c.talk_seconds`;
const taken = sql`c.answered_at IS NOT NULL`;

/** The sum expressions, in CALL_ROLLUP_SUMS order. Constants come from packages/shared. */
const CALL_SUM_EXPRESSIONS: RawBuilder<unknown>[] = [
  sql`count(*)`,
  count(taken),
  count(sql`c.billed`),
  count(sql`c.missed`),
  count(sql`c.abandoned`),
  count(sql`c.answered_at IS NULL AND NOT c.abandoned`),
  count(sql`c.callback_requested`),
  count(sql`c.callback_requested AND c.billed`),
  count(sql`${talkSeconds} > ${sql.lit(CONNECTED_CALL_SECONDS)}`),
  count(sql`c.agent_disconnected`),
  sql`coalesce(sum(${queueSeconds}), 0)`,
  sql`coalesce(sum(${queueSeconds}) FILTER (WHERE c.billed), 0)`,
  sql`coalesce(sum(${talkSeconds}) FILTER (WHERE ${taken}), 0)`,
  sql`coalesce(sum(c.billed_seconds) FILTER (WHERE c.billed), 0)`,
  // Each call's amount rounded to the cent at its campaign's hourly rate when it is counted.
  sql`coalesce(sum(round(c.billed_seconds * camp.billing_rate_cents / 3600.0)) FILTER (WHERE c.billed), 0)`,
  ...bucketConditions(QUEUE_BUCKETS, queueSeconds).map(count),
  ...bucketConditions(CALL_DURATION_BUCKETS, talkSeconds).map((condition) => count(sql`${taken} AND ${condition}`)),
  ...DISPOSITION_BUCKET_IDS.map((bucket) => count(sql`d.bucket = ${sql.lit(bucket)}`)),
  count(sql`l.id IS NOT NULL`),
  count(sql`l.valid`),
  count(sql`l.sold`),
];

const ALIGNMENTS = sql`(VALUES (0::smallint), (30::smallint)) AS a(alignment)`;

/**
 * The bucket holding an instant on the alignment's grid (on the hour, or on the half hour), in UTC whatever the
 * session zone. `unit` is 'hour' by default, or the grain's unit column (day, month) for the productivity rollup.
 */
const bucketOf = (instant: RawBuilder<unknown>, unit: RawBuilder<unknown> = sql`'hour'`) =>
  sql`date_trunc(${unit}, ${instant} - make_interval(mins => a.alignment), 'UTC') + make_interval(mins => a.alignment)`;

const callSums = sql.join(
  CALL_SUM_EXPRESSIONS.map((expression, index) => sql`${expression} AS ${sql.ref(CALL_ROLLUP_SUMS[index] as string)}`),
);
const sumColumns = sql.join(CALL_ROLLUP_SUMS.map((column) => sql.ref(column)));

type CallFilter = RawBuilder<unknown>;

type RollupKey = 'agent_id' | 'campaign_id' | 'stats_source_id' | 'campaign_type';

/** How each key is read from a call; a call without a stats source files under 0. */
const KEY_EXPRESSIONS: Record<RollupKey, RawBuilder<unknown>> = {
  agent_id: sql`c.agent_id`,
  campaign_id: sql`c.campaign_id`,
  stats_source_id: sql`coalesce(c.stats_source_id, 0)`,
  campaign_type: sql`camp.type`,
};

/** The call rollups: per campaign (most reads), per campaign and stats source, per agent, per campaign type. */
const CALL_ROLLUP_TABLES = [
  { table: 'campaign_call_rollups', keys: ['campaign_id'] },
  { table: 'call_rollups', keys: ['campaign_id', 'stats_source_id'] },
  { table: 'agent_call_rollups', keys: ['agent_id', 'campaign_id', 'stats_source_id'] },
  { table: 'type_call_rollups', keys: ['campaign_type'] },
] as const satisfies readonly { table: string; keys: readonly RollupKey[] }[];

type CallRollupTable = (typeof CALL_ROLLUP_TABLES)[number];

function callRollupSelect(where: CallFilter, keys: readonly RollupKey[]) {
  const keyColumns = keys.map((key) => sql`${KEY_EXPRESSIONS[key]} AS ${sql.ref(key)}`);
  const agentFilter = keys.includes('agent_id') ? sql`AND c.agent_id IS NOT NULL` : sql``;
  return sql`
    SELECT a.alignment, ${bucketOf(sql`c.queued_at`)} AS bucket_start, ${sql.join(keyColumns)}, ${callSums}
    FROM calls c CROSS JOIN ${ALIGNMENTS}
      JOIN campaigns camp ON camp.id = c.campaign_id
      LEFT JOIN dispositions d ON d.id = c.disposition_id
      LEFT JOIN sales_leads l ON l.call_id = c.id
    WHERE c.ended_at IS NOT NULL ${agentFilter} AND ${where}
    GROUP BY a.alignment, bucket_start, ${sql.join(keys.map((key) => KEY_EXPRESSIONS[key]))}`;
}

const keyList = ({ keys }: CallRollupTable) =>
  sql.join(['alignment', 'bucket_start', ...keys].map((column) => sql.ref(column)));
const insertColumns = (rollup: CallRollupTable) => sql`(${keyList(rollup)}, ${sumColumns})`;

/** Grains of the productivity rollup: 0 hours, 1 days, 2 months (RollupGrain in packages/shared). */
const GRAIN_OF_UNIT = { hour: 0, day: 1, month: 2 } as const;
const grainsOf = (units: readonly (keyof typeof GRAIN_OF_UNIT)[]) =>
  sql`(VALUES ${sql.join(units.map((unit) => sql`(${sql.lit(GRAIN_OF_UNIT[unit])}::smallint, ${sql.lit(unit)})`))}) AS g(grain, unit)`;

/** The grain's bucket (hour, day or month) holding an instant. */
const grainBucketOf = (instant: RawBuilder<unknown>) => bucketOf(instant, sql`g.unit`);

const STATE_COLUMNS = sql`(alignment, grain, bucket_start, user_id, campaign_id, state, seconds, records)`;

/** The state rule: each ended record's whole seconds, capped at 3,600, in the bucket where it starts. */
function stateRollupSelect(where: CallFilter, units: readonly (keyof typeof GRAIN_OF_UNIT)[]) {
  const seconds = sql`least(greatest(round(extract(epoch FROM s.end_at - s.start_at)), 0), ${sql.lit(ACTIVITY_CAP_SECONDS)})`;
  return sql`
    SELECT a.alignment, g.grain, ${grainBucketOf(sql`s.start_at`)} AS bucket_start, s.user_id,
      coalesce(s.campaign_id, 0) AS campaign_id, s.state, sum(${seconds})::bigint AS seconds, count(*)::integer AS records
    FROM agent_state_log s CROSS JOIN ${ALIGNMENTS} CROSS JOIN ${grainsOf(units)}
    WHERE s.end_at IS NOT NULL AND ${where}
    GROUP BY a.alignment, g.grain, bucket_start, s.user_id, coalesce(s.campaign_id, 0), s.state`;
}

/**
 * Rebuilds every rollup from the raw tables (after a bulk load, or to repair). Runs in the caller's
 * transaction when given one.
 */
export async function rebuildRollups(db: Kysely<Database>): Promise<void> {
  const [perCampaign, perSource, perAgent, perType] = CALL_ROLLUP_TABLES;
  for (const rollup of [perSource, perAgent]) {
    await sql`TRUNCATE ${sql.table(rollup.table)}`.execute(db);
    await sql`INSERT INTO ${sql.table(rollup.table)} ${insertColumns(rollup)} ${callRollupSelect(sql`true`, rollup.keys)}`.execute(
      db,
    );
  }
  // The per-campaign rollup is the per-source one summed over sources: the same numbers, one pass less over calls.
  await sql`TRUNCATE ${sql.table(perCampaign.table)}`.execute(db);
  await sql`INSERT INTO ${sql.table(perCampaign.table)} ${insertColumns(perCampaign)}
    SELECT alignment, bucket_start, campaign_id, ${sql.join(CALL_ROLLUP_SUMS.map((column) => sql`sum(${sql.ref(column)})`))}
    FROM call_rollups GROUP BY alignment, bucket_start, campaign_id`.execute(db);
  // And the per-type one is the per-campaign one summed over each type's campaigns.
  await sql`TRUNCATE ${sql.table(perType.table)}`.execute(db);
  await sql`INSERT INTO ${sql.table(perType.table)} ${insertColumns(perType)}
    SELECT r.alignment, r.bucket_start, camp.type, ${sql.join(CALL_ROLLUP_SUMS.map((column) => sql`sum(${sql.ref(`r.${column}`)})`))}
    FROM campaign_call_rollups r JOIN campaigns camp ON camp.id = r.campaign_id
    GROUP BY r.alignment, r.bucket_start, camp.type`.execute(db);
  await sql`TRUNCATE agent_state_rollups`.execute(db);
  await sql`INSERT INTO agent_state_rollups ${STATE_COLUMNS} ${stateRollupSelect(sql`true`, ['hour'])}`.execute(db);
  // Days and months are the hours summed: the same numbers, without another pass over the state log.
  await sql`INSERT INTO agent_state_rollups ${STATE_COLUMNS}
    SELECT a.alignment, g.grain, ${grainBucketOf(sql`a.bucket_start`)} AS day_or_month, a.user_id, a.campaign_id, a.state,
      sum(a.seconds), sum(a.records)
    FROM agent_state_rollups a CROSS JOIN ${grainsOf(['day', 'month'])}
    WHERE a.grain = 0
    GROUP BY a.alignment, g.grain, day_or_month, a.user_id, a.campaign_id, a.state`.execute(db);
}

/**
 * Adds ended calls to the rollups, additively. Call it in the same transaction that ends the calls (and creates
 * their leads), exactly once per call.
 */
export async function addCallsToRollups(db: Kysely<Database>, callIds: readonly (number | string)[]): Promise<void> {
  if (callIds.length === 0) return;
  const where = sql`c.id = ANY(${sql.val(callIds.map(String))}::bigint[])`;
  const updates = sql.join(
    CALL_ROLLUP_SUMS.map((column) => sql`${sql.ref(column)} = t.${sql.ref(column)} + excluded.${sql.ref(column)}`),
  );
  for (const rollup of CALL_ROLLUP_TABLES) {
    await sql`INSERT INTO ${sql.table(rollup.table)} AS t ${insertColumns(rollup)} ${callRollupSelect(where, rollup.keys)}
      ON CONFLICT (${keyList(rollup)}) DO UPDATE SET ${updates}`.execute(db);
  }
}

/** Adds ended state records to the productivity rollup, additively; once per record, in the closing transaction. */
export async function addStatesToRollups(db: Kysely<Database>, stateIds: readonly (number | string)[]): Promise<void> {
  if (stateIds.length === 0) return;
  const where = sql`s.id = ANY(${sql.val(stateIds.map(String))}::bigint[])`;
  await sql`INSERT INTO agent_state_rollups AS t ${STATE_COLUMNS}
    ${stateRollupSelect(where, ['hour', 'day', 'month'])}
    ON CONFLICT (alignment, grain, bucket_start, user_id, campaign_id, state)
    DO UPDATE SET seconds = t.seconds + excluded.seconds, records = t.records + excluded.records`.execute(db);
}
