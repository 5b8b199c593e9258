import { type Kysely, sql } from 'kysely';

/**
 * The call data's height and weight (operations spec §3 Call data; issue 26 item 5): what the agent records of the
 * client, as written ("5 ft 10", "72 kg"), on the client.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE clients
      ADD COLUMN height text CHECK (char_length(height) <= 40),
      ADD COLUMN weight text CHECK (char_length(weight) <= 40)
  `.execute(db);
}
