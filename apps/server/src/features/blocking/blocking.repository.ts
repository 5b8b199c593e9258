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
function reasonOf(written: string) {
  const e164 = toE164(written);
  return sql<BlockReason | null>`CASE
    WHEN EXISTS (SELECT 1 FROM clients WHERE blocked AND (phone = ${written} OR phone_e164 = ${e164}::text))
      THEN 'blacklist'
    WHEN EXISTS (SELECT 1 FROM do_not_call WHERE phone = ${e164}::text) THEN 'dnc'
  END`;
}

/** Why one number, as a caller or a dial writes it, is blocked; null when it is not. */
export async function blockReasonOf(db: Kysely<Database>, written: string): Promise<BlockReason | null> {
  const { rows } = await sql<{ reason: BlockReason | null }>`SELECT ${reasonOf(written)} AS reason`.execute(db);
  return rows[0]?.reason ?? null;
}

/** Where an arriving call is going: a campaign by id (the simulated network) or the number dialled (SIP). */
export type ArrivalTarget = { campaignId: number } | { dialled: string; sipCallId: string };

/**
 * An arriving call from a blocked number, refused before it queues: one statement finds the inbound campaign it
 * was going to (by id, or by the number dialled, as sip_call_arrives does) and the reason, and writes the call as
 * blocked with the caller's client (the blocked one when there is one, else found by number or created, as
 * call_arrives does). Null, writing nothing, when the caller is not blocked or the call goes to no open inbound
 * campaign (the arrival then answers as for any caller), or when SIP already named the INVITE (a re-ask).
 */
export async function refuseBlockedArrival(
  db: Kysely<Database>,
  arrival: { target: ArrivalTarget; caller: string; did: string | null; at: Date },
): Promise<{ callId: string; reason: BlockReason } | null> {
  const { target, caller, did, at } = arrival;
  const e164 = toE164(caller);
  const campaign =
    'campaignId' in target
      ? sql`SELECT c.id FROM campaigns c
          WHERE c.id = ${target.campaignId} AND c.type = 'inbound' AND NOT c.archived AND c.active`
      : sql`SELECT c.id FROM campaign_numbers n JOIN campaigns c ON c.id = n.campaign_id AND NOT c.archived
          WHERE n.phone = ${target.dialled} AND c.type = 'inbound' AND c.active
            AND NOT EXISTS (SELECT 1 FROM sip_call_ids s WHERE s.sip_call_id = ${target.sipCallId} AND s.call_id IS NOT NULL)
          LIMIT 1`;
  const { rows } = await sql<{ id: string; block_reason: BlockReason }>`
    WITH campaign AS (${campaign}),
    reason AS (SELECT ${reasonOf(caller)} AS reason),
    client AS (
      SELECT id FROM clients WHERE phone = ${caller} OR phone_e164 = ${e164}::text ORDER BY blocked DESC, id DESC LIMIT 1
    ),
    created AS (
      INSERT INTO clients (phone, phone_e164)
      SELECT ${caller}::text, ${e164}::text FROM campaign, reason
      WHERE reason.reason IS NOT NULL AND NOT EXISTS (SELECT 1 FROM client)
      RETURNING id
    )
    INSERT INTO calls (campaign_id, direction, client_id, did, queued_at, ended_at, status, block_reason)
    SELECT campaign.id, 'inbound', coalesce((SELECT id FROM client), (SELECT id FROM created)), ${did}, ${at},
      ${at}, 'blocked', reason.reason
    FROM campaign, reason WHERE reason.reason IS NOT NULL
    RETURNING id::text, block_reason`.execute(db);
  const row = rows[0];
  return row ? { callId: row.id, reason: row.block_reason } : null;
}
