import { type Kysely, sql } from 'kysely';

/*
 * Administration (issue 16 part 6): a password an administrator set must be changed at the next sign-in; the lists
 * sort on indexed columns (users by name and role, campaigns and campaign lists by name).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE users ADD COLUMN must_change_password boolean NOT NULL DEFAULT false;
    CREATE INDEX users_name_idx ON users (lower(first_name || ' ' || second_name), id);
    CREATE INDEX users_role_idx ON users (role, id);
    CREATE INDEX campaigns_name_idx ON campaigns (lower(name), id);
    CREATE INDEX campaign_lists_name_idx ON campaign_lists (lower(name), id);
  `.execute(db);
}
