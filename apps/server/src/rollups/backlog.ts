import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { addCallsToRollups, addStatesToRollups } from './upkeep.js';

/**
 * The live side of the rollups. Ending a call or closing an agent state queues its id here, in the transaction that
 * ends or closes it; `foldRollupBacklog` adds everything queued in one transaction. One set of rollup statements then
 * serves every call of the last fraction of a second (the upkeep's statements cost more to plan than to run, and the
 * call engine's transactions no longer pay for them). Readers fold before they read, so a figure never misses a call
 * that ended before the request came. Exactly once: the batch is deleted and added in the same transaction.
 */

/** Any constant: the folders of every app process queue on it, so a reader that waited finds the batch added. */
const FOLD_LOCK = 7_201_301;

export async function queueCallsForRollups(db: Kysely<Database>, callIds: readonly (number | string)[]) {
  if (callIds.length === 0) return;
  await db
    .insertInto('rollup_backlog')
    .values(callIds.map((id) => ({ call_id: String(id) })))
    .execute();
}

/**
 * Ends an agent's state row at `end` (never before it started) and queues it for the rollups, in one statement
 * (agent_state_close, migration 0023, which every state change of the engine uses too).
 */
export async function closeStateForRollups(db: Kysely<Database>, stateId: number | string, end: Date) {
  await sql`SELECT agent_state_close(${String(stateId)}::bigint, ${end}::timestamptz)`.execute(db);
}

async function foldIn(trx: Kysely<Database>): Promise<number> {
  await sql`SELECT pg_advisory_xact_lock(${sql.lit(FOLD_LOCK)})`.execute(trx);
  const batch = await trx.deleteFrom('rollup_backlog').returning(['call_id', 'state_id']).execute();
  const ids = (column: 'call_id' | 'state_id') =>
    batch.flatMap((row) => (row[column] === null ? [] : [String(row[column])]));
  await addStatesToRollups(trx, ids('state_id'));
  await addCallsToRollups(trx, ids('call_id'));
  return batch.length;
}

/** Adds every queued call and state to the rollups; returns how many were added. Cheap when nothing waits. */
export async function foldRollupBacklog(db: Kysely<Database>): Promise<number> {
  const waiting = await db.selectFrom('rollup_backlog').select('id').limit(1).executeTakeFirst();
  if (!waiting) return 0;
  return db.isTransaction ? foldIn(db) : db.transaction().execute(foldIn);
}
