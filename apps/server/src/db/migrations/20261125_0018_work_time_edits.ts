import { type Kysely, sql } from 'kysely';

/*
 * Work-time edits (issue 16 parts 4 and 5).
 *
 * `agent_time_adjustments`: signed corrections of an agent's time in one state, made in the performance breakdown
 * form. The state log keeps what the phone system recorded; the productivity rollups add these on top (src/rollups
 * upkeep: `addStateDeltasToRollups`, and the rebuild), so the breakdown and the productivity page show the edited
 * time. Each row counts, uncapped, in the hour bucket of `at`.
 *
 * `users.disabled`: an agent an administrator disabled (the agents table) cannot sign in until enabled again.
 *
 * The login report finds sessions through the logged-out rows (a few per agent a day among hundreds of states): by
 * when they ended (a session's start) and, per agent, by when they started (a session's end).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE agent_time_adjustments (
      id bigserial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id),
      campaign_id integer REFERENCES campaigns(id),
      state text NOT NULL,
      at timestamptz NOT NULL,
      seconds integer NOT NULL,
      created_by integer REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX agent_time_adjustments_user_idx ON agent_time_adjustments (user_id, at);
    ALTER TABLE users ADD COLUMN disabled boolean NOT NULL DEFAULT false;
    CREATE INDEX agent_state_log_logout_end_idx ON agent_state_log (end_at) WHERE state IN ('logged_out', 'logout');
    CREATE INDEX agent_state_log_logout_user_idx ON agent_state_log (user_id, start_at)
      WHERE state IN ('logged_out', 'logout');
  `.execute(db);
}
