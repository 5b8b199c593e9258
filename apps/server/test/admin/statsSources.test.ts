import type { StatsSourceBody } from '@shiftline/shared';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInRequests } from '../support/requests.js';
import { demoEmail, login, type Session, testAppForTests } from '../support/testApp.js';

/* Stats sources through the administration: a name, the centre numbers that carry it, and a caller who dials one
 * of those numbers gets the source on their call (the dashboards' source filter). Renamed when used, never deleted. */

const t = testAppForTests();
const { get, post } = signedInRequests(() => t);
const db = () => t.database.db;
let admin: Session;
let serial = 0;

beforeAll(async () => {
  admin = await login(t.app, demoEmail('administrator'));
});

/** An inbound campaign with a number of its own: the campaign's id and the number. */
async function campaignWithNumber(): Promise<{ campaign: number; phone: string }> {
  serial += 1;
  const { id } = await db()
    .insertInto('campaigns')
    .values({ name: `Sources ${serial}`, unique_name: `sources_${serial}`, type: 'inbound' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const phone = `+1709556${String(serial).padStart(4, '0')}`;
  await db().insertInto('campaign_numbers').values({ phone, campaign_id: id }).execute();
  return { campaign: id, phone };
}

const create = async (body: StatsSourceBody) => {
  const response = await post(admin, '/api/admin/stats_sources', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as number;
};
const sourceOfCall = async (callId: number | string) =>
  (await db().selectFrom('calls').select('stats_source_id').where('id', '=', String(callId)).executeTakeFirstOrThrow())
    .stats_source_id;
const audit = (subject: string) =>
  db().selectFrom('audit_log').select(['action', 'details']).where('subject', '=', subject).orderBy('id').execute();

describe('stats sources', () => {
  it('a number carries its source onto the calls dialled to it, on the SIP network and the simulated one', async () => {
    const { phone } = await campaignWithNumber();
    const other = await campaignWithNumber();
    // Written as a person types it; stored in E.164.
    const id = await create({
      name: 'Radio spot',
      numbers: [`1 (${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}`],
    });
    expect((await get(admin, `/api/admin/stats_sources/${id}`)).json()).toEqual({
      id,
      name: 'Radio spot',
      numbers: [phone],
      in_use: false,
    });

    const simulated = await post(admin, '/api/telephony/simulated_call', { dialled: phone });
    expect(simulated.statusCode, simulated.body).toBe(201);
    expect(await sourceOfCall(simulated.json().current_call_id)).toBe(id);
    const { rows } = await sql<{ arrival: { call: { id: string } } }>`
      SELECT sip_call_arrives('stats-source-test@host', 1, ${phone}, '+14165550977', now(), 5) AS arrival`.execute(
      db(),
    );
    expect(await sourceOfCall((rows[0] as { arrival: { call: { id: string } } }).arrival.call.id)).toBe(id);
    const plain = await post(admin, '/api/telephony/simulated_call', { dialled: other.phone });
    expect(await sourceOfCall(plain.json().current_call_id)).toBeNull();

    // The number moves to another source; the form lists every number with the source it carries.
    const second = await create({ name: 'Billboard', numbers: [phone, other.phone] });
    expect((await get(admin, `/api/admin/stats_sources/${id}`)).json()).toMatchObject({ numbers: [], in_use: true });
    const numbers = (await get(admin, '/api/admin/stats_sources/numbers')).json().numbers;
    expect(numbers.find((row: { phone: string }) => row.phone === phone)).toMatchObject({
      stats_source_id: second,
      stats_source_name: 'Billboard',
    });

    // Used by calls: renamed (every report shows the new name), not deleted.
    expect((await post(admin, `/api/admin/stats_sources/${id}`, { name: 'Radio', numbers: [] })).statusCode).toBe(200);
    const refused = await post(admin, `/api/admin/stats_sources/${id}/delete`);
    expect(refused.statusCode).toBe(409);
    expect((await get(admin, `/api/admin/stats_sources/${id}`)).json().name).toBe('Radio');
    // Unused: deleted, its numbers then carry none.
    expect((await post(admin, `/api/admin/stats_sources/${second}/delete`)).statusCode).toBe(200);
    expect((await get(admin, `/api/admin/stats_sources/${second}`)).statusCode).toBe(404);
    const after = await db()
      .selectFrom('campaign_numbers')
      .select('stats_source_id')
      .where('phone', '=', phone)
      .executeTakeFirstOrThrow();
    expect(after.stats_source_id).toBeNull();

    expect((await audit(`stats_source:${id}`)).map((row) => row.action)).toEqual([
      'stats_source.create',
      'stats_source.edit',
    ]);
    const [, edit] = await audit(`stats_source:${id}`);
    expect(edit?.details).toMatchObject({
      before: { name: 'Radio spot', numbers: [] },
      after: { name: 'Radio', numbers: [] },
    });
    expect((await audit(`stats_source:${second}`)).map((row) => row.action)).toEqual([
      'stats_source.create',
      'stats_source.delete',
    ]);

    const table = await get(
      admin,
      `/api/tables/admin_stats_sources?chosenValues=${encodeURIComponent(JSON.stringify({ search: 'Radio' }))}`,
    );
    expect(table.statusCode, table.body).toBe(200);
    expect(table.json().items.find((row: { id: number }) => row.id === id)).toMatchObject({
      name: 'Radio',
      calls: 'used',
    });
  });

  it('refuses other roles, taken names, unknown numbers and hostile input, changing nothing', async () => {
    const { phone } = await campaignWithNumber();
    const lead = await login(t.app, demoEmail('team_lead'));
    expect((await post(lead, '/api/admin/stats_sources', { name: 'Lead', numbers: [] })).statusCode).toBe(403);
    expect((await get(lead, '/api/admin/stats_sources/numbers')).statusCode).toBe(403);

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post(admin, '/api/admin/stats_sources', { name: 'Flyer', numbers: [phone] })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, ...Array(19).fill(409)]);
    const taken = await post(admin, '/api/admin/stats_sources', { name: 'FLYER', numbers: [] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields).toEqual({ name: 'is already used' });

    const unknown = await post(admin, '/api/admin/stats_sources', { name: 'Nowhere', numbers: ['+17095550001'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toEqual({ numbers: "+17095550001 is not one of the centre's numbers" });
    for (const hostile of [
      { name: 'a\u0000b', numbers: [] },
      { name: '', numbers: [] },
      { name: 'x'.repeat(81), numbers: [] },
      { name: 'Many', numbers: Array.from({ length: 501 }, () => phone) },
      { name: 'Bad', numbers: ['not a phone'] },
      { name: 'Extra', numbers: [], extra: 1 },
    ]) {
      const response = await post(admin, '/api/admin/stats_sources', hostile);
      expect(response.statusCode, JSON.stringify(hostile).slice(0, 80)).toBe(400);
    }
    expect((await post(admin, `/api/admin/stats_sources/${2 ** 31}/delete`)).statusCode).toBe(400);
    expect(
      (await post(admin, `/api/admin/stats_sources/${2 ** 31 - 1}`, { name: 'Gone', numbers: [] })).statusCode,
    ).toBe(404);
    const names = (await db().selectFrom('stats_sources').select('name').execute()).map((row) => row.name);
    for (const name of ['Lead', 'FLYER', 'Nowhere', 'Many', 'Bad', 'Extra', 'Gone']) expect(names).not.toContain(name);
  });
});
