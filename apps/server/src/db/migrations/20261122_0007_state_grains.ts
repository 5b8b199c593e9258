import { type Kysely, sql } from 'kysely';

/**
 * The productivity rollup also in days and months (grain 0 hour, 1 day, 2 month, each in both alignments), so a long
 * range reads whole months and days and only its edges by the hour. Existing rows are hours.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE agent_state_rollups ADD COLUMN grain smallint NOT NULL DEFAULT 0 CHECK (grain IN (0, 1, 2));
    ALTER TABLE agent_state_rollups DROP CONSTRAINT agent_state_rollups_pkey;
    ALTER TABLE agent_state_rollups ADD PRIMARY KEY (alignment, grain, bucket_start, user_id, campaign_id, state);
    DROP INDEX agent_state_rollups_user_idx;
    CREATE INDEX agent_state_rollups_user_idx ON agent_state_rollups (user_id, alignment, grain, bucket_start);
  `.execute(db);
}
