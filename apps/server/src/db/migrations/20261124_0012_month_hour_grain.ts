import { type Kysely, sql } from 'kysely';

/**
 * The productivity rollup gains grain 4, month × hour of day: per agent, campaign, UTC month and UTC hour of day, the
 * sum of that month's hour rows at that hour of day (bucket start: the month's first hour at that hour of day, on the
 * alignment's grid). Over a month whose UTC offset does not change, every one of those hours has the same local hour,
 * so the time-of-day filter reads a year mostly as month rows, about a quarter of the week × hour rows it read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE agent_productivity_rollups_g4 PARTITION OF agent_productivity_rollups FOR VALUES IN (4)
    PARTITION BY LIST (alignment)`.execute(db);
  for (const alignment of [0, 30]) {
    await sql`CREATE TABLE ${sql.table(`agent_productivity_rollups_g4_a${alignment}`)}
      PARTITION OF agent_productivity_rollups_g4 FOR VALUES IN (${sql.lit(alignment)})`.execute(db);
  }
  const columns = await sql<{ column_name: string }>`
    SELECT column_name FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = 'agent_productivity_rollups' AND data_type = 'bigint'
    ORDER BY ordinal_position`.execute(db);
  const sums = columns.rows.map((row) => row.column_name);
  const hour = sql`h.bucket_start - make_interval(mins => h.alignment)`;
  await sql`
    INSERT INTO agent_productivity_rollups (alignment, grain, bucket_start, user_id, campaign_id,
      ${sql.join(sums.map((name) => sql.ref(name)))})
    SELECT h.alignment, 4,
      date_trunc('month', ${hour}, 'UTC') + make_interval(hours => extract(hour FROM (${hour}) AT TIME ZONE 'UTC')::int)
        + make_interval(mins => h.alignment) AS month_hour,
      h.user_id, h.campaign_id, ${sql.join(sums.map((name) => sql`sum(${sql.ref(`h.${name}`)})`))}
    FROM agent_productivity_rollups h WHERE h.grain = 0
    GROUP BY h.alignment, month_hour, h.user_id, h.campaign_id
    ORDER BY h.alignment, month_hour, h.user_id, h.campaign_id`.execute(db);
  await sql`ANALYZE agent_productivity_rollups`.execute(db);
}
