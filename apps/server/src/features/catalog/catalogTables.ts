import { DISPOSITION_BUCKETS } from '@shiftline/shared';
import { sql } from 'kysely';
import { adminTable, postAction, searchFilter, showFilter } from '../admin/index.js';
import type { TableContext, TableFilterDefinition } from '../tables/index.js';

const campaignLabel = (type: ReturnType<typeof sql>) =>
  sql<string>`coalesce(c.name, 'Every ' || ${type} || ' campaign')`;

const bucketLabel = sql<string>`CASE d.bucket ${sql.join(
  DISPOSITION_BUCKETS.map((bucket) => sql`WHEN ${bucket.id} THEN ${bucket.label}`),
  sql` `,
)} END`;

const campaignItems = async ({ db }: TableContext) =>
  (await db.selectFrom('campaigns').select(['id', 'name']).where('archived', '=', false).orderBy('name').execute()).map(
    (row) => ({ value: row.id, text: row.name }),
  );

/**
 * One campaign's list as its agents see it: its own rows and the centre-wide ones (of its type, for dispositions).
 * `alias` is the table's alias; `typed` when rows carry a campaign_type.
 */
const offeredOnCampaign = (alias: 'd' | 'p', typed: boolean): TableFilterDefinition => ({
  name: 'campaign',
  text: 'Offered on campaign',
  type: 'select',
  items: campaignItems,
  apply: (query, value) => {
    const id = Number(value);
    const centreWide = typed
      ? sql`${sql.ref(`${alias}.campaign_id`)} IS NULL AND ${sql.ref(`${alias}.campaign_type`)} =
          (SELECT type FROM campaigns WHERE id = ${id})`
      : sql`${sql.ref(`${alias}.campaign_id`)} IS NULL`;
    return query.where(sql<boolean>`(${sql.ref(`${alias}.campaign_id`)} = ${id} OR (${centreWide}))`);
  },
});

/** The administration's dispositions: grouped by campaign, in the order agents see them. */
export const dispositionsTable = adminTable('dispositions', {
  title: 'Dispositions',
  tieBreak: sql`d.id`,
  defaultSort: { column: 'campaign_name', desc: false },
  columns: [
    {
      text: 'Campaign',
      value: 'campaign_name',
      sort: sql`coalesce(c.name, '') || d.campaign_type || lpad(d.position::text, 6, '0')`,
    },
    { text: 'Order', value: 'position' },
    { text: 'Title', value: 'name', fixed: true, sort: sql`lower(d.title)` },
    { text: 'Category', value: 'category' },
    { text: 'Callback time', value: 'callback', as_atom: true },
    { text: 'Do-not-call', value: 'dnc', as_atom: true },
    { text: 'Status', value: 'status', as_atom: true },
    {
      text: 'Actions',
      value: 'actions',
      actions: [
        postAction('dispositions', 'move_up', 'Up', 'arrow_upward', 'Move this disposition up?', 'listed'),
        postAction('dispositions', 'move_down', 'Down', 'arrow_downward', 'Move this disposition down?', 'listed'),
        postAction(
          'dispositions',
          'delete',
          'Delete',
          'delete',
          'Delete this disposition? If calls used it, it is archived: kept on those calls, no longer offered.',
          'listed',
        ),
      ],
    },
  ],
  filters: [showFilter(sql`d.archived`), offeredOnCampaign('d', true), searchFilter('Title', [sql`d.title`])],
  rows: ({ db }) =>
    db
      .selectFrom('dispositions as d')
      .leftJoin('campaigns as c', 'c.id', 'd.campaign_id')
      .select([
        'd.id',
        'd.title as name',
        'd.position',
        campaignLabel(sql`d.campaign_type`).as('campaign_name'),
        bucketLabel.as('category'),
        sql<string>`CASE WHEN d.callback_required THEN 'required' ELSE 'no' END`.as('callback'),
        sql<string>`CASE WHEN d.adds_to_dnc THEN 'adds' ELSE 'no' END`.as('dnc'),
        sql<string>`CASE WHEN d.archived THEN 'archived' ELSE 'offered' END`.as('status'),
        sql<boolean>`NOT d.archived`.as('listed'),
      ]),
});

/** The administration's products: price, currency, commission and the campaign that sells them. */
export const productsTable = adminTable('products', {
  title: 'Products',
  tieBreak: sql`p.id`,
  columns: [
    { text: 'Name', value: 'name', fixed: true, sort: sql`lower(p.name)` },
    { text: 'Campaign', value: 'campaign_name', sort: sql`c.name` },
    { text: 'Price', value: 'price_cents', formatMoney: true, sort: sql`p.price_cents` },
    { text: 'Currency', value: 'currency' },
    { text: 'Commission per unit', value: 'commission' },
    { text: 'Status', value: 'status', as_atom: true },
    {
      text: 'Actions',
      value: 'actions',
      actions: [
        postAction(
          'products',
          'delete',
          'Delete',
          'delete',
          'Delete this product? If sales used it, it is archived: kept on those sales, no longer sold.',
          'active',
        ),
      ],
    },
  ],
  filters: [showFilter(sql`NOT p.active`), offeredOnCampaign('p', false), searchFilter('Name', [sql`p.name`])],
  rows: ({ db }) =>
    db
      .selectFrom('products as p')
      .leftJoin('campaigns as c', 'c.id', 'p.campaign_id')
      .select([
        'p.id',
        'p.name',
        sql<string>`coalesce(c.name, 'Every campaign')`.as('campaign_name'),
        'p.price_cents',
        'p.currency',
        sql<string>`CASE WHEN p.commission_cents IS NULL THEN 'centre rule'
          ELSE to_char(p.commission_cents / 100.0, 'FM999999990.00') || ' ' || p.currency END`.as('commission'),
        sql<string>`CASE WHEN p.active THEN 'on sale' ELSE 'archived' END`.as('status'),
        'p.active',
      ]),
});

/** The administration's stats sources: the numbers that carry each, and whether calls count under it. */
export const statsSourcesTable = adminTable('stats_sources', {
  title: 'Stats sources',
  tieBreak: sql`s.id`,
  columns: [
    { text: 'Name', value: 'name', fixed: true, sort: sql`s.name` },
    { text: 'Numbers', value: 'numbers' },
    { text: 'Calls', value: 'calls', as_atom: true },
    {
      text: 'Actions',
      value: 'actions',
      actions: [
        postAction(
          'stats_sources',
          'delete',
          'Delete',
          'delete',
          'Delete this stats source? Its numbers then carry none.',
          'unused',
        ),
      ],
    },
  ],
  filters: [searchFilter('Name', [sql`s.name`])],
  rows: ({ db }) =>
    db
      .selectFrom('stats_sources as s')
      .select([
        's.id',
        's.name',
        (eb) =>
          eb
            .selectFrom('campaign_numbers as n')
            .whereRef('n.stats_source_id', '=', 's.id')
            .select(sql<string>`string_agg(n.phone, ', ' ORDER BY n.phone)`.as('phones'))
            .as('numbers'),
        sql<string>`CASE WHEN EXISTS (SELECT 1 FROM calls c WHERE c.stats_source_id = s.id) THEN 'used' ELSE 'unused' END`.as(
          'calls',
        ),
        sql<boolean>`NOT EXISTS (SELECT 1 FROM calls c WHERE c.stats_source_id = s.id)`.as('unused'),
      ]),
});
