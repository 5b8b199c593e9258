import { type Kysely, sql } from 'kysely';

/**
 * Call history, agent state log, sales leads and agent payments, and the rollups the dashboards read.
 *
 * Rollups are hourly and kept in two alignments: `alignment = 0` buckets start on the UTC hour, `alignment = 30`
 * on the half hour. Every supported zone's local hour starts on one of the two (St. John's on the half hour), so
 * local days and hours sum whole buckets exactly, on clock-change days too. Ids of 0 mean "none" in rollup keys
 * (a primary key cannot hold NULL).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE stats_sources (
      id serial PRIMARY KEY,
      name text NOT NULL UNIQUE
    );
    CREATE TABLE dispositions (
      id serial PRIMARY KEY,
      title text NOT NULL,
      campaign_type text NOT NULL CHECK (campaign_type IN ('inbound','outbound')),
      bucket text NOT NULL CHECK (bucket IN ('resolved','sale','callback','escalated','not_interested','no_contact','other')),
      UNIQUE (campaign_type, title)
    );
    CREATE TABLE clients (
      id serial PRIMARY KEY,
      phone text NOT NULL,
      first_name text NOT NULL DEFAULT '',
      last_name text NOT NULL DEFAULT '',
      email text,
      address_line1 text,
      address_line2 text,
      city text,
      state text,
      zip text,
      country text NOT NULL DEFAULT 'CA',
      blocked boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX clients_phone_idx ON clients (phone);

    CREATE TABLE calls (
      id bigserial PRIMARY KEY,
      campaign_id integer NOT NULL REFERENCES campaigns(id),
      direction text NOT NULL CHECK (direction IN ('inbound','outbound')),
      client_id integer REFERENCES clients(id),
      agent_id integer REFERENCES users(id),
      did text,
      stats_source_id integer REFERENCES stats_sources(id),
      queued_at timestamptz NOT NULL,
      answered_at timestamptz,
      ended_at timestamptz,
      queue_seconds integer NOT NULL DEFAULT 0 CHECK (queue_seconds >= 0),
      talk_seconds integer NOT NULL DEFAULT 0 CHECK (talk_seconds >= 0),
      hold_seconds integer NOT NULL DEFAULT 0 CHECK (hold_seconds >= 0),
      billed_seconds integer NOT NULL DEFAULT 0 CHECK (billed_seconds >= 0),
      billed boolean NOT NULL DEFAULT false,
      missed boolean NOT NULL DEFAULT false,
      abandoned boolean NOT NULL DEFAULT false,
      agent_disconnected boolean NOT NULL DEFAULT false,
      disposition_id integer REFERENCES dispositions(id),
      callback_requested boolean NOT NULL DEFAULT false,
      cold_call boolean NOT NULL DEFAULT false,
      transfer_type text,
      notes text,
      CHECK (answered_at IS NULL OR answered_at >= queued_at),
      CHECK (ended_at IS NULL OR ended_at >= queued_at)
    );
    CREATE INDEX calls_queued_idx ON calls (queued_at);
    CREATE INDEX calls_campaign_queued_idx ON calls (campaign_id, queued_at);
    CREATE INDEX calls_agent_queued_idx ON calls (agent_id, queued_at) WHERE agent_id IS NOT NULL;

    CREATE TABLE sales_leads (
      id bigserial PRIMARY KEY,
      call_id bigint NOT NULL UNIQUE REFERENCES calls(id) ON DELETE CASCADE,
      campaign_id integer NOT NULL REFERENCES campaigns(id),
      agent_id integer REFERENCES users(id),
      created_at timestamptz NOT NULL,
      valid boolean NOT NULL,
      sold boolean NOT NULL DEFAULT false,
      amount_cents integer NOT NULL DEFAULT 0 CHECK (amount_cents >= 0),
      commission_cents integer NOT NULL DEFAULT 0 CHECK (commission_cents >= 0),
      CHECK (valid OR NOT sold)
    );
    CREATE INDEX sales_leads_agent_idx ON sales_leads (agent_id, created_at);

    CREATE TABLE agent_state_log (
      id bigserial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id),
      state text NOT NULL,
      start_at timestamptz NOT NULL,
      end_at timestamptz,
      campaign_id integer REFERENCES campaigns(id),
      call_id bigint REFERENCES calls(id) ON DELETE SET NULL,
      CHECK (end_at IS NULL OR end_at >= start_at)
    );
    CREATE INDEX agent_state_log_user_idx ON agent_state_log (user_id, start_at);
    CREATE INDEX agent_state_log_start_idx ON agent_state_log (start_at);
    -- At most one open state per agent.
    CREATE UNIQUE INDEX agent_state_log_open_idx ON agent_state_log (user_id) WHERE end_at IS NULL;

    CREATE TABLE agent_payments (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id),
      period_start date NOT NULL,
      period_end date NOT NULL CHECK (period_end >= period_start),
      paid_at timestamptz NOT NULL,
      hourly_cents integer NOT NULL DEFAULT 0 CHECK (hourly_cents >= 0),
      statutory_cents integer NOT NULL DEFAULT 0 CHECK (statutory_cents >= 0),
      commission_cents integer NOT NULL DEFAULT 0 CHECK (commission_cents >= 0),
      created_by integer REFERENCES users(id) ON DELETE SET NULL
    );
    CREATE INDEX agent_payments_user_idx ON agent_payments (user_id, period_start);

    CREATE TABLE call_rollups (
      alignment smallint NOT NULL CHECK (alignment IN (0, 30)),
      bucket_start timestamptz NOT NULL,
      campaign_id integer NOT NULL,
      stats_source_id integer NOT NULL,
      all_calls integer NOT NULL,
      taken_calls integer NOT NULL,
      billed_calls integer NOT NULL,
      missed_calls integer NOT NULL,
      abandoned_calls integer NOT NULL,
      unanswered_calls integer NOT NULL,
      callbacks_requested integer NOT NULL,
      callbacks_requested_as_bill integer NOT NULL,
      connected_calls integer NOT NULL,
      agent_disconnected_calls integer NOT NULL,
      queue_seconds bigint NOT NULL,
      billed_queue_seconds bigint NOT NULL,
      talk_seconds bigint NOT NULL,
      billed_seconds bigint NOT NULL,
      billed_cents bigint NOT NULL,
      queue_lt1 integer NOT NULL,
      queue_lt2 integer NOT NULL,
      queue_lt4 integer NOT NULL,
      queue_gt4 integer NOT NULL,
      duration_lt4 integer NOT NULL,
      duration_lt6 integer NOT NULL,
      duration_lt8 integer NOT NULL,
      duration_gt8 integer NOT NULL,
      disposition_resolved integer NOT NULL,
      disposition_sale integer NOT NULL,
      disposition_callback integer NOT NULL,
      disposition_escalated integer NOT NULL,
      disposition_not_interested integer NOT NULL,
      disposition_no_contact integer NOT NULL,
      disposition_other integer NOT NULL,
      leads integer NOT NULL,
      valid_leads integer NOT NULL,
      sales integer NOT NULL,
      PRIMARY KEY (alignment, bucket_start, campaign_id, stats_source_id)
    );
    -- The same sums per campaign only: what most reads need, with a sixth of the rows or fewer.
    CREATE TABLE campaign_call_rollups (LIKE call_rollups);
    ALTER TABLE campaign_call_rollups DROP COLUMN stats_source_id;
    ALTER TABLE campaign_call_rollups ADD PRIMARY KEY (alignment, bucket_start, campaign_id);
    -- The same sums per agent, for the agent filter and the agent records.
    CREATE TABLE agent_call_rollups (LIKE call_rollups);
    ALTER TABLE agent_call_rollups ADD COLUMN agent_id integer NOT NULL;
    ALTER TABLE agent_call_rollups ADD PRIMARY KEY (alignment, bucket_start, agent_id, campaign_id, stats_source_id);
    CREATE INDEX agent_call_rollups_agent_idx ON agent_call_rollups (agent_id, alignment, bucket_start);

    -- Productivity: each state record's time, capped at 3,600 s, in the bucket where the record starts.
    CREATE TABLE agent_state_rollups (
      alignment smallint NOT NULL CHECK (alignment IN (0, 30)),
      bucket_start timestamptz NOT NULL,
      user_id integer NOT NULL,
      campaign_id integer NOT NULL,
      state text NOT NULL,
      seconds bigint NOT NULL,
      records integer NOT NULL,
      PRIMARY KEY (alignment, bucket_start, user_id, campaign_id, state)
    );
    CREATE INDEX agent_state_rollups_user_idx ON agent_state_rollups (user_id, alignment, bucket_start);
  `.execute(db);
}
