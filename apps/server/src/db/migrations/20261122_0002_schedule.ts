import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE shifts (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      status text NOT NULL CHECK (status IN ('pending','approved','canceled','free_shift')),
      start_at timestamptz NOT NULL,
      end_at timestamptz NOT NULL CHECK (end_at > start_at),
      notes text,
      reason text,
      created_by integer REFERENCES users(id) ON DELETE SET NULL,
      sent_for_approval_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX shifts_user_time_idx ON shifts (user_id, start_at);
    CREATE INDEX shifts_time_idx ON shifts (start_at, end_at);

    CREATE TABLE shift_breaks (
      id serial PRIMARY KEY,
      shift_id integer NOT NULL REFERENCES shifts(id) ON DELETE CASCADE,
      type text NOT NULL CHECK (type IN ('break','lunch')),
      start_at timestamptz NOT NULL,
      end_at timestamptz NOT NULL CHECK (end_at > start_at)
    );
    CREATE INDEX shift_breaks_shift_idx ON shift_breaks (shift_id);

    CREATE TABLE vacations (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      status text NOT NULL CHECK (status LIKE 'vac%'),
      start_at timestamptz NOT NULL,
      end_at timestamptz NOT NULL CHECK (end_at > start_at),
      reason text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX vacations_user_time_idx ON vacations (user_id, start_at);
  `.execute(db);
}
