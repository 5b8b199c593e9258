import { type Kysely, sql } from 'kysely';

/**
 * Migrations 0011 and 0012: the productivity rollup gains an hour-of-day grain (`grain`: 3 week × hour of day, 4 month
 * × hour of day), its partitions per alignment, and its rows summed from the hour rows, per agent, campaign, `unit`
 * (the UTC week or month) and UTC hour of day. Only those two migrations call it: history, not to be changed.
 */
export async function addHourOfDayGrain(
  db: Kysely<unknown>,
  grain: 3 | 4,
  unit: 'week' | 'month',
  bucketName: 'week_hour' | 'month_hour',
): Promise<void> {
  const grainTable = `agent_productivity_rollups_g${grain}`;
  await sql`CREATE TABLE ${sql.raw(grainTable)} PARTITION OF agent_productivity_rollups FOR VALUES IN (${sql.lit(grain)})
    PARTITION BY LIST (alignment)`.execute(db);
  for (const alignment of [0, 30]) {
    await sql`CREATE TABLE ${sql.table(`${grainTable}_a${alignment}`)}
      PARTITION OF ${sql.raw(grainTable)} FOR VALUES IN (${sql.lit(alignment)})`.execute(db);
  }
  const columns = await sql<{ column_name: string }>`
    SELECT column_name FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = 'agent_productivity_rollups' AND data_type = 'bigint'
    ORDER BY ordinal_position`.execute(db);
  const sums = columns.rows.map((row) => row.column_name);
  const hour = sql`h.bucket_start - make_interval(mins => h.alignment)`;
  const bucket = sql.raw(bucketName);
  await sql`
    INSERT INTO agent_productivity_rollups (alignment, grain, bucket_start, user_id, campaign_id,
      ${sql.join(sums.map((name) => sql.ref(name)))})
    SELECT h.alignment, ${sql.lit(grain)},
      date_trunc(${sql.lit(unit)}, ${hour}, 'UTC') + make_interval(hours => extract(hour FROM (${hour}) AT TIME ZONE 'UTC')::int)
        + make_interval(mins => h.alignment) AS ${bucket},
      h.user_id, h.campaign_id, ${sql.join(sums.map((name) => sql`sum(${sql.ref(`h.${name}`)})`))}
    FROM agent_productivity_rollups h WHERE h.grain = 0
    GROUP BY h.alignment, ${bucket}, h.user_id, h.campaign_id
    ORDER BY h.alignment, ${bucket}, h.user_id, h.campaign_id`.execute(db);
  await sql`ANALYZE agent_productivity_rollups`.execute(db);
}
