import type { CampaignType, DispositionBucket } from '@shiftline/shared';
import { type Kysely, sql } from 'kysely';
import type { DatabaseHandle } from '../../database.js';
import type { Database } from '../../schema.js';
import type { Random } from '../random.js';
import { CopyBuffer } from './copyText.js';

/** Where inbound callers heard of the number, with how often each is picked. */
const STATS_SOURCES = [
  { name: 'Google Ads', weight: 30 },
  { name: 'Website', weight: 28 },
  { name: 'Referral', weight: 18 },
  { name: 'Radio', weight: 12 },
  { name: 'Direct Mail', weight: 12 },
] as const;

export const DISPOSITIONS = {
  resolved: { title: 'Issue Resolved', type: 'inbound', bucket: 'resolved' },
  escalated: { title: 'Escalated to Tier 2', type: 'inbound', bucket: 'escalated' },
  callbackScheduled: { title: 'Callback Scheduled', type: 'inbound', bucket: 'callback' },
  informationOnly: { title: 'Information Only', type: 'inbound', bucket: 'other' },
  saleClosed: { title: 'Sale Closed', type: 'outbound', bucket: 'sale' },
  notInterested: { title: 'Not Interested', type: 'outbound', bucket: 'not_interested' },
  noAnswer: { title: 'No Answer', type: 'outbound', bucket: 'no_contact' },
  voicemailLeft: { title: 'Voicemail Left', type: 'outbound', bucket: 'no_contact' },
  callBackLater: { title: 'Call Back Later', type: 'outbound', bucket: 'callback' },
  doNotCall: { title: 'Do Not Call', type: 'outbound', bucket: 'other' },
} as const satisfies Record<string, { title: string; type: CampaignType; bucket: DispositionBucket }>;
export type DispositionKey = keyof typeof DISPOSITIONS;

/** The demo's centre-wide dispositions (every campaign of their type), those not there yet, in the list's order. */
export async function insertDemoDispositions(db: Kysely<Database>): Promise<void> {
  const existing = await db
    .selectFrom('dispositions')
    .select(['title', 'campaign_type'])
    .where('campaign_id', 'is', null)
    .where('archived', '=', false)
    .execute();
  const missing = Object.values(DISPOSITIONS).filter(
    ({ title, type }) => !existing.some((row) => row.title === title && row.campaign_type === type),
  );
  if (missing.length === 0) return;
  await db
    .insertInto('dispositions')
    .values(
      missing.map(({ title, type, bucket }, index) => ({
        title,
        campaign_type: type,
        bucket,
        position: index + 1,
      })),
    )
    .execute();
}

const CLIENT_FIRST_NAMES = ['Mary', 'John', 'Linda', 'Robert', 'Susan', 'Michael', 'Karen', 'David', 'Nancy', 'Paul'];
const CLIENT_MORE_FIRST = ['Helen', 'Mark', 'Sandra', 'Steven', 'Donna', 'Kevin', 'Carol', 'Brian', 'Ruth', 'Gary'];
const CLIENT_LAST_NAMES = [
  'Lavoie',
  'Fortin',
  'Gauthier',
  'Clark',
  'Lewis',
  'Walker',
  'Hall',
  'Young',
  'King',
  'Scott',
];
const CLIENT_MORE_LAST = ['Green', 'Baker', 'Adams', 'Nelson', 'Hill', 'Ross', 'Stewart', 'Murray', 'Reid', 'Hughes'];
const FIRST_NAMES = [...CLIENT_FIRST_NAMES, ...CLIENT_MORE_FIRST];
const LAST_NAMES = [...CLIENT_LAST_NAMES, ...CLIENT_MORE_LAST];
const STREETS = [
  'Main St',
  'King St W',
  'Queen St E',
  'Elm Ave',
  'Maple Dr',
  'Water St',
  'Portage Ave',
  'Rue Ste-Catherine',
];
/** Area code, city, province and the first letters of its postal codes. */
const PLACES = [
  ['416', 'Toronto', 'ON', 'M5V'],
  ['647', 'Toronto', 'ON', 'M4C'],
  ['905', 'Mississauga', 'ON', 'L5B'],
  ['613', 'Ottawa', 'ON', 'K1P'],
  ['514', 'Montréal', 'QC', 'H2X'],
  ['604', 'Vancouver', 'BC', 'V6B'],
  ['403', 'Calgary', 'AB', 'T2P'],
  ['780', 'Edmonton', 'AB', 'T5J'],
  ['204', 'Winnipeg', 'MB', 'R3C'],
  ['306', 'Regina', 'SK', 'S4P'],
  ['902', 'Halifax', 'NS', 'B3H'],
  ['709', "St. John's", 'NL', 'A1C'],
] as const;

export type Catalog = {
  /** Stats source ids, repeated by weight: a uniform pick follows the weights. */
  statsSourcePicks: number[];
  dispositionIds: Record<DispositionKey, number>;
  firstClientId: number;
  clientCount: number;
};

/** Stats sources and dispositions (kept when they exist already), then a pool of clients that calls come from. */
export async function createCatalog(database: DatabaseHandle, random: Random, clientCount: number): Promise<Catalog> {
  const { db } = database;
  await db
    .insertInto('stats_sources')
    .values(STATS_SOURCES.map(({ name }) => ({ name })))
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const sources = await db.selectFrom('stats_sources').select(['id', 'name']).execute();
  const sourceId = new Map(sources.map((row) => [row.name, row.id]));
  const statsSourcePicks = STATS_SOURCES.flatMap(({ name, weight }) =>
    Array.from({ length: weight }, () => sourceId.get(name) as number),
  );

  await insertDemoDispositions(db);
  const rows = await db.selectFrom('dispositions').select(['id', 'title', 'campaign_type']).execute();
  const dispositionIds = Object.fromEntries(
    Object.entries(DISPOSITIONS).map(([key, { title, type }]) => {
      const row = rows.find((candidate) => candidate.title === title && candidate.campaign_type === type);
      return [key, row?.id as number];
    }),
  ) as Record<DispositionKey, number>;

  const firstClientId = await loadClients(database, random, clientCount);
  return { statsSourcePicks, dispositionIds, firstClientId, clientCount };
}

/** Clients get explicit ids after the current last one (the sequence is moved past them), so calls can name them. */
async function loadClients(database: DatabaseHandle, random: Random, count: number): Promise<number> {
  const last = await sql<{ id: number | null }>`SELECT max(id) AS id FROM clients`.execute(database.db);
  const firstId = (last.rows[0]?.id ?? 0) + 1;
  const buffer = new CopyBuffer('clients', [
    'id',
    'phone',
    'first_name',
    'last_name',
    'email',
    'address_line1',
    'city',
    'state',
    'zip',
    'country',
  ]);
  for (let index = 0; index < count; index += 1) {
    const [areaCode, city, province, postalPrefix] = random.pick(PLACES);
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    const phone = `+1${areaCode}${random.int(200, 999)}${String(random.int(0, 9999)).padStart(4, '0')}`;
    const email = random.chance(0.4) ? `${first}.${last}${random.int(1, 99)}@example.com`.toLowerCase() : null;
    const street = `${random.int(1, 2400)} ${random.pick(STREETS)}`;
    const postal = `${postalPrefix} ${random.int(1, 9)}${String.fromCharCode(65 + random.int(0, 25))}${random.int(1, 9)}`;
    buffer.add([firstId + index, phone, first, last, email, street, city, province, postal, 'CA']);
    if (buffer.pending >= 50_000) await buffer.flush(database);
  }
  await buffer.flush(database);
  await sql`SELECT setval(pg_get_serial_sequence('clients', 'id'), ${firstId + count - 1})`.execute(database.db);
  return firstId;
}
