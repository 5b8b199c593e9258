import { type Kysely, sql } from 'kysely';

/**
 * Call sums per campaign type (inbound / outbound) and hour: what a dashboard over every campaign reads, with a
 * few thousand rows for a year however many campaigns there are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE type_call_rollups (LIKE campaign_call_rollups);
    ALTER TABLE type_call_rollups DROP COLUMN campaign_id;
    ALTER TABLE type_call_rollups ADD COLUMN campaign_type text NOT NULL CHECK (campaign_type IN ('inbound','outbound'));
    ALTER TABLE type_call_rollups ADD PRIMARY KEY (alignment, bucket_start, campaign_type);
  `.execute(db);
}
