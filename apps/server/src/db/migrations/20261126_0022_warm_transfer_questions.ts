import { type Kysely, sql } from 'kysely';

/**
 * Warm-transfer questions waiting for their answer (features/telephony/warmTransfer.ts): who asked about a call and,
 * for an invitation, the agent invited with their extension. In the database, not one process's memory, so the
 * accept or the decline may reach another app process than the question. UNLOGGED like the SIP legs; a question
 * expires after two minutes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE UNLOGGED TABLE warm_transfer_questions (
      call_id bigint PRIMARY KEY,
      asker_id integer NOT NULL,
      invited_id integer,
      invited_extension text,
      expires_at timestamptz NOT NULL
    )
  `.execute(db);
}
