import { type Kysely, sql } from 'kysely';

/**
 * Carrier trunks and desk phones (issue 24 items 3 and 7).
 *
 * A trunk is a carrier's connection: the addresses it sends calls from (only these may call the centre's numbers),
 * the numbers it delivers (campaign_numbers.trunk_id: a number with no trunk takes no calls), and for outbound calls
 * its address, digest credentials (the password encrypted by the app, never shown) and the caller ID each campaign
 * presents through it (trunk_campaigns: at most one outbound trunk per campaign).
 *
 * A centre that had numbers before trunks keeps taking their calls: they go to a trunk allowing every address, named
 * so, for the administrator to narrow to the carrier's addresses.
 *
 * A desk phone is an agent's SIP device: a generated username and the HA1 of its password (md5 of
 * username:realm:password, the SIP domain as realm), never the password itself.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE trunks (
      id serial PRIMARY KEY,
      name text NOT NULL,
      source_addresses inet[] NOT NULL DEFAULT '{}',
      outbound_address text,
      auth_username text,
      auth_password_sealed text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX trunks_name_key ON trunks (lower(name));

    ALTER TABLE campaign_numbers ADD COLUMN trunk_id integer REFERENCES trunks(id) ON DELETE SET NULL;
    CREATE INDEX campaign_numbers_trunk_idx ON campaign_numbers (trunk_id);
    WITH legacy AS (
      INSERT INTO trunks (name, source_addresses)
      SELECT 'Numbers from before trunks (any address)', '{0.0.0.0/0,::/0}'
      WHERE EXISTS (SELECT 1 FROM campaign_numbers)
      RETURNING id
    )
    UPDATE campaign_numbers SET trunk_id = (SELECT id FROM legacy) WHERE EXISTS (SELECT 1 FROM legacy);

    CREATE TABLE trunk_campaigns (
      campaign_id integer PRIMARY KEY REFERENCES campaigns(id),
      trunk_id integer NOT NULL REFERENCES trunks(id) ON DELETE CASCADE,
      caller_id text NOT NULL
    );
    CREATE INDEX trunk_campaigns_trunk_idx ON trunk_campaigns (trunk_id);

    CREATE TABLE desk_phones (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id),
      name text NOT NULL,
      username text NOT NULL UNIQUE,
      ha1 text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      created_by integer REFERENCES users(id),
      last_registered_at timestamptz,
      -- The Contact of its last registration: revoking drops that one binding from Kamailio's location table.
      last_contact text
    );
    CREATE INDEX desk_phones_user_idx ON desk_phones (user_id);
  `.execute(db);
}
