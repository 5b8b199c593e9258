import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE free_shifts (
      id serial PRIMARY KEY,
      start_at timestamptz NOT NULL,
      end_at timestamptz NOT NULL CHECK (end_at > start_at),
      count_agents integer NOT NULL CHECK (count_agents > 0),
      accepted integer NOT NULL DEFAULT 0 CHECK (accepted >= 0 AND accepted <= count_agents),
      campaigns integer[] NOT NULL,
      breaks jsonb NOT NULL DEFAULT '[]',
      created_by integer REFERENCES users(id) ON DELETE SET NULL,
      source_shift_id integer,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX free_shifts_time_idx ON free_shifts (start_at);

    ALTER TABLE shifts ADD COLUMN free_shift_id integer REFERENCES free_shifts(id) ON DELETE SET NULL;
    CREATE UNIQUE INDEX shifts_one_per_free_shift_user ON shifts (free_shift_id, user_id) WHERE free_shift_id IS NOT NULL;

    CREATE TABLE notifications (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      type text NOT NULL,
      status smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1)),
      title text NOT NULL,
      message text NOT NULL,
      free_shift_id integer REFERENCES free_shifts(id) ON DELETE CASCADE,
      link text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX notifications_user_idx ON notifications (user_id, created_at DESC);
  `.execute(db);
}
