import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE agent_groups (
      id serial PRIMARY KEY,
      name text NOT NULL UNIQUE
    );
    CREATE TABLE companies (
      id serial PRIMARY KEY,
      name text NOT NULL UNIQUE,
      callbacks_enabled boolean NOT NULL DEFAULT false
    );
    CREATE TABLE users (
      id serial PRIMARY KEY,
      email text NOT NULL,
      password_hash text NOT NULL,
      first_name text NOT NULL,
      second_name text NOT NULL,
      role text NOT NULL CHECK (role IN ('agent','team_lead','agent_supervisor','campaign_manager',
        'schedule_supervisor','administrator','super_admin','company_supervisor')),
      agent_group_id integer REFERENCES agent_groups(id),
      company_id integer REFERENCES companies(id),
      extension text,
      timezone text NOT NULL,
      pay_rate_cents integer NOT NULL DEFAULT 0 CHECK (pay_rate_cents >= 0),
      agent_call_type text CHECK (agent_call_type IN ('inbound','outbound','email')),
      avatar_url text,
      crm_id text,
      archived boolean NOT NULL DEFAULT false,
      is_system boolean NOT NULL DEFAULT false,
      is_protected boolean NOT NULL DEFAULT false,
      display_from timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (role <> 'company_supervisor' OR company_id IS NOT NULL)
    );
    CREATE UNIQUE INDEX users_email_key ON users (lower(email));
    CREATE UNIQUE INDEX users_extension_key ON users (extension) WHERE extension IS NOT NULL;
    CREATE INDEX users_group_idx ON users (agent_group_id);

    CREATE TABLE campaigns (
      id serial PRIMARY KEY,
      name text NOT NULL,
      unique_name text NOT NULL UNIQUE,
      type text NOT NULL CHECK (type IN ('inbound','outbound')),
      company_id integer REFERENCES companies(id),
      archived boolean NOT NULL DEFAULT false,
      active boolean NOT NULL DEFAULT true,
      start_work_time text CHECK (start_work_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
      end_work_time text CHECK (end_work_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
      billing_rate_cents integer NOT NULL DEFAULT 0
    );
    CREATE INDEX campaigns_company_idx ON campaigns (company_id);

    CREATE TABLE campaign_agents (
      campaign_id integer NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      is_disabled boolean NOT NULL DEFAULT false,
      PRIMARY KEY (campaign_id, user_id)
    );
    CREATE INDEX campaign_agents_user_idx ON campaign_agents (user_id);

    CREATE TABLE campaign_lists (
      id serial PRIMARY KEY,
      name text NOT NULL,
      unique_name text NOT NULL UNIQUE
    );
    CREATE TABLE campaign_list_items (
      list_id integer NOT NULL REFERENCES campaign_lists(id) ON DELETE CASCADE,
      campaign_id integer NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
      PRIMARY KEY (list_id, campaign_id)
    );

    CREATE TABLE sessions (
      id text PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      csrf_token text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      user_agent text,
      ip text
    );
    CREATE INDEX sessions_user_idx ON sessions (user_id);
    CREATE INDEX sessions_expiry_idx ON sessions (expires_at);

    CREATE TABLE audit_log (
      id bigserial PRIMARY KEY,
      actor_id integer REFERENCES users(id) ON DELETE SET NULL,
      action text NOT NULL,
      subject text NOT NULL,
      details jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}
