import { type Kysely, sql } from 'kysely';

/**
 * Working hours applied to arrivals (issue 25 item 4): a call that reaches an inbound campaign outside its working
 * hours is refused before it queues and kept, like a blocked caller's, as a 'blocked' calls row, with the reason
 * 'closed', so the call log shows it and the rollups leave it out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE calls DROP CONSTRAINT calls_block_reason_check;
    ALTER TABLE calls ADD CONSTRAINT calls_block_reason_check CHECK (block_reason IN ('blacklist','dnc','closed'));
  `.execute(db);
}
