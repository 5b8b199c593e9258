import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type Arrival, type ArrivalJson, arrivalFromJson } from '../calls/index.js';

/** What the SIP side knows of one of the engine's calls: its caller's INVITE and, once answered, its dialog. */
export type SipLeg = {
  sipCallId: string;
  /** The caller's INVITE CSeq number (to cancel its ringing branch). */
  cseq: number | null;
  /** Parked between two agents: the next offer continues the INVITE. */
  parked: boolean;
  /** The offer the SIP server rings or rang last. */
  offer: string;
  /** The answered dialog (dlg.end_dlg's handle). */
  dialog: { hEntry: number; hId: number; sipCallId: string } | null;
};

/** What a first question about an INVITE found that is not an arrival. */
export type SipArrivalOther = { known: string } | { noCampaign: true } | { notInbound: true };
type SipArrivalJson =
  | { known: string }
  | { no_campaign: true }
  | { not_inbound: true }
  | (ArrivalJson & { left_early?: boolean });

/** A caller who cancelled this long ago before the app had named their call is forgotten. */
const LEFT_EARLY_SECONDS = 60;

type LegRow = {
  sip_call_id: string;
  cseq: number | null;
  parked: boolean;
  offer: string;
  dialog_h_entry: number | null;
  dialog_h_id: number | null;
  dialog_sip_call_id: string | null;
};

const legOf = (row: LegRow): SipLeg => ({
  sipCallId: row.sip_call_id,
  cseq: row.cseq,
  parked: row.parked,
  offer: row.offer,
  dialog:
    row.dialog_h_entry !== null && row.dialog_h_id !== null && row.dialog_sip_call_id !== null
      ? { hEntry: row.dialog_h_entry, hId: row.dialog_h_id, sipCallId: row.dialog_sip_call_id }
      : null,
});

/**
 * The SIP legs in the database (tables sip_legs and sip_call_ids), so every app process behind Kamailio sees the same
 * ones. Each step is one statement: two processes racing on one call meet on a row (an upsert or a conditional
 * update), never on a read followed by a write.
 */
export function createSipLegs(db: Kysely<Database>) {
  return {
    async leg(callId: string): Promise<SipLeg | null> {
      const row = await db.selectFrom('sip_legs').selectAll().where('call_id', '=', callId).executeTakeFirst();
      return row ? legOf(row) : null;
    },

    /**
     * A first question about an INVITE, in one statement (sip_call_arrives, migration 0024): the call its Call-ID is
     * known for (a re-ask after 'wait'); else, for a number of an inbound campaign, the engine's arrival (call_arrives)
     * with the INVITE's leg and Call-ID named, and whether its caller had cancelled already (the cancel and the naming
     * meet on the Call-ID's row, so exactly one of the two sees the other); else what the number is not.
     */
    async arrive(
      invite: { sipCallId: string; cseq: number; dialled: string; caller: string },
      at: Date,
    ): Promise<{ arrival: Arrival; extra: { leftEarly: boolean } } | { other: SipArrivalOther }> {
      const { rows } = await sql<{ arrival: SipArrivalJson }>`
        SELECT sip_call_arrives(${invite.sipCallId}::text, ${invite.cseq}::integer, ${invite.dialled}::text,
          ${invite.caller}::text, ${at}::timestamptz, ${LEFT_EARLY_SECONDS}::integer) AS arrival`.execute(db);
      const answer = (rows[0] as { arrival: SipArrivalJson }).arrival;
      if ('known' in answer) return { other: { known: answer.known } };
      if ('no_campaign' in answer) return { other: { noCampaign: true } };
      if ('not_inbound' in answer) return { other: { notInbound: true } };
      return { arrival: arrivalFromJson(answer), extra: { leftEarly: answer.left_early === true } };
    },

    /** The caller cancelled before the app named their call: their call if it is named by now, else noted. */
    async leftEarly(sipCallId: string): Promise<string | null> {
      const { rows } = await sql<{ call_id: string | null }>`
        INSERT INTO sip_call_ids (sip_call_id, left_at) VALUES (${sipCallId}, now())
        ON CONFLICT (sip_call_id) DO UPDATE SET left_at = now()
        RETURNING call_id`.execute(db);
      const callId = rows[0]?.call_id;
      return callId == null ? null : String(callId);
    },

    /** A question about a call's INVITE (a re-ask, an outbound INVITE): its leg exists; the CSeq of that INVITE kept. */
    async remember(callId: string, sipCallId: string, cseq: number | null = null): Promise<void> {
      await sql`
        WITH named AS (
          INSERT INTO sip_call_ids (sip_call_id, call_id) VALUES (${sipCallId}, ${callId})
          ON CONFLICT (sip_call_id) DO NOTHING
        )
        INSERT INTO sip_legs (call_id, sip_call_id, cseq) VALUES (${callId}, ${sipCallId}, ${cseq})
        ON CONFLICT (call_id) DO UPDATE SET cseq = CASE
          WHEN sip_legs.sip_call_id = excluded.sip_call_id AND excluded.cseq IS NOT NULL THEN excluded.cseq
          ELSE sip_legs.cseq END`.execute(db);
    },

    /** Kamailio parked the caller's INVITE after the branch that rang `offer` failed. */
    async parked(callId: string, sipCallId: string, offer: string): Promise<void> {
      await sql`
        INSERT INTO sip_legs (call_id, sip_call_id, offer, parked) VALUES (${callId}, ${sipCallId}, ${offer}, true)
        ON CONFLICT (call_id) DO UPDATE SET offer = excluded.offer, parked = true, updated_at = now()`.execute(db);
    },

    /** Takes the parked caller for `offer` (false: not parked, or already continued to it by another process). */
    async unpark(callId: string, offer: string): Promise<string | null> {
      const row = await db
        .updateTable('sip_legs')
        .set({ parked: false, offer, updated_at: new Date() })
        .where('call_id', '=', callId)
        .where('parked', '=', true)
        .where('offer', '<>', offer)
        .returning('sip_call_id')
        .executeTakeFirst();
      return row?.sip_call_id ?? null;
    },

    /** The phone answered: the dialog's handles, to end it from the app. */
    async answered(callId: string, sipCallId: string, hEntry: number, hId: number): Promise<void> {
      await sql`
        WITH named AS (
          INSERT INTO sip_call_ids (sip_call_id, call_id) VALUES (${sipCallId}, ${callId})
          ON CONFLICT (sip_call_id) DO NOTHING
        )
        INSERT INTO sip_legs (call_id, sip_call_id, dialog_h_entry, dialog_h_id, dialog_sip_call_id)
        VALUES (${callId}, ${sipCallId}, ${hEntry}, ${hId}, ${sipCallId})
        ON CONFLICT (call_id) DO UPDATE SET dialog_h_entry = excluded.dialog_h_entry,
          dialog_h_id = excluded.dialog_h_id, dialog_sip_call_id = excluded.dialog_sip_call_id, parked = false,
          updated_at = now()`.execute(db);
    },

    /** True when the call has left the dialog of this Call-ID (a transfer): its BYE ends nothing. */
    async retired(callId: string, sipCallId: string): Promise<boolean> {
      const row = await db
        .selectFrom('sip_call_ids')
        .select('retired')
        .where('sip_call_id', '=', sipCallId)
        .where('call_id', '=', callId)
        .executeTakeFirst();
      return row?.retired === true;
    },

    /**
     * The engine moved the call to the agent of `extension`: the caller's INVITE to that extension is awaited, and the
     * dialogs the call had so far are left (their BYE ends nothing).
     */
    async transferring(callId: string, extension: string): Promise<void> {
      await sql`
        WITH retire AS (UPDATE sip_call_ids SET retired = true WHERE call_id = ${callId})
        INSERT INTO sip_legs (call_id, sip_call_id, transfer_to) VALUES (${callId}, '', ${extension})
        ON CONFLICT (call_id) DO UPDATE SET transfer_to = excluded.transfer_to, dialog_h_entry = NULL,
          dialog_h_id = NULL, dialog_sip_call_id = NULL, updated_at = now()`.execute(db);
    },

    /** The caller's INVITE to a transfer's target arrived: the call waiting for it (taken once), or null. */
    async transferArrived(extension: string, sipCallId: string, cseq: number): Promise<string | null> {
      const { rows } = await sql<{ call_id: string }>`
        WITH moved AS (
          UPDATE sip_legs SET transfer_to = NULL, sip_call_id = ${sipCallId}, cseq = ${cseq}, parked = false,
            updated_at = now()
          WHERE call_id = (
            SELECT call_id FROM sip_legs WHERE transfer_to = ${extension}
            ORDER BY updated_at DESC LIMIT 1 FOR UPDATE SKIP LOCKED
          )
          RETURNING call_id
        ), named AS (
          INSERT INTO sip_call_ids (sip_call_id, call_id) SELECT ${sipCallId}, call_id FROM moved
          ON CONFLICT (sip_call_id) DO UPDATE SET call_id = excluded.call_id, retired = false
        )
        SELECT call_id FROM moved`.execute(db);
      const callId = rows[0]?.call_id;
      return callId == null ? null : String(callId);
    },

    /** The call's line ended: its leg and Call-IDs go; the leg as it was is returned (null: there was none). */
    async forget(callId: string): Promise<SipLeg | null> {
      const { rows } = await sql<LegRow>`
        WITH ids AS (DELETE FROM sip_call_ids WHERE call_id = ${callId})
        DELETE FROM sip_legs WHERE call_id = ${callId} RETURNING *`.execute(db);
      return rows[0] ? legOf(rows[0]) : null;
    },

    /**
     * The live calls with a SIP side, not touched for `quietSeconds`: their caller's INVITE's Call-ID and their
     * answered dialog's (the reconciliation looks for them in Kamailio's dialogs).
     */
    async quiet(quietSeconds: number): Promise<{ callId: string; sipCallIds: string[] }[]> {
      const rows = await db
        .selectFrom('sip_legs as l')
        .innerJoin('calls as c', 'c.id', 'l.call_id')
        .select(['l.call_id', 'l.sip_call_id', 'l.dialog_sip_call_id'])
        .where('c.status', 'in', ['queued', 'offered', 'talking', 'on_hold', 'dialling'])
        .where('l.updated_at', '<', sql<Date>`now() - make_interval(secs => ${quietSeconds})`)
        .execute();
      return rows.map((row) => ({
        callId: String(row.call_id),
        sipCallIds: [row.sip_call_id, row.dialog_sip_call_id].filter((id): id is string => id !== null),
      }));
    },

    /** What outlived its use: legs and Call-IDs of calls no longer live (a lost release), old early cancels. */
    async expire(): Promise<void> {
      await sql`
        WITH gone AS (
          DELETE FROM sip_legs l WHERE NOT EXISTS (
            SELECT 1 FROM calls c WHERE c.id = l.call_id AND c.status NOT IN ('ended', 'abandoned')
          )
        )
        DELETE FROM sip_call_ids i
        WHERE (i.call_id IS NULL AND i.left_at < now() - make_interval(secs => ${LEFT_EARLY_SECONDS}))
          OR (i.call_id IS NOT NULL AND NOT EXISTS (
            SELECT 1 FROM calls c WHERE c.id = i.call_id AND c.status NOT IN ('ended', 'abandoned')
          ))`.execute(db);
    },
  };
}

export type SipLegs = ReturnType<typeof createSipLegs>;
