import { type Kysely, sql } from 'kysely';

/**
 * Each serving app process's heartbeat (issue 26 item 11): it writes `beat_at` every few seconds, so a restart after
 * a crash knows until when the processes were alive and ends what they left live then, not at an earlier step.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE process_heartbeats (
      process_id uuid PRIMARY KEY,
      started_at timestamptz NOT NULL,
      beat_at timestamptz NOT NULL
    )
  `.execute(db);
}
