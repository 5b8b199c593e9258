import { isOpenAt, type RefusalReason, toE164, type WorkingHours } from '@shiftline/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { blockReasonSql } from '../blocking/index.js';
import { type HoursColumns, workingHoursOf } from '../campaigns/index.js';

/** Where an arriving call is going: a campaign by id (the simulated network) or the number dialled (SIP). */
export type ArrivalTarget = { campaignId: number } | { dialled: string; sipCallId: string };

/** A call refused before it queued, as logged, with the campaign that refused it (for the caller's answer). */
export type ArrivalRefusal = {
  callId: string;
  reason: RefusalReason;
  campaign: { name: string; hours: WorkingHours };
};

/**
 * A call refused before it queues: its caller's number is blocked (blacklist or do-not-call), or the inbound
 * campaign it reaches is closed at `at` (outside its working hours, the shared rule). One statement finds the
 * campaign (by id, or by the number dialled, as sip_call_arrives does), its hours and the caller's block; only a
 * refusal writes, a second statement logging the call as blocked with its reason and the caller's client (the
 * blocked one when there is one, else found by number or created, as call_arrives does).
 * Null, writing nothing, when neither holds, or when the call goes to no live inbound campaign (the arrival then
 * answers as for any caller), or when SIP already named the INVITE (a re-ask).
 */
export async function refuseArrival(
  db: Kysely<Database>,
  arrival: { target: ArrivalTarget; caller: string; did: string | null; at: Date },
): Promise<ArrivalRefusal | null> {
  const { target, caller, did, at } = arrival;
  const columns = sql`c.id, c.name, c.time_zone, c.working_hours, c.holidays`;
  const campaign =
    'campaignId' in target
      ? sql`SELECT ${columns} FROM campaigns c
          WHERE c.id = ${target.campaignId} AND c.type = 'inbound' AND NOT c.archived AND c.active`
      : sql`SELECT ${columns} FROM campaign_numbers n JOIN campaigns c ON c.id = n.campaign_id AND NOT c.archived
          WHERE n.phone = ${target.dialled} AND c.type = 'inbound' AND c.active
            AND NOT EXISTS (SELECT 1 FROM sip_call_ids s WHERE s.sip_call_id = ${target.sipCallId} AND s.call_id IS NOT NULL)
          LIMIT 1`;
  const { rows } = await sql<HoursColumns & { id: number; name: string; block_reason: RefusalReason | null }>`
    SELECT campaign.*, ${blockReasonSql(caller)} AS block_reason FROM (${campaign}) campaign`.execute(db);
  const found = rows[0];
  if (!found) return null;
  const hours = workingHoursOf(found);
  const reason = found.block_reason ?? (isOpenAt(hours, at.getTime()) ? null : 'closed');
  if (reason === null) return null;
  const e164 = toE164(caller);
  const logged = await sql<{ id: string }>`
    WITH client AS (
      SELECT id FROM clients WHERE phone = ${caller} OR phone_e164 = ${e164}::text ORDER BY blocked DESC, id DESC LIMIT 1
    ),
    created AS (
      INSERT INTO clients (phone, phone_e164)
      SELECT ${caller}::text, ${e164}::text WHERE NOT EXISTS (SELECT 1 FROM client)
      RETURNING id
    )
    INSERT INTO calls (campaign_id, direction, client_id, did, queued_at, ended_at, status, block_reason)
    VALUES (${found.id}, 'inbound', coalesce((SELECT id FROM client), (SELECT id FROM created)), ${did}, ${at},
      ${at}, 'blocked', ${reason})
    RETURNING id::text`.execute(db);
  return { callId: (logged.rows[0] as { id: string }).id, reason, campaign: { name: found.name, hours } };
}
