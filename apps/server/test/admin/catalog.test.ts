import type { DispositionBody, ProductBody } from '@shiftline/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInRequests } from '../support/requests.js';
import { createTestUser, demoEmail, login, type Session, testAppForTests } from '../support/testApp.js';

/* Dispositions and products per campaign through the administration, and what an agent's call page then offers:
 * the campaign's own and the centre-wide ones, in the administration's order; the checks when the agent chooses. */

const t = testAppForTests();
const { get, post } = signedInRequests(() => t);
let admin: Session;
let serial = 0;

beforeAll(async () => {
  admin = await login(t.app, demoEmail('administrator'));
});

async function newCampaign(type: 'inbound' | 'outbound' = 'inbound'): Promise<number> {
  serial += 1;
  const row = await t.database.db
    .insertInto('campaigns')
    .values({ name: `Catalog ${serial}`, unique_name: `catalog_${serial}`, type })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An agent of the campaign, Ready, with a call of it answered: their session and the call's id. */
async function agentOnCall(campaignId: number, phone: string): Promise<{ agent: Session; callId: number }> {
  serial += 1;
  const email = `catalog.agent${serial}@test.local`;
  const id = await createTestUser(t.database, { email, timezone: 'America/St_Johns' });
  await t.database.db.insertInto('campaign_agents').values({ campaign_id: campaignId, user_id: id }).execute();
  const agent = await login(t.app, email);
  await post(agent, '/api/status/set_new_status', { status_name: 'ready' });
  const call = await t.app.live.engine.arrive({ campaignId, callerPhone: phone });
  const callId = Number(call.id);
  expect((await post(agent, '/api/inquiries/call_data', { crm_call_id: callId, flow_status: 'talk' })).statusCode).toBe(
    200,
  );
  return { agent, callId };
}

const disposition = (overrides: Partial<DispositionBody>): DispositionBody => ({
  title: 'Resolved',
  campaign_id: null,
  campaign_type: 'inbound',
  bucket: 'resolved',
  callback_required: false,
  adds_to_dnc: false,
  ...overrides,
});

const auditActions = async (subject: string) =>
  (
    await t.database.db.selectFrom('audit_log').select('action').where('subject', '=', subject).orderBy('id').execute()
  ).map((row) => row.action);

describe('dispositions', () => {
  it("a campaign's call page offers its own dispositions and the centre-wide ones, in the administration's order", async () => {
    const campaign = await newCampaign();
    const other = await newCampaign();
    const create = async (body: DispositionBody) => {
      const response = await post(admin, '/api/admin/dispositions', body);
      expect(response.statusCode, response.body).toBe(201);
      return response.json().id as number;
    };
    const first = await create(disposition({ title: 'Booked', campaign_id: campaign, bucket: 'sale' }));
    const second = await create(disposition({ title: 'Wrong number', campaign_id: campaign, bucket: 'other' }));
    await create(disposition({ title: 'Other campaign only', campaign_id: other }));
    expect((await post(admin, `/api/admin/dispositions/${second}/move_up`)).statusCode).toBe(200);
    expect(await auditActions(`disposition:${second}`)).toEqual(['disposition.create', 'disposition.move']);

    const { agent, callId } = await agentOnCall(campaign, '+14165550901');
    const offered = (await get(agent, `/api/dispositions/get_dispositions/${callId}`)).json().dispositions as {
      id: number;
      title: string;
    }[];
    const own = offered.filter((entry) => [first, second].includes(entry.id)).map((entry) => entry.title);
    expect(own).toEqual(['Wrong number', 'Booked']);
    expect(offered.map((entry) => entry.title)).not.toContain('Other campaign only');
    // The demo's centre-wide inbound dispositions are offered on every inbound campaign.
    expect(offered.map((entry) => entry.title)).toContain('Issue Resolved');

    const otherId = (
      await t.database.db
        .selectFrom('dispositions')
        .select('id')
        .where('title', '=', 'Other campaign only')
        .executeTakeFirstOrThrow()
    ).id;
    const refused = await post(agent, `/api/dispositions/set_disposition/${callId}`, { disposition: otherId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.fields).toEqual({ disposition: 'is not offered on this campaign' });
    expect((await post(agent, `/api/dispositions/set_disposition/${callId}`, { disposition: first })).statusCode).toBe(
      200,
    );

    // Used by a call: deleting archives it (no longer offered, still on the call); an unused one is deleted.
    expect((await post(admin, `/api/admin/dispositions/${first}/delete`)).statusCode).toBe(200);
    expect((await get(admin, `/api/admin/dispositions/${first}`)).json()).toMatchObject({
      archived: true,
      in_use: true,
    });
    expect((await post(admin, `/api/admin/dispositions/${second}/delete`)).statusCode).toBe(200);
    expect((await get(admin, `/api/admin/dispositions/${second}`)).statusCode).toBe(404);
    const after = (await get(agent, `/api/dispositions/get_dispositions/${callId}`)).json();
    expect(after.dispositions.map((entry: { id: number }) => entry.id)).not.toContain(first);
    expect(after.selected).toBe(first);
    expect(await auditActions(`disposition:${first}`)).toEqual(['disposition.create', 'disposition.archive']);
  });

  it('the list filtered by a campaign shows what its agents are offered: its own and the centre-wide ones of its type', async () => {
    const campaign = await newCampaign('outbound');
    const other = await newCampaign('outbound');
    const own = (
      await post(
        admin,
        '/api/admin/dispositions',
        disposition({ title: 'Own', campaign_id: campaign, campaign_type: 'outbound' }),
      )
    ).json().id;
    await post(
      admin,
      '/api/admin/dispositions',
      disposition({ title: 'Not here', campaign_id: other, campaign_type: 'outbound' }),
    );
    const chosen = encodeURIComponent(JSON.stringify({ campaign }));
    const table = await get(admin, `/api/tables/admin_dispositions?items_per_page=100&chosenValues=${chosen}`);
    expect(table.statusCode, table.body).toBe(200);
    const names = table.json().items.map((row: { name: string }) => row.name);
    expect(names).toContain('Own');
    expect(names).not.toContain('Not here');
    // The demo's centre-wide outbound dispositions are there, its inbound ones are not.
    const centreWide = await t.database.db
      .selectFrom('dispositions')
      .select(['title', 'campaign_type'])
      .where('campaign_id', 'is', null)
      .where('archived', '=', false)
      .execute();
    const outboundTitles = centreWide.filter((row) => row.campaign_type === 'outbound').map((row) => row.title);
    const inboundOnly = centreWide.filter((row) => !outboundTitles.includes(row.title)).map((row) => row.title);
    expect(outboundTitles.length).toBeGreaterThan(0);
    expect(inboundOnly.length).toBeGreaterThan(0);
    for (const title of outboundTitles) expect(names, title).toContain(title);
    for (const title of inboundOnly) expect(names, title).not.toContain(title);
    expect(table.json().items.find((row: { id: number }) => row.id === own)).toBeDefined();
    const bogus = encodeURIComponent(JSON.stringify({ campaign: 'x' }));
    expect((await get(admin, `/api/tables/admin_dispositions?chosenValues=${bogus}`)).statusCode).toBe(400);
  });

  it('a disposition needing a callback time waits for the callback; one for the do-not-call list adds the caller', async () => {
    const campaign = await newCampaign();
    const callback = (
      await post(
        admin,
        '/api/admin/dispositions',
        disposition({ title: 'Call back', campaign_id: campaign, bucket: 'callback', callback_required: true }),
      )
    ).json().id;
    const dnc = (
      await post(
        admin,
        '/api/admin/dispositions',
        disposition({ title: 'Never call', campaign_id: campaign, adds_to_dnc: true }),
      )
    ).json().id;
    const { agent, callId } = await agentOnCall(campaign, '+14165550902');
    const early = await post(agent, `/api/dispositions/set_disposition/${callId}`, { disposition: callback });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.fields).toEqual({ disposition: 'needs a callback time' });
    // A time already past is refused (naming the field); a minute's grace covers the clocks' difference.
    const past = await post(agent, `/api/inquiries/${callId}/set_call_back`, {
      date_time: Math.floor(Date.now() / 1000) - 3600,
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.fields).toEqual({ date_time: 'must not be in the past' });
    const at = Math.floor(Date.now() / 1000) + 86_400;
    expect((await post(agent, `/api/inquiries/${callId}/set_call_back`, { date_time: at })).statusCode).toBeLessThan(
      300,
    );
    expect(
      (await post(agent, `/api/dispositions/set_disposition/${callId}`, { disposition: callback })).statusCode,
    ).toBe(200);
    expect((await post(agent, `/api/dispositions/set_disposition/${callId}`, { disposition: dnc })).statusCode).toBe(
      200,
    );
    // The callback time cleared afterwards: the after-call form does not close until one is set again.
    expect(
      (await post(agent, `/api/dispositions/set_disposition/${callId}`, { disposition: callback })).statusCode,
    ).toBe(200);
    expect((await post(agent, `/api/inquiries/${callId}/unset_call_back`)).statusCode).toBeLessThan(300);
    expect((await post(agent, `/api/inquiries/end_call/${callId}`, {})).statusCode).toBe(200);
    const closing = await post(agent, '/api/status/set_new_status', { status_name: 'ready', call_id: callId });
    expect(closing.statusCode).toBe(409);
    expect(closing.json().error.fields).toEqual({ disposition: 'needs a callback time' });
    expect((await post(agent, `/api/inquiries/${callId}/set_call_back`, { date_time: at })).statusCode).toBeLessThan(
      300,
    );
    expect(
      (await post(agent, '/api/status/set_new_status', { status_name: 'ready', call_id: callId })).statusCode,
    ).toBe(200);
    const listed = await t.database.db
      .selectFrom('do_not_call')
      .selectAll()
      .where('phone', '=', '+14165550902')
      .executeTakeFirst();
    expect(listed).toBeDefined();
  });

  it('refuses other roles, a campaign of the other type, duplicate titles and hostile input', async () => {
    const campaign = await newCampaign('outbound');
    const lead = await login(t.app, demoEmail('team_lead'));
    expect((await post(lead, '/api/admin/dispositions', disposition({}))).statusCode).toBe(403);
    const wrongType = await post(admin, '/api/admin/dispositions', disposition({ campaign_id: campaign }));
    expect(wrongType.statusCode).toBe(400);
    expect(Object.keys(wrongType.json().error.fields)).toEqual(['campaign_type']);
    const body = disposition({ title: 'Twice', campaign_id: campaign, campaign_type: 'outbound' });
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(admin, '/api/admin/dispositions', body)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, ...Array(19).fill(409)]);
    for (const hostile of [
      { ...body, title: 'a\u0000b' },
      { ...body, title: 'x'.repeat(81) },
      { ...body, campaign_id: 2 ** 31 },
      { ...body, bucket: 'everything' },
      { ...body, extra: true },
    ]) {
      expect(
        (await post(admin, '/api/admin/dispositions', hostile)).statusCode,
        JSON.stringify(hostile).slice(0, 80),
      ).toBe(400);
    }
  });
});

describe('products', () => {
  const product = (overrides: Partial<ProductBody>): ProductBody => ({
    name: 'Annual plan',
    campaign_id: null,
    price_cents: 12_000,
    currency: 'CAD',
    commission_cents: null,
    ...overrides,
  });

  it("a call's sales offer its campaign's products; a product's own commission is paid per unit", async () => {
    const campaign = await newCampaign();
    const other = await newCampaign();
    const ownId = (
      await post(
        admin,
        '/api/admin/products',
        product({ name: 'Care package', campaign_id: campaign, commission_cents: 250 }),
      )
    ).json().id;
    const otherId = (
      await post(admin, '/api/admin/products', product({ name: 'Elsewhere', campaign_id: other }))
    ).json().id;
    const { agent, callId } = await agentOnCall(campaign, '+14165550903');
    const offered = (await get(agent, `/api/sales/get_products?call_id=${callId}`)).json().products as {
      id: number;
      currency: string;
    }[];
    expect(offered.map((entry) => entry.id)).toContain(ownId);
    expect(offered.map((entry) => entry.id)).not.toContain(otherId);
    const wrong = await post(agent, `/api/sales/${callId}/set_new_sales`, {
      sales: [{ product_id: otherId, quantity: 1 }],
    });
    expect(wrong.statusCode).toBe(400);
    const sold = await post(agent, `/api/sales/${callId}/set_new_sales`, {
      sales: [{ product_id: ownId, quantity: 3 }],
    });
    expect(sold.statusCode, sold.body).toBe(200);
    const lead = await t.database.db
      .selectFrom('sales_leads')
      .select(['amount_cents', 'commission_cents'])
      .where('call_id', '=', String(callId))
      .executeTakeFirstOrThrow();
    expect(lead).toEqual({ amount_cents: 36_000, commission_cents: 750 });

    // Sold once: deleting archives it, and it is no longer on sale.
    expect((await post(admin, `/api/admin/products/${ownId}/delete`)).statusCode).toBe(200);
    expect((await get(admin, `/api/admin/products/${ownId}`)).json()).toMatchObject({ active: false, in_use: true });
    const later = (await get(agent, `/api/sales/get_products?call_id=${callId}`)).json().products;
    expect(later.map((entry: { id: number }) => entry.id)).not.toContain(ownId);
    expect(await auditActions(`product:${ownId}`)).toEqual(['product.create', 'product.archive']);
  });

  it('refuses bad prices, currencies and names', async () => {
    for (const hostile of [
      product({ price_cents: -1 }),
      product({ price_cents: 1.5 }),
      product({ price_cents: 10 ** 12 }),
      { ...product({}), currency: 'XXX' },
      product({ name: '' }),
      product({ campaign_id: 2 ** 31 }),
    ]) {
      const response = await post(admin, '/api/admin/products', hostile);
      expect(response.statusCode, JSON.stringify(hostile)).toBe(400);
    }
    const unknownCampaign = await post(
      admin,
      '/api/admin/products',
      product({ name: 'Nowhere', campaign_id: 2 ** 31 - 1 }),
    );
    expect(unknownCampaign.json().error.fields).toEqual({ campaign_id: 'is not a campaign' });
  });
});
