import { type Kysely, sql } from 'kysely';

/**
 * `rollup_backlog`: calls that ended and agent states that closed, waiting to be added to the rollups. The live call
 * engine queues them in the transaction that ends or closes them; a folder adds a batch at a time (src/rollups/backlog),
 * so one set of rollup statements serves every call of the last fraction of a second instead of each call paying for
 * its own. Exactly one of call_id and state_id is set.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE rollup_backlog (
    id bigserial PRIMARY KEY,
    call_id bigint,
    state_id bigint,
    CHECK ((call_id IS NULL) <> (state_id IS NULL))
  )`.execute(db);
}
