import { type Kysely, sql } from 'kysely';

/**
 * Dispositions and products per campaign, edited by the administration (issue 25 item 3).
 *
 * A disposition belongs to one campaign, or (campaign_id null) to every campaign of its type, as the demo's and a
 * centre's older ones do. It has its bucket (the category the dashboards group by), whether choosing it needs a
 * callback time, whether it puts the caller's number on the do-not-call list, and its place in the agent's list.
 * One used by a call is archived rather than deleted, so history keeps its name. Titles are unique among a
 * campaign's live dispositions.
 *
 * A product likewise belongs to one campaign or to all, with its currency and the commission an agent earns per
 * unit sold (null: the centre's commission rule on the sale's amount).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE dispositions
      ADD COLUMN campaign_id integer REFERENCES campaigns(id),
      ADD COLUMN callback_required boolean NOT NULL DEFAULT false,
      ADD COLUMN adds_to_dnc boolean NOT NULL DEFAULT false,
      ADD COLUMN position integer NOT NULL DEFAULT 0,
      ADD COLUMN archived boolean NOT NULL DEFAULT false;
    ALTER TABLE dispositions DROP CONSTRAINT dispositions_campaign_type_title_key;
    CREATE UNIQUE INDEX dispositions_title_key ON dispositions (coalesce(campaign_id, 0), campaign_type, lower(title))
      WHERE NOT archived;
    UPDATE dispositions d SET position = o.n
      FROM (SELECT id, row_number() OVER (PARTITION BY campaign_type ORDER BY title) AS n FROM dispositions) o
      WHERE o.id = d.id;

    ALTER TABLE products
      ADD COLUMN campaign_id integer REFERENCES campaigns(id),
      ADD COLUMN currency text NOT NULL DEFAULT 'CAD' CHECK (currency ~ '^[A-Z]{3}$'),
      ADD COLUMN commission_cents integer CHECK (commission_cents >= 0);
    ALTER TABLE products DROP CONSTRAINT products_name_key;
    CREATE UNIQUE INDEX products_name_key ON products (coalesce(campaign_id, 0), lower(name)) WHERE active;
  `.execute(db);
}
