import {
  ACTIVITY_CAP_SECONDS,
  CALL_DURATION_BUCKETS,
  CALL_SUM_COLUMNS,
  type CallSumColumn,
  CONNECTED_CALL_SECONDS,
  COUNTED_STATE_IDS,
  DISPOSITION_BUCKETS,
  QUEUE_BUCKETS,
  ROLLUP_GRAIN,
  type RollupGrainName,
} from '@shiftline/shared';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * How calls and agent states become rollup rows. One SELECT per rollup states the rule; the full rebuild and
 * the per-call / per-state upkeep both run it, so they cannot disagree.
 *
 * Each call counts in the hour bucket of `queued_at` twice, once per alignment (on the hour and on the half
 * hour), so that any supported zone's local days and hours are whole buckets. Only ended calls count.
 */

const count = (condition: RawBuilder<unknown>) => sql`count(*) FILTER (WHERE ${condition})`;

/** `[lower, upper)` seconds of each bucket, by the bucket's column; the last bucket has no upper bound. */
const bucketCounts = <Column extends CallSumColumn>(
  buckets: readonly { maxSeconds: number; column: Column }[],
  seconds: RawBuilder<unknown>,
  counted: (condition: RawBuilder<unknown>) => RawBuilder<unknown>,
) =>
  Object.fromEntries(
    buckets.map((bucket, index) => {
      const lower = index === 0 ? 0 : (buckets[index - 1] as { maxSeconds: number }).maxSeconds;
      const within = Number.isFinite(bucket.maxSeconds)
        ? sql`${seconds} >= ${sql.lit(lower)} AND ${seconds} < ${sql.lit(bucket.maxSeconds)}`
        : sql`${seconds} >= ${sql.lit(lower)}`;
      return [bucket.column, counted(within)];
    }),
  ) as Record<Column, RawBuilder<unknown>>;

const queueSeconds = sql`c.queue_seconds`;
const talkSeconds = sql`c.talk_seconds`;
const taken = sql`c.answered_at IS NOT NULL`;

/** The call rule: each sum column's expression over the ended calls of a bucket. Constants come from packages/shared. */
const CALL_SUM_EXPRESSIONS: Record<CallSumColumn, RawBuilder<unknown>> = {
  all_calls: sql`count(*)`,
  taken_calls: count(taken),
  billed_calls: count(sql`c.billed`),
  missed_calls: count(sql`c.missed`),
  abandoned_calls: count(sql`c.abandoned`),
  unanswered_calls: count(sql`c.answered_at IS NULL AND NOT c.abandoned`),
  callbacks_requested: count(sql`c.callback_requested`),
  callbacks_requested_as_bill: count(sql`c.callback_requested AND c.billed`),
  connected_calls: count(sql`${talkSeconds} > ${sql.lit(CONNECTED_CALL_SECONDS)}`),
  agent_disconnected_calls: count(sql`c.agent_disconnected`),
  queue_seconds: sql`coalesce(sum(${queueSeconds}), 0)`,
  billed_queue_seconds: sql`coalesce(sum(${queueSeconds}) FILTER (WHERE c.billed), 0)`,
  talk_seconds: sql`coalesce(sum(${talkSeconds}) FILTER (WHERE ${taken}), 0)`,
  billed_seconds: sql`coalesce(sum(c.billed_seconds) FILTER (WHERE c.billed), 0)`,
  // Each call's amount rounded to the cent at its campaign's hourly rate when it is counted.
  billed_cents: sql`coalesce(sum(round(c.billed_seconds * camp.billing_rate_cents / 3600.0)) FILTER (WHERE c.billed), 0)`,
  ...bucketCounts(QUEUE_BUCKETS, queueSeconds, count),
  ...bucketCounts(CALL_DURATION_BUCKETS, talkSeconds, (within) => count(sql`${taken} AND ${within}`)),
  ...(Object.fromEntries(
    DISPOSITION_BUCKETS.map(({ id }) => [`disposition_${id}`, count(sql`d.bucket = ${sql.lit(id)}`)]),
  ) as Record<`disposition_${(typeof DISPOSITION_BUCKETS)[number]['id']}`, RawBuilder<unknown>>),
  leads: count(sql`l.id IS NOT NULL`),
  valid_leads: count(sql`l.valid`),
  sales: count(sql`l.sold`),
};

const ALIGNMENTS = sql`(VALUES (0::smallint), (30::smallint)) AS a(alignment)`;

/** The unit each grain truncates to (the week or month, plus the hour of day, for the hour-of-day grains). */
const GRAIN_UNIT: Record<RollupGrainName, string> = {
  hour: 'hour',
  day: 'day',
  month: 'month',
  weekHour: 'week',
  monthHour: 'month',
};
const CALL_GRAINS: readonly RollupGrainName[] = ['hour', 'day', 'month'];
const PRODUCTIVITY_GRAINS: readonly RollupGrainName[] = [...CALL_GRAINS, 'weekHour', 'monthHour'];
const grainsOf = (names: readonly RollupGrainName[]) =>
  sql`(VALUES ${sql.join(names.map((name) => sql`(${sql.lit(ROLLUP_GRAIN[name])}::smallint, ${sql.lit(GRAIN_UNIT[name])})`))}) AS g(grain, unit)`;

/**
 * The bucket holding an instant on the alignment's grid (on the hour, or on the half hour), in UTC whatever the
 * session zone: the hour, or with grains the grain's unit (hour, day, month; week or month plus the hour of day).
 */
function bucketOf(instant: RawBuilder<unknown>, grained: boolean): RawBuilder<unknown> {
  const onGrid = sql`${instant} - make_interval(mins => a.alignment)`;
  if (!grained) return sql`date_trunc('hour', ${onGrid}, 'UTC') + make_interval(mins => a.alignment)`;
  const hourOfDay = sql`CASE WHEN g.grain IN (${sql.lit(ROLLUP_GRAIN.weekHour)}, ${sql.lit(ROLLUP_GRAIN.monthHour)})
    THEN make_interval(hours => extract(hour FROM (${onGrid}) AT TIME ZONE 'UTC')::int) ELSE interval '0' END`;
  return sql`date_trunc(g.unit, ${onGrid}, 'UTC') + ${hourOfDay} + make_interval(mins => a.alignment)`;
}

const callSums = sql.join(CALL_SUM_COLUMNS.map((column) => sql`${CALL_SUM_EXPRESSIONS[column]} AS ${sql.ref(column)}`));
const sumColumns = sql.join(CALL_SUM_COLUMNS.map((column) => sql.ref(column)));

type CallFilter = RawBuilder<unknown>;

type RollupKey = 'agent_id' | 'campaign_id' | 'stats_source_id' | 'campaign_type';

/** How each key is read from a call; a call without a stats source files under 0. */
const KEY_EXPRESSIONS: Record<RollupKey, RawBuilder<unknown>> = {
  agent_id: sql`c.agent_id`,
  campaign_id: sql`c.campaign_id`,
  stats_source_id: sql`coalesce(c.stats_source_id, 0)`,
  campaign_type: sql`camp.type`,
};

/**
 * The call rollups: per campaign (most reads), per campaign and stats source, per agent campaign and source (hours,
 * for the dashboards' agent filter), per agent and campaign (hours, days and months, for agent records), per type.
 */
const CALL_ROLLUP_TABLES = [
  { table: 'campaign_call_rollups', keys: ['campaign_id'], grained: false },
  { table: 'call_rollups', keys: ['campaign_id', 'stats_source_id'], grained: false },
  { table: 'agent_call_rollups', keys: ['agent_id', 'campaign_id', 'stats_source_id'], grained: false },
  { table: 'agent_campaign_call_rollups', keys: ['agent_id', 'campaign_id'], grained: true },
  { table: 'type_call_rollups', keys: ['campaign_type'], grained: false },
] as const satisfies readonly { table: string; keys: readonly RollupKey[]; grained: boolean }[];

type CallRollupTable = (typeof CALL_ROLLUP_TABLES)[number];

/** Every rollup table, as a list for TRUNCATE or ANALYZE: emptied together when the history they sum is replaced. */
export const rollupTables = sql.join(
  [...CALL_ROLLUP_TABLES.map((rollup) => rollup.table), 'agent_productivity_rollups', 'agent_hour_of_day_rollups'].map(
    (table) => sql.table(table),
  ),
);

/** The sums of ended calls; a blocked call (refused before it queued) is no call the dashboards count. */
function callRollupSelect(where: CallFilter, rollup: CallRollupTable) {
  const keyColumns = rollup.keys.map((key) => sql`${KEY_EXPRESSIONS[key]} AS ${sql.ref(key)}`);
  const agentFilter = (rollup.keys as readonly RollupKey[]).includes('agent_id')
    ? sql`AND c.agent_id IS NOT NULL`
    : sql``;
  const grains = rollup.grained ? sql`CROSS JOIN ${grainsOf(CALL_GRAINS)}` : sql``;
  return sql`
    SELECT a.alignment, ${rollup.grained ? sql`g.grain, ` : sql``}${bucketOf(sql`c.queued_at`, rollup.grained)} AS bucket_start,
      ${sql.join(keyColumns)}, ${callSums}
    FROM calls c CROSS JOIN ${ALIGNMENTS} ${grains}
      JOIN campaigns camp ON camp.id = c.campaign_id
      LEFT JOIN dispositions d ON d.id = c.disposition_id
      LEFT JOIN sales_leads l ON l.call_id = c.id
    WHERE c.ended_at IS NOT NULL AND c.status IS DISTINCT FROM 'blocked' ${agentFilter} AND ${where}
    GROUP BY a.alignment, ${rollup.grained ? sql`g.grain, ` : sql``}bucket_start, ${sql.join(rollup.keys.map((key) => KEY_EXPRESSIONS[key]))}`;
}

const keyList = ({ keys, grained }: CallRollupTable) =>
  sql.join(['alignment', ...(grained ? ['grain'] : []), 'bucket_start', ...keys].map((column) => sql.ref(column)));
const insertColumns = (rollup: CallRollupTable) => sql`(${keyList(rollup)}, ${sumColumns})`;

/**
 * The coarser grains of a grained rollup: its hours summed, the same numbers without another pass over raw rows.
 * Rows go in in key order, so a range's rows share pages (the grained rollups are partitioned by grain and alignment).
 */
async function addCoarserGrains(
  db: Kysely<Database>,
  rollup: { table: string; keys: readonly string[]; sums: readonly string[]; grains: readonly RollupGrainName[] },
): Promise<void> {
  const { table, keys, sums } = rollup;
  const keyColumns = sql.join(keys.map((key) => sql.ref(`a.${key}`)));
  await sql`INSERT INTO ${sql.table(table)} (alignment, grain, bucket_start, ${sql.join(keys.map((key) => sql.ref(key)))},
      ${sql.join(sums.map((column) => sql.ref(column)))})
    SELECT a.alignment, g.grain, ${bucketOf(sql`a.bucket_start`, true)} AS coarser, ${keyColumns},
      ${sql.join(sums.map((column) => sql`sum(${sql.ref(`a.${column}`)})`))}
    FROM ${sql.table(table)} a CROSS JOIN ${grainsOf(rollup.grains.filter((grain) => grain !== 'hour'))}
    WHERE a.grain = ${sql.lit(ROLLUP_GRAIN.hour)}
    GROUP BY a.alignment, g.grain, coarser, ${keyColumns}
    ORDER BY a.alignment, g.grain, coarser, ${keyColumns}`.execute(db);
}

/**
 * agent_productivity_rollups: per agent, campaign and bucket, capped seconds in a column per counted state and the
 * commissions of sold leads.
 */
const PRODUCTIVITY_KEYS = ['user_id', 'campaign_id'] as const;
const PRODUCTIVITY_SUMS = [...COUNTED_STATE_IDS, 'commission_cents'] as const;
const PRODUCTIVITY_KEY_LIST = sql`alignment, grain, bucket_start, user_id, campaign_id`;
const STATE_COLUMNS = sql`(${PRODUCTIVITY_KEY_LIST}, ${sql.join(COUNTED_STATE_IDS.map((state) => sql.ref(state)))})`;

/**
 * The state rule: each ended record's whole seconds, capped at 3,600, in the bucket where it starts, in its state's
 * column. Logged out and Logout count toward nothing and are left out.
 */
function stateRollupSelect(where: CallFilter, units: readonly RollupGrainName[]) {
  const seconds = sql`least(greatest(round(extract(epoch FROM s.end_at - s.start_at)), 0), ${sql.lit(ACTIVITY_CAP_SECONDS)})`;
  const perState = COUNTED_STATE_IDS.map(
    (state) =>
      sql`coalesce(sum(${seconds}) FILTER (WHERE s.state = ${sql.lit(state)}), 0)::bigint AS ${sql.ref(state)}`,
  );
  return sql`
    SELECT a.alignment, g.grain, ${bucketOf(sql`s.start_at`, true)} AS bucket_start, s.user_id,
      coalesce(s.campaign_id, 0) AS campaign_id, ${sql.join(perState)}
    FROM agent_state_log s CROSS JOIN ${ALIGNMENTS} CROSS JOIN ${grainsOf(units)}
    WHERE s.end_at IS NOT NULL AND s.state IN (${sql.join(COUNTED_STATE_IDS.map((state) => sql.lit(state)))}) AND ${where}
    GROUP BY a.alignment, g.grain, bucket_start, s.user_id, coalesce(s.campaign_id, 0)`;
}

/**
 * The commission rule: each sold lead's commission in the bucket where it was created, under its agent and campaign,
 * once its call has ended, like the call sums (a lead without an agent earns nobody a commission).
 */
const commissionSelect = (where: CallFilter, units: readonly RollupGrainName[]) =>
  sql`SELECT a.alignment, g.grain, ${bucketOf(sql`l.created_at`, true)} AS bucket_start, l.agent_id AS user_id,
      l.campaign_id, sum(l.commission_cents) AS commission_cents
    FROM sales_leads l JOIN calls c ON c.id = l.call_id CROSS JOIN ${ALIGNMENTS} CROSS JOIN ${grainsOf(units)}
    WHERE c.ended_at IS NOT NULL AND l.sold AND l.agent_id IS NOT NULL AND l.commission_cents > 0 AND ${where}
    GROUP BY a.alignment, g.grain, bucket_start, l.agent_id, l.campaign_id`;

/** Upserted, as leads share buckets with states. */
const upsertCommissions = (db: Kysely<Database>, where: CallFilter, units: readonly RollupGrainName[]) =>
  sql`INSERT INTO agent_productivity_rollups AS t (${PRODUCTIVITY_KEY_LIST}, commission_cents)
    ${commissionSelect(where, units)}
    ON CONFLICT (${PRODUCTIVITY_KEY_LIST}) DO UPDATE SET commission_cents = t.commission_cents + excluded.commission_cents`.execute(
    db,
  );

/**
 * agent_hour_of_day_rollups: the productivity rollup's grains that the time-of-day filter reads (hours, week and month ×
 * hour of day) summed over campaigns, one row per agent, for the filter without a campaign filter (half the rows).
 */
const HOUR_OF_DAY_GRAINS: readonly RollupGrainName[] = ['hour', 'weekHour', 'monthHour'];
const ACROSS_CAMPAIGNS_KEY_LIST = sql`alignment, grain, bucket_start, user_id`;

/** Adds the rows of a per-campaign productivity select (HOUR_OF_DAY_GRAINS only) into agent_hour_of_day_rollups. */
const upsertAcrossCampaigns = (db: Kysely<Database>, perCampaign: RawBuilder<unknown>, sums: readonly string[]) =>
  sql`INSERT INTO agent_hour_of_day_rollups AS t (${ACROSS_CAMPAIGNS_KEY_LIST}, ${sql.join(sums.map((column) => sql.ref(column)))})
    SELECT p.alignment, p.grain, p.bucket_start, p.user_id, ${sql.join(sums.map((column) => sql`sum(${sql.ref(`p.${column}`)})`))}
    FROM (${perCampaign}) p
    GROUP BY p.alignment, p.grain, p.bucket_start, p.user_id
    ON CONFLICT (${ACROSS_CAMPAIGNS_KEY_LIST}) DO UPDATE SET ${sql.join(
      sums.map((column) => sql`${sql.ref(column)} = t.${sql.ref(column)} + excluded.${sql.ref(column)}`),
    )}`.execute(db);

/**
 * Rewrites the productivity hour rows in primary-key order, so an hour's rows for every agent sit on adjacent pages:
 * the commissions' upsert moves each row it updates to the end of the table, and the time-of-day filter, reading
 * hours one bucket at a time, then touched ~85 pages an hour instead of ~13 (a range never read before fetched each
 * from disk). One leaf partition at a time: CLUSTER of a partitioned table cannot run in a transaction.
 */
async function clusterHourRows(db: Kysely<Database>): Promise<void> {
  const leaves = await sql<{ leaf: string; pkey: string }>`
    SELECT c.relname AS leaf, i.relname AS pkey
    FROM pg_partition_tree(${sql.lit(`agent_productivity_rollups_g${ROLLUP_GRAIN.hour}`)}) t
      JOIN pg_class c ON c.oid = t.relid
      JOIN pg_index x ON x.indrelid = t.relid AND x.indisprimary
      JOIN pg_class i ON i.oid = x.indexrelid
    WHERE t.isleaf`.execute(db);
  for (const { leaf, pkey } of leaves.rows) {
    await sql`CLUSTER ${sql.table(leaf)} USING ${sql.ref(pkey)}`.execute(db);
  }
}

/**
 * Rebuilds every rollup from the raw tables (after a bulk load, or to repair). Runs in the caller's
 * transaction when given one.
 */
export async function rebuildRollups(db: Kysely<Database>): Promise<void> {
  // What the live engine queued has ended: the rebuild counts it, so the queue goes (src/rollups/backlog).
  await sql`DELETE FROM rollup_backlog`.execute(db);
  const [perCampaign, perSource, perAgentSource, perAgent, perType] = CALL_ROLLUP_TABLES;
  for (const rollup of [perSource, perAgentSource]) {
    await sql`TRUNCATE ${sql.table(rollup.table)}`.execute(db);
    await sql`INSERT INTO ${sql.table(rollup.table)} ${insertColumns(rollup)} ${callRollupSelect(sql`true`, rollup)}`.execute(
      db,
    );
  }
  // The other call rollups are these summed: the same numbers, without another pass over the calls.
  const summedSums = sql.join(CALL_SUM_COLUMNS.map((column) => sql`sum(${sql.ref(`r.${column}`)})`));
  await sql`TRUNCATE ${sql.table(perCampaign.table)}`.execute(db);
  await sql`INSERT INTO ${sql.table(perCampaign.table)} ${insertColumns(perCampaign)}
    SELECT alignment, bucket_start, campaign_id, ${summedSums}
    FROM call_rollups r GROUP BY alignment, bucket_start, campaign_id`.execute(db);
  await sql`TRUNCATE ${sql.table(perType.table)}`.execute(db);
  await sql`INSERT INTO ${sql.table(perType.table)} ${insertColumns(perType)}
    SELECT r.alignment, r.bucket_start, camp.type, ${summedSums}
    FROM campaign_call_rollups r JOIN campaigns camp ON camp.id = r.campaign_id
    GROUP BY r.alignment, r.bucket_start, camp.type`.execute(db);
  await sql`TRUNCATE ${sql.table(perAgent.table)}`.execute(db);
  await sql`INSERT INTO ${sql.table(perAgent.table)} ${insertColumns(perAgent)}
    SELECT alignment, ${sql.lit(ROLLUP_GRAIN.hour)}, bucket_start, agent_id, campaign_id, ${summedSums}
    FROM agent_call_rollups r GROUP BY alignment, bucket_start, agent_id, campaign_id
    ORDER BY alignment, bucket_start, agent_id, campaign_id`.execute(db);
  await addCoarserGrains(db, { ...perAgent, sums: CALL_SUM_COLUMNS, grains: CALL_GRAINS });

  await sql`TRUNCATE agent_productivity_rollups`.execute(db);
  await sql`INSERT INTO agent_productivity_rollups ${STATE_COLUMNS} ${stateRollupSelect(sql`true`, ['hour'])}
    ORDER BY ${PRODUCTIVITY_KEY_LIST}`.execute(db);
  await upsertStateRows(db, stateDeltaSelect(TIME_ADJUSTMENTS, ['hour']));
  await upsertCommissions(db, sql`true`, ['hour']);
  await clusterHourRows(db);
  await addCoarserGrains(db, {
    table: 'agent_productivity_rollups',
    keys: PRODUCTIVITY_KEYS,
    sums: PRODUCTIVITY_SUMS,
    grains: PRODUCTIVITY_GRAINS,
  });
  await sql`TRUNCATE agent_hour_of_day_rollups`.execute(db);
  await sql`INSERT INTO agent_hour_of_day_rollups (${ACROSS_CAMPAIGNS_KEY_LIST}, ${sql.join(PRODUCTIVITY_SUMS.map((column) => sql.ref(column)))})
    SELECT alignment, grain, bucket_start, user_id, ${sql.join(PRODUCTIVITY_SUMS.map((column) => sql`sum(${sql.ref(column)})`))}
    FROM agent_productivity_rollups
    WHERE grain IN (${sql.join(HOUR_OF_DAY_GRAINS.map((name) => sql.lit(ROLLUP_GRAIN[name])))})
    GROUP BY ${ACROSS_CAMPAIGNS_KEY_LIST} ORDER BY ${ACROSS_CAMPAIGNS_KEY_LIST}`.execute(db);
}

/**
 * Adds ended calls, and the commissions of their sold leads, to the rollups, additively. Call it in the same
 * transaction that ends the calls (and creates their leads), exactly once per call.
 */
export async function addCallsToRollups(db: Kysely<Database>, callIds: readonly (number | string)[]): Promise<void> {
  if (callIds.length === 0) return;
  const where = sql`c.id = ANY(${sql.val(callIds.map(String))}::bigint[])`;
  const updates = sql.join(
    CALL_SUM_COLUMNS.map((column) => sql`${sql.ref(column)} = t.${sql.ref(column)} + excluded.${sql.ref(column)}`),
  );
  for (const rollup of CALL_ROLLUP_TABLES) {
    await sql`INSERT INTO ${sql.table(rollup.table)} AS t ${insertColumns(rollup)} ${callRollupSelect(where, rollup)}
      ON CONFLICT (${keyList(rollup)}) DO UPDATE SET ${updates}`.execute(db);
  }
  const leadsOf = sql`c.id = ANY(${sql.val(callIds.map(String))}::bigint[])`;
  await upsertCommissions(db, leadsOf, PRODUCTIVITY_GRAINS);
  await upsertAcrossCampaigns(db, commissionSelect(leadsOf, HOUR_OF_DAY_GRAINS), ['commission_cents']);
}

/** Adds ended state records to the productivity rollup, additively; once per record, in the closing transaction. */
export async function addStatesToRollups(db: Kysely<Database>, stateIds: readonly (number | string)[]): Promise<void> {
  if (stateIds.length === 0) return;
  const where = sql`s.id = ANY(${sql.val(stateIds.map(String))}::bigint[])`;
  await upsertStateRows(db, stateRollupSelect(where, PRODUCTIVITY_GRAINS));
  await upsertAcrossCampaigns(db, stateRollupSelect(where, HOUR_OF_DAY_GRAINS), COUNTED_STATE_IDS);
}

/** Adds the rows of a per-state select into agent_productivity_rollups. */
const upsertStateRows = (db: Kysely<Database>, select: RawBuilder<unknown>) =>
  sql`INSERT INTO agent_productivity_rollups AS t ${STATE_COLUMNS} ${select}
    ON CONFLICT (${PRODUCTIVITY_KEY_LIST}) DO UPDATE SET ${sql.join(
      COUNTED_STATE_IDS.map((state) => sql`${sql.ref(state)} = t.${sql.ref(state)} + excluded.${sql.ref(state)}`),
    )}`.execute(db);

/**
 * Signed seconds per state, as rows `(user_id, campaign_id, state, at, seconds)` with campaign 0 for none: each
 * counts, uncapped, in the bucket of `at`. The work-time edits' corrections: an edited state record's old capped time
 * taken out and its new one put in, or a breakdown edit's moves between categories (agent_time_adjustments).
 */
export type StateDelta = { userId: number; campaignId: number | null; state: string; at: Date; seconds: number };

/** The breakdown edits, which the rebuild adds on top of the state log (the log keeps what was recorded). */
const TIME_ADJUSTMENTS = sql`SELECT user_id, coalesce(campaign_id, 0) AS campaign_id, state, at, seconds FROM agent_time_adjustments`;

function stateDeltaSelect(deltas: RawBuilder<unknown>, units: readonly RollupGrainName[]) {
  const perState = COUNTED_STATE_IDS.map(
    (state) => sql`coalesce(sum(d.seconds) FILTER (WHERE d.state = ${sql.lit(state)}), 0)::bigint AS ${sql.ref(state)}`,
  );
  return sql`
    SELECT a.alignment, g.grain, ${bucketOf(sql`d.at`, true)} AS bucket_start, d.user_id, d.campaign_id, ${sql.join(perState)}
    FROM (${deltas}) d CROSS JOIN ${ALIGNMENTS} CROSS JOIN ${grainsOf(units)}
    WHERE d.state IN (${sql.join(COUNTED_STATE_IDS.map((state) => sql.lit(state)))})
    GROUP BY a.alignment, g.grain, bucket_start, d.user_id, d.campaign_id`;
}

/** Adds signed corrections to the productivity rollups, in the transaction that makes the edit they stand for. */
export async function addStateDeltasToRollups(db: Kysely<Database>, deltas: readonly StateDelta[]): Promise<void> {
  const counted = deltas.filter((delta) => delta.seconds !== 0);
  if (counted.length === 0) return;
  const rows = sql`SELECT * FROM unnest(${sql.val(counted.map((d) => d.userId))}::int[],
      ${sql.val(counted.map((d) => d.campaignId ?? 0))}::int[], ${sql.val(counted.map((d) => d.state))}::text[],
      ${sql.val(counted.map((d) => d.at.toISOString()))}::timestamptz[], ${sql.val(counted.map((d) => d.seconds))}::bigint[])
    AS x(user_id, campaign_id, state, at, seconds)`;
  await upsertStateRows(db, stateDeltaSelect(rows, PRODUCTIVITY_GRAINS));
  await upsertAcrossCampaigns(db, stateDeltaSelect(rows, HOUR_OF_DAY_GRAINS), COUNTED_STATE_IDS);
}
