import { type Kysely, sql } from 'kysely';

/**
 * Commissions join the per-agent time rollup, which becomes `agent_productivity_rollups`: each sold lead's
 * `commission_cents` in the hour, day and month where it was created, under its agent and campaign. The productivity
 * page then gets time and commissions in one read of a few thousand rows, instead of summing a year of sold leads
 * (about 400k for 500 agents). Leads of ended calls are filled in here, in both alignments and all three grains.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE agent_time_rollups RENAME TO agent_productivity_rollups`.execute(db);
  await sql`ALTER INDEX agent_time_rollups_pkey RENAME TO agent_productivity_rollups_pkey`.execute(db);
  await sql`ALTER INDEX agent_time_rollups_user_idx RENAME TO agent_productivity_rollups_user_idx`.execute(db);
  await sql`ALTER TABLE agent_productivity_rollups ADD COLUMN commission_cents bigint NOT NULL DEFAULT 0`.execute(db);
  await sql`
    INSERT INTO agent_productivity_rollups AS t (alignment, grain, bucket_start, user_id, campaign_id, commission_cents)
    SELECT a.alignment, g.grain,
      date_trunc(g.unit, l.created_at - make_interval(mins => a.alignment), 'UTC') + make_interval(mins => a.alignment)
        AS bucket_start,
      l.agent_id, l.campaign_id, sum(l.commission_cents)
    FROM sales_leads l
      JOIN calls c ON c.id = l.call_id
      CROSS JOIN (VALUES (0::smallint), (30::smallint)) AS a(alignment)
      CROSS JOIN (VALUES (0::smallint, 'hour'), (1::smallint, 'day'), (2::smallint, 'month')) AS g(grain, unit)
    WHERE c.ended_at IS NOT NULL AND l.sold AND l.agent_id IS NOT NULL AND l.commission_cents > 0
    GROUP BY a.alignment, g.grain, bucket_start, l.agent_id, l.campaign_id
    ON CONFLICT (alignment, grain, bucket_start, user_id, campaign_id)
    DO UPDATE SET commission_cents = excluded.commission_cents`.execute(db);
  await sql`ANALYZE agent_productivity_rollups`.execute(db);
}
