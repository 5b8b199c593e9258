import { beforeAll, describe, expect, it } from 'vitest';
import { signedInRequests } from '../support/requests.js';
import { createTestUser, demoEmail, login, type Session, testAppForTests } from '../support/testApp.js';

/* A campaign's numbers through the administration's API (the campaign form's "Phone numbers"): add, trunk, move,
 * remove, each audited; hostile input; and what routing makes of them on the simulated network, calls already
 * queued included. */

const t = testAppForTests();
const { get, post } = signedInRequests(() => t);
let admin: Session;
let trunkId: number;

beforeAll(async () => {
  admin = await login(t.app, demoEmail('administrator'));
  const trunk = await post(admin, '/api/admin/trunks', {
    name: 'Numbers carrier',
    source_addresses: ['203.0.113.10'],
    numbers: [],
    outbound_address: null,
    auth_username: null,
    caller_ids: [],
  });
  trunkId = trunk.json().id;
});

let serial = 0;
async function newCampaign(type: 'inbound' | 'outbound' = 'inbound'): Promise<{ id: number; name: string }> {
  serial += 1;
  const name = `Numbers ${serial}`;
  const created = await post(admin, '/api/admin/campaigns', {
    name,
    unique_name: `numbers-${serial}`,
    type,
    company_id: null,
    active: true,
    archived: false,
    billing_rate_cents: 0,
    agent_ids: [],
  });
  expect(created.statusCode, created.body).toBe(201);
  return { id: created.json().id, name };
}

const numbersUrl = (campaignId: number | string, phone?: string) =>
  `/api/admin/campaigns/${campaignId}/numbers${phone === undefined ? '' : `/${encodeURIComponent(phone)}`}`;
const numbersOf = async (campaignId: number) => (await get(admin, numbersUrl(campaignId))).json().numbers;
const rowOf = (phone: string) =>
  t.database.db.selectFrom('campaign_numbers').select(['campaign_id', 'trunk_id']).where('phone', '=', phone).execute();
const auditOf = (phone: string) =>
  t.database.db
    .selectFrom('audit_log')
    .select(['action', 'details'])
    .where('subject', '=', `campaign_number:${phone}`)
    .orderBy('id')
    .execute();
const countRows = async () => {
  const [numbers, audits] = await Promise.all([
    t.database.db
      .selectFrom('campaign_numbers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirst(),
    t.database.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirst(),
  ]);
  return { numbers: numbers?.n, audits: audits?.n };
};

describe("a campaign's numbers", () => {
  it('only administrators manage them', async () => {
    const campaign = await newCampaign();
    for (const role of ['agent', 'team_lead', 'campaign_manager'] as const) {
      const session = await login(t.app, demoEmail(role));
      expect((await get(session, numbersUrl(campaign.id))).statusCode, role).toBe(403);
      const add = await post(session, numbersUrl(campaign.id), { phone: '+17095550100', trunk_id: null });
      expect(add.statusCode, role).toBe(403);
    }
    expect(await rowOf('+17095550100')).toEqual([]);
  });

  it('adds a number typed in any common format, changes its trunk and removes it, each step audited', async () => {
    const campaign = await newCampaign();
    const added = await post(admin, numbersUrl(campaign.id), { phone: '1 (709) 555-0101', trunk_id: null });
    expect(added.statusCode, added.body).toBe(201);
    const listed = (await get(admin, numbersUrl(campaign.id))).json();
    expect(listed.numbers).toEqual([{ phone: '+17095550101', trunk_id: null, trunk_name: null }]);
    expect(listed.trunks).toContainEqual({ id: trunkId, name: 'Numbers carrier' });

    const trunked = await post(admin, numbersUrl(campaign.id, '+17095550101'), { trunk_id: trunkId });
    expect(trunked.statusCode, trunked.body).toBe(200);
    expect(await numbersOf(campaign.id)).toEqual([
      { phone: '+17095550101', trunk_id: trunkId, trunk_name: 'Numbers carrier' },
    ]);
    // The same trunk again changes nothing and writes no audit row.
    expect((await post(admin, numbersUrl(campaign.id, '+17095550101'), { trunk_id: trunkId })).statusCode).toBe(200);

    const removed = await post(admin, `${numbersUrl(campaign.id, '+17095550101')}/delete`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await numbersOf(campaign.id)).toEqual([]);
    const row = { phone: '+17095550101', campaign_id: campaign.id };
    expect(await auditOf('+17095550101')).toEqual([
      { action: 'campaign_number.add', details: { before: null, after: { ...row, trunk_id: null } } },
      {
        action: 'campaign_number.edit',
        details: { before: { ...row, trunk_id: null }, after: { ...row, trunk_id: trunkId } },
      },
      { action: 'campaign_number.remove', details: { before: { ...row, trunk_id: trunkId }, after: null } },
    ]);
    expect((await post(admin, `${numbersUrl(campaign.id, '+17095550101')}/delete`)).statusCode).toBe(404);
  });

  it('answers 409 naming the campaign a number belongs to, and moves it only when asked to', async () => {
    const owner = await newCampaign();
    const taker = await newCampaign();
    const phone = '+17095550102';
    expect((await post(admin, numbersUrl(owner.id), { phone, trunk_id: trunkId })).statusCode).toBe(201);
    const again = await post(admin, numbersUrl(owner.id), { phone, trunk_id: trunkId });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields).toEqual({ phone: 'is already a number of this campaign' });

    const refused = await post(admin, numbersUrl(taker.id), { phone: '709-555-0102', trunk_id: null });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      `${phone} is a number of the campaign "${owner.name}". Move it here to take its calls.`,
    );
    expect(refused.json().error.fields).toEqual({
      phone: `belongs to the campaign "${owner.name}"`,
      move: 'must be true to move it to this campaign',
    });
    expect(await rowOf(phone)).toEqual([{ campaign_id: owner.id, trunk_id: trunkId }]);
    // Another campaign's number is not this form's to change or remove.
    expect((await post(admin, numbersUrl(taker.id, phone), { trunk_id: null })).statusCode).toBe(404);
    expect((await post(admin, `${numbersUrl(taker.id, phone)}/delete`)).statusCode).toBe(404);

    const moved = await post(admin, numbersUrl(taker.id), { phone, trunk_id: null, move: true });
    expect(moved.statusCode, moved.body).toBe(201);
    expect(await rowOf(phone)).toEqual([{ campaign_id: taker.id, trunk_id: null }]);
    expect(await numbersOf(owner.id)).toEqual([]);
    expect((await auditOf(phone)).at(-1)).toEqual({
      action: 'campaign_number.move',
      details: {
        before: { phone, campaign_id: owner.id, trunk_id: trunkId },
        after: { phone, campaign_id: taker.id, trunk_id: null },
      },
    });
  });

  it('refuses numbers on an outbound campaign, unknown trunks and campaigns, changing nothing', async () => {
    const outbound = await newCampaign('outbound');
    const inbound = await newCampaign();
    const before = await countRows();
    const onOutbound = await post(admin, numbersUrl(outbound.id), { phone: '+17095550103', trunk_id: null });
    expect(onOutbound.statusCode).toBe(409);
    expect(Object.keys(onOutbound.json().error.fields)).toEqual(['phone']);
    const noTrunk = await post(admin, numbersUrl(inbound.id), { phone: '+17095550103', trunk_id: 999_999 });
    expect(noTrunk.statusCode).toBe(400);
    expect(Object.keys(noTrunk.json().error.fields)).toEqual(['trunk_id']);
    expect((await post(admin, numbersUrl(999_999), { phone: '+17095550103', trunk_id: null })).statusCode).toBe(404);
    expect((await get(admin, numbersUrl(999_999))).statusCode).toBe(404);
    expect(await countRows()).toEqual(before);
  });

  it('keeps an inbound campaign with numbers from becoming outbound until they are removed', async () => {
    const campaign = await newCampaign();
    const phone = '+17095550109';
    await post(admin, numbersUrl(campaign.id), { phone, trunk_id: null });
    const body = (type: string) => ({
      name: campaign.name,
      unique_name: `numbers-${campaign.name.split(' ')[1]}`,
      type,
      company_id: null,
      active: true,
      archived: false,
      billing_rate_cents: 0,
      agent_ids: [],
    });
    const before = await countRows();
    const refused = await post(admin, `/api/admin/campaigns/${campaign.id}`, body('outbound'));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.fields).toEqual({ type: 'still has 1 phone number; remove or move them first' });
    expect(await countRows()).toEqual(before);
    // An unchanged save is fine; once its number is gone, it may become outbound.
    expect((await post(admin, `/api/admin/campaigns/${campaign.id}`, body('inbound'))).statusCode).toBe(200);
    await post(admin, `${numbersUrl(campaign.id, phone)}/delete`);
    const changed = await post(admin, `/api/admin/campaigns/${campaign.id}`, body('outbound'));
    expect(changed.statusCode, changed.body).toBe(200);
  });

  it('refuses hostile input with 4xx naming the field, changing nothing', async () => {
    const campaign = await newCampaign();
    const before = await countRows();
    const bodies: [object, string][] = [
      [{ phone: '+1709555\u00000104', trunk_id: null }, 'phone'],
      [{ phone: '1'.repeat(40), trunk_id: null }, 'phone'],
      [{ phone: Array(1_000).fill('+17095550104'), trunk_id: null }, 'phone'],
      [{ phone: '+17095550104', trunk_id: 2 ** 31 }, 'trunk_id'],
      [{ phone: '+17095550104', trunk_id: -1 }, 'trunk_id'],
      [{ phone: '+17095550104', trunk_id: null, move: 'yes' }, 'move'],
      [{ phone: '+17095550104', trunk_id: null, campaign_id: 1 }, 'request'],
      [{ phone: '+17095550104' }, 'trunk_id'],
    ];
    for (const [body, field] of bodies) {
      const refused = await post(admin, numbersUrl(campaign.id), body);
      expect(refused.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      if (field !== 'request') expect(Object.keys(refused.json().error.fields), field).toContain(field);
    }
    for (const url of [
      numbersUrl(2 ** 31),
      numbersUrl('1e3'),
      numbersUrl(campaign.id, 'x'.repeat(40)),
      numbersUrl(campaign.id, '9'.repeat(40)),
      numbersUrl(campaign.id, '+1709555\u00000104'),
    ]) {
      const refused = await post(admin, url, { phone: '+17095550104', trunk_id: null });
      expect(refused.statusCode, url).toBe(400);
      expect((await post(admin, `${url}/delete`)).statusCode, url).toBe(400);
    }
    expect(await countRows()).toEqual(before);
  });

  it('keeps one row when the same number is added 50 times at once', async () => {
    const campaign = await newCampaign();
    const phone = '+17095550105';
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => post(admin, numbersUrl(campaign.id), { phone, trunk_id: trunkId })),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, ...Array(49).fill(409)]);
    expect(await rowOf(phone)).toEqual([{ campaign_id: campaign.id, trunk_id: trunkId }]);
    expect(await auditOf(phone)).toHaveLength(1);
  });
});

describe('routing by the numbers', () => {
  const dial = (dialled: string, caller_phone: string) =>
    post(admin, '/api/telephony/simulated_call', { dialled, caller_phone });
  const callOf = (id: number) =>
    t.database.db
      .selectFrom('calls')
      .select(['campaign_id', 'did', 'status', 'agent_id'])
      .where('id', '=', String(id))
      .executeTakeFirstOrThrow();

  async function agentOn(campaignId: number) {
    serial += 1;
    const email = `numbers.agent${serial}@test.local`;
    const id = await createTestUser(t.database, { email, timezone: 'America/St_Johns' });
    await t.database.db.insertInto('campaign_agents').values({ campaign_id: campaignId, user_id: id }).execute();
    return login(t.app, email);
  }

  it('a simulated caller reaches the campaign that owns the number dialled, wherever it moves', async () => {
    const first = await newCampaign();
    const second = await newCampaign();
    const phone = '+17095550106';
    await post(admin, numbersUrl(first.id), { phone, trunk_id: null });
    const toFirst = await dial('(709) 555-0106', '+14165550001');
    expect(toFirst.statusCode, toFirst.body).toBe(201);
    expect(await callOf(toFirst.json().current_call_id)).toMatchObject({ campaign_id: first.id, did: phone });

    await post(admin, numbersUrl(second.id), { phone, trunk_id: null, move: true });
    const toSecond = await dial(phone, '+14165550002');
    expect(await callOf(toSecond.json().current_call_id)).toMatchObject({ campaign_id: second.id, did: phone });

    await post(admin, `${numbersUrl(second.id, phone)}/delete`);
    const nowhere = await dial(phone, '+14165550003');
    expect(nowhere.statusCode).toBe(404);
    expect(nowhere.json().error.message).toBe(`No campaign takes calls on ${phone}.`);
  });

  it('a number removed or moved while calls to it wait ends nothing: they stay queued and are answered', async () => {
    const campaign = await newCampaign();
    const other = await newCampaign();
    const [removedPhone, movedPhone] = ['+17095550107', '+17095550108'];
    await post(admin, numbersUrl(campaign.id), { phone: removedPhone, trunk_id: trunkId });
    await post(admin, numbersUrl(campaign.id), { phone: movedPhone, trunk_id: trunkId });
    const waiting: number[] = [];
    for (const [index, phone] of [removedPhone, movedPhone, removedPhone].entries()) {
      const placed = await dial(phone, `+1416555010${index}`);
      expect(placed.statusCode, placed.body).toBe(201);
      waiting.push(placed.json().current_call_id);
    }

    expect((await post(admin, `${numbersUrl(campaign.id, removedPhone)}/delete`)).statusCode).toBe(200);
    expect(
      (await post(admin, numbersUrl(other.id), { phone: movedPhone, trunk_id: null, move: true })).statusCode,
    ).toBe(201);
    for (const id of waiting) expect((await callOf(id)).status).toBe('queued');

    // Agents of the campaign the calls reached take them, oldest first, as if nothing had changed.
    for (const [index, id] of waiting.entries()) {
      const agent = await agentOn(campaign.id);
      expect((await post(agent, '/api/status/set_new_status', { status_name: 'ready' })).statusCode).toBe(200);
      expect(await callOf(id)).toMatchObject({ status: 'offered', agent_id: agent.userId, campaign_id: campaign.id });
      const answered = await post(agent, '/api/inquiries/call_data', { crm_call_id: id, flow_status: 'talk' });
      expect(answered.statusCode, answered.body).toBe(200);
      expect(await callOf(id)).toMatchObject({
        status: 'talking',
        did: [removedPhone, movedPhone, removedPhone][index],
      });
    }
  });
});
