import { type Kysely, sql } from 'kysely';

/**
 * Whether each agent's phone is registered at the SIP server (Kamailio reports every register, unregister, closed
 * WebSocket and expiry), so every app process routes by the same truth. `dropped_from` is the status an agent had
 * when their phone dropped (Ready or Outbound, now Technical issues): the status they get back when it registers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sip_phones (
      user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      registered boolean NOT NULL,
      dropped_from text,
      changed_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}
