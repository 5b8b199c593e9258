import { type Kysely, sql } from 'kysely';

/**
 * Recurring planners: one per user, its rules as scheduler text (packages/shared/src/planner/rule.ts). The
 * shifts it generated point back to it; shifts outlive their planner (planner_id then becomes null).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE planners (
      id serial PRIMARY KEY,
      user_id integer NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
      start_planner date NOT NULL,
      end_planner date CHECK (end_planner IS NULL OR end_planner >= start_planner),
      zone text NOT NULL,
      scheduler text[] NOT NULL CHECK (cardinality(scheduler) BETWEEN 1 AND 20),
      shift_status text NOT NULL CHECK (shift_status IN ('pending','approved')),
      expanded_until timestamptz NOT NULL,
      created_by integer REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX planners_expanded_until_idx ON planners (expanded_until);

    ALTER TABLE shifts ADD COLUMN planner_id integer REFERENCES planners(id) ON DELETE SET NULL;
    CREATE INDEX shifts_planner_idx ON shifts (planner_id) WHERE planner_id IS NOT NULL;
  `.execute(db);
}
