import { toE164 } from '@shiftline/shared';
import { type Kysely, sql } from 'kysely';

/**
 * Lead lists (issue 25 item 2): an outbound campaign's leads arrive as lists uploaded by the administration. A list
 * can be disabled (its leads leave the cold-calls table and are never dialled) and reset (its leads may be called
 * again); deleting it deletes its leads (the clients and their calls stay). Leads listed before lists existed are
 * put in one list per campaign, so every lead shows its list.
 *
 * A lead keeps the list's custom fields (custom_fields, names in the list's order). `clients.phone_e164` is the
 * number as a network dials it, written by the app with the shared phone rule (SQL cannot run libphonenumber): an
 * import finds a number's existing client by it. `lead_import_rows` holds an import's checked rows between reading
 * the file and the one transaction that lists them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE lead_lists (
      id serial PRIMARY KEY,
      campaign_id integer NOT NULL REFERENCES campaigns(id),
      name text NOT NULL,
      enabled boolean NOT NULL DEFAULT true,
      country text NOT NULL DEFAULT 'US',
      source_file text,
      custom_fields text[] NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      created_by integer REFERENCES users(id) ON DELETE SET NULL,
      reset_at timestamptz
    );
    CREATE UNIQUE INDEX lead_lists_name_key ON lead_lists (campaign_id, lower(name));

    ALTER TABLE cold_calls
      ADD COLUMN list_id integer REFERENCES lead_lists(id) ON DELETE CASCADE,
      ADD COLUMN custom_fields jsonb NOT NULL DEFAULT '{}';
    CREATE INDEX cold_calls_list_idx ON cold_calls (list_id);

    INSERT INTO lead_lists (campaign_id, name, created_at)
      SELECT campaign_id, 'Leads listed before lists', min(created_at) FROM cold_calls GROUP BY campaign_id;
    UPDATE cold_calls cc SET list_id = l.id FROM lead_lists l WHERE l.campaign_id = cc.campaign_id;

    ALTER TABLE clients ADD COLUMN phone_e164 text;
    CREATE INDEX clients_phone_e164_idx ON clients (phone_e164);

    CREATE UNLOGGED TABLE lead_import_rows (
      import_id text NOT NULL,
      line integer NOT NULL,
      phone text NOT NULL,
      first_name text NOT NULL,
      last_name text NOT NULL,
      email text,
      address_line1 text,
      address_line2 text,
      city text,
      state text,
      zip text,
      timezone text NOT NULL,
      custom_fields jsonb NOT NULL,
      client_id integer,
      outcome text,
      staged_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (import_id, line)
    );
  `.execute(db);

  // Existing clients' numbers in E.164, a batch at a time.
  let after = 0;
  for (;;) {
    const { rows } = await sql<{ id: number; phone: string }>`
      SELECT id, phone FROM clients WHERE id > ${after} ORDER BY id LIMIT 10000`.execute(db);
    if (rows.length === 0) break;
    after = (rows[rows.length - 1] as { id: number }).id;
    const ids = rows.map((row) => row.id);
    const numbers = rows.map((row) => toE164(row.phone));
    await sql`
      UPDATE clients c SET phone_e164 = n.phone
      FROM unnest(${ids}::int[], ${numbers}::text[]) AS n(id, phone)
      WHERE c.id = n.id AND n.phone IS NOT NULL`.execute(db);
  }
}
