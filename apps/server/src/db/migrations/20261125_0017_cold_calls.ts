import { type Kysely, sql } from 'kysely';

/**
 * Cold calls (operations spec §2, §3, §7): each outbound campaign's list of leads, a client with the number to dial.
 * `phone_valid` is written by the app with the shared phone rule (libphonenumber), so the table and the browser
 * agree; `timezone` is the client's zone. A lead an agent took (get_cold_call_for_agent) is attached to them, at most
 * one lead per agent and one agent per lead; `definite` says the agent means to call it. The last call's result and
 * whether the client is busy are not stored: they are read from the last call and from the live calls, so they
 * cannot drift from the calls themselves.
 *
 * Calls gain the outbound 'dialling' state (an agent's call ringing the client), which holds the agent like the
 * other live states do.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE calls DROP CONSTRAINT calls_status_check;
    ALTER TABLE calls ADD CONSTRAINT calls_status_check
      CHECK (status IN ('queued','offered','dialling','talking','on_hold','after_call','ended','abandoned'));

    DROP INDEX calls_one_live_per_agent_idx;
    CREATE UNIQUE INDEX calls_one_live_per_agent_idx ON calls (agent_id)
      WHERE status IN ('offered','dialling','talking','on_hold','after_call');
    -- Is this client on a call now (the simultaneous-call check, the table's busy flag)?
    CREATE INDEX calls_live_client_idx ON calls (client_id)
      WHERE status IN ('offered','dialling','talking','on_hold');

    CREATE TABLE cold_calls (
      id serial PRIMARY KEY,
      campaign_id integer NOT NULL REFERENCES campaigns(id),
      client_id integer NOT NULL REFERENCES clients(id),
      phone text NOT NULL,
      phone_valid boolean NOT NULL,
      timezone text NOT NULL,
      attached_agent_id integer REFERENCES users(id) ON DELETE SET NULL,
      attached_at timestamptz,
      definite boolean NOT NULL DEFAULT false,
      last_called_at timestamptz,
      -- No foreign key: history is replaced wholesale (TRUNCATE calls) by the demo tools and tests; a call gone
      -- leaves the lead without a last result, which is what the table shows.
      last_call_id bigint,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (campaign_id, client_id),
      CHECK ((attached_agent_id IS NULL) = (attached_at IS NULL))
    );
    CREATE UNIQUE INDEX cold_calls_one_lead_per_agent_idx ON cold_calls (attached_agent_id)
      WHERE attached_agent_id IS NOT NULL;
    CREATE INDEX cold_calls_campaign_idx ON cold_calls (campaign_id, id);
    CREATE INDEX cold_calls_client_idx ON cold_calls (client_id);
    CREATE INDEX cold_calls_last_call_idx ON cold_calls (last_call_id) WHERE last_call_id IS NOT NULL;
  `.execute(db);
}
