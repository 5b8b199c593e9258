import { type Kysely, sql } from 'kysely';

/**
 * The live half of calls: a call's state while it is live, the numbers that lead to campaigns, products and sale
 * lines, and the indexes the router reads.
 *
 * `calls.status` is null on history rows (written before calls were live objects: ended, or abandoned when the flag
 * says so), so adding it rewrites nothing. A live call holds one of the live states until it is closed or abandoned;
 * `ended_at` stays null until then, so rollups (which count calls with an `ended_at`) take a call exactly once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE calls
      ADD COLUMN status text CHECK (status IN ('queued','offered','talking','on_hold','after_call','ended','abandoned')),
      ADD COLUMN offered_at timestamptz,
      ADD COLUMN hung_up_at timestamptz,
      ADD COLUMN hold_started_at timestamptz,
      ADD COLUMN voice_mail boolean NOT NULL DEFAULT false,
      ADD COLUMN callback_at timestamptz,
      ADD COLUMN callback_user_id integer REFERENCES users(id) ON DELETE SET NULL,
      ADD COLUMN end_reason text;

    -- The router's queue: live calls per campaign, oldest first.
    CREATE INDEX calls_live_idx ON calls (campaign_id, queued_at)
      WHERE status IN ('queued','offered','talking','on_hold','after_call');
    -- One live call per agent: two calls never go to one agent, whatever the concurrency.
    CREATE UNIQUE INDEX calls_one_live_per_agent_idx ON calls (agent_id)
      WHERE status IN ('offered','talking','on_hold','after_call');

    -- The router's ready agents: open states by state, longest idle first.
    CREATE INDEX agent_state_log_open_state_idx ON agent_state_log (state, start_at) WHERE end_at IS NULL;

    CREATE TABLE campaign_numbers (
      phone text PRIMARY KEY,
      campaign_id integer NOT NULL REFERENCES campaigns(id)
    );

    CREATE TABLE products (
      id serial PRIMARY KEY,
      name text NOT NULL UNIQUE,
      price_cents integer NOT NULL CHECK (price_cents >= 0),
      active boolean NOT NULL DEFAULT true
    );

    CREATE TABLE sale_lines (
      id bigserial PRIMARY KEY,
      call_id bigint NOT NULL REFERENCES calls(id) ON DELETE CASCADE,
      product_id integer NOT NULL REFERENCES products(id),
      quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 1000),
      amount_cents integer NOT NULL CHECK (amount_cents >= 0),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX sale_lines_call_idx ON sale_lines (call_id);
  `.execute(db);
}
