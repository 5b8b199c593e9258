import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema.js';

export const DEMO_TRUNK_NAME = 'Demo carrier (loopback)';

/**
 * The demo's carrier: calls from this machine (127.0.0.0/8, ::1), where the demo's and the tests' SIPp callers run.
 * Its id, made on first use. It has no outbound address: the demo's outbound calls go to Kamailio's OUTBOUND_GATEWAY
 * (the SIPp callee scripts/telephony.mjs starts on a free port).
 */
export async function demoTrunkId(db: Kysely<Database>): Promise<number> {
  const found = await db
    .selectFrom('trunks')
    .select('id')
    .where(sql<string>`lower(name)`, '=', DEMO_TRUNK_NAME.toLowerCase())
    .executeTakeFirst();
  if (found) return found.id;
  const row = await db
    .insertInto('trunks')
    .values({ name: DEMO_TRUNK_NAME, source_addresses: sql<string[]>`'{127.0.0.0/8,::1/128}'::inet[]` })
    .onConflict((conflict) => conflict.expression(sql`lower(name)`).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? demoTrunkId(db);
}
