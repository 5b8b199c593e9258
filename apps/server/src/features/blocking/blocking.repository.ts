import { type BlockReason, toE164 } from '@shiftline/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/*
 * Which numbers are blocked, and why. A number is blacklisted when any client with it is blocked (matched on the
 * number as written and on its E.164 form, clients.phone_e164), and on the do-not-call list when do_not_call holds
 * its E.164 form. The blacklist is named first when a number is on both.
 */

/**
 * Which of these numbers (E.164) are blocked and why, in one query whatever their count (the lead importer scrubs
 * a whole file's numbers at once). Numbers that are not blocked are absent from the map.
 */
export async function blockedPhones(
  db: Kysely<Database>,
  phones: readonly string[],
): Promise<Map<string, BlockReason>> {
  const blocked = new Map<string, BlockReason>();
  if (phones.length === 0) return blocked;
  const unique = [...new Set(phones)];
  const { rows } = await sql<{ phone: string; reason: BlockReason }>`
    SELECT DISTINCT phone_e164 AS phone, 'blacklist' AS reason FROM clients
    WHERE blocked AND phone_e164 = ANY(${unique}::text[])
    UNION ALL
    SELECT phone, 'dnc' AS reason FROM do_not_call WHERE phone = ANY(${unique}::text[])`.execute(db);
  for (const row of rows) if (!blocked.has(row.phone) || row.reason === 'blacklist') blocked.set(row.phone, row.reason);
  return blocked;
}

/** The SQL expression of why `written` is blocked ('blacklist', 'dnc' or null). */
export function blockReasonSql(written: string) {
  const e164 = toE164(written);
  return sql<BlockReason | null>`CASE
    WHEN EXISTS (SELECT 1 FROM clients WHERE blocked AND (phone = ${written} OR phone_e164 = ${e164}::text))
      THEN 'blacklist'
    WHEN EXISTS (SELECT 1 FROM do_not_call WHERE phone = ${e164}::text) THEN 'dnc'
  END`;
}

/** Why one number, as a caller or a dial writes it, is blocked; null when it is not. */
export async function blockReasonOf(db: Kysely<Database>, written: string): Promise<BlockReason | null> {
  const { rows } = await sql<{ reason: BlockReason | null }>`SELECT ${blockReasonSql(written)} AS reason`.execute(db);
  return rows[0]?.reason ?? null;
}
