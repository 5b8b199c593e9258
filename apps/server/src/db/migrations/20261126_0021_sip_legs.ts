import { type Kysely, sql } from 'kysely';

/**
 * What the SIP adapter knows of the engine's calls, shared by every app process behind one Kamailio (a BYE, a park or
 * a transfer may reach another process than the one that answered the INVITE):
 * - `sip_legs`, one per call: the caller's current INVITE (Call-ID, CSeq), whether it waits parked in Kamailio and
 *   for which offer, the answered dialog's handles, and the target extension of a transfer waiting for its INVITE;
 * - `sip_call_ids`, one per SIP Call-ID: the call it belongs to, whether the call has left that dialog (a transfer:
 *   its BYE ends nothing), or that its caller cancelled before the app had named their call.
 * UNLOGGED: the rows live as long as a call's line; a PostgreSQL crash empties them, as a restart of the app ends
 * every live call anyway.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE UNLOGGED TABLE sip_legs (
      call_id bigint PRIMARY KEY,
      sip_call_id text NOT NULL,
      cseq integer,
      parked boolean NOT NULL DEFAULT false,
      offer text NOT NULL DEFAULT '',
      dialog_h_entry integer,
      dialog_h_id integer,
      dialog_sip_call_id text,
      transfer_to text,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX sip_legs_transfer_idx ON sip_legs (transfer_to) WHERE transfer_to IS NOT NULL;
    CREATE UNLOGGED TABLE sip_call_ids (
      sip_call_id text PRIMARY KEY,
      call_id bigint,
      retired boolean NOT NULL DEFAULT false,
      left_at timestamptz
    );
    CREATE INDEX sip_call_ids_call_idx ON sip_call_ids (call_id) WHERE call_id IS NOT NULL;
  `.execute(db);
}
