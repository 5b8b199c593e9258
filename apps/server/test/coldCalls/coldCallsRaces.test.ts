import { isValidPhone, MAX_ID } from '@shiftline/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LEADS_PER_CAMPAIGN } from '../../src/db/demo/generateColdCalls.js';
import { signedInRequests } from '../support/requests.js';
import { demoEmail, login, type Session, testAppForTests } from '../support/testApp.js';
import { coldCallFixtures } from './fixtures.js';

const t = testAppForTests();
const { get, post } = signedInRequests(() => t);
const f = coldCallFixtures(() => t);
let admin: Session;

beforeAll(async () => {
  admin = await login(t.app, demoEmail('administrator'));
});

describe('get_cold_call_for_agent under concurrency', () => {
  it('gives one lead to one agent when 20 agents ask for it at once', async () => {
    const campaignId = await f.campaign();
    const lead = await f.lead(campaignId);
    const agents: Session[] = [];
    for (let index = 0; index < 20; index += 1) agents.push(await f.agent([campaignId]));
    const answers = await Promise.all(
      agents.map((agent) => post(agent, '/api/get_cold_call_for_agent', { cold_call_id: lead.id, mode: 'definite' })),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(19);
    const winner = agents[answers.findIndex((answer) => answer.statusCode === 200)] as Session;
    expect((await f.leadRow(lead.id)).attached_agent_id).toBe(winner.userId);
  });

  it('leaves one agent holding one lead when they ask for 20 at once, and 20 agents taking the next free lead get 20 different ones', async () => {
    const campaignId = await f.campaign();
    const leads = [];
    for (let index = 0; index < 20; index += 1) leads.push(await f.lead(campaignId));
    const agent = await f.agent([campaignId]);
    const answers = await Promise.all(
      leads.map((lead) => post(agent, '/api/get_cold_call_for_agent', { cold_call_id: lead.id, mode: 'preview' })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(leads.map(() => 200));
    const held = await t.database.db
      .selectFrom('cold_calls')
      .select('id')
      .where('attached_agent_id', '=', agent.userId)
      .execute();
    expect(held).toHaveLength(1);

    await post(agent, '/api/clear_lead_attached_to_agent', { only_definite_leads: false });
    const agents: Session[] = [];
    for (let index = 0; index < 20; index += 1) agents.push(await f.agent([campaignId]));
    const nexts = await Promise.all(
      agents.map((one) => post(one, '/api/get_cold_call_for_agent', { cold_call_id: null, mode: 'preview' })),
    );
    const ids = nexts.map((answer) => answer.json().cold_call?.id);
    expect(nexts.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(new Set(ids).size).toBe(20);
    expect(ids.every((id) => typeof id === 'number')).toBe(true);
  });
});

describe('permissions', () => {
  it('refuses roles that take no calls, and leads of campaigns the agent is not on', async () => {
    const campaignId = await f.campaign();
    const lead = await f.lead(campaignId);
    for (const role of ['schedule_supervisor', 'administrator', 'super_admin', 'company_supervisor'] as const) {
      const session = role === 'administrator' ? admin : await login(t.app, demoEmail(role));
      expect((await get(session, '/api/get_cold_calls_table_data')).statusCode, role).toBe(403);
      const body = { abonent_number: lead.phone, cold_call_id: lead.id, check_simultaneous_calls: true };
      expect((await post(session, '/api/inquiries/cold_call', body)).statusCode, role).toBe(403);
      const take = await post(session, '/api/get_cold_call_for_agent', { cold_call_id: lead.id, mode: 'preview' });
      expect(take.statusCode, role).toBe(403);
    }
    const outsider = await f.agent([await f.campaign()]);
    await post(outsider, '/api/status/set_new_status', { status_name: 'outbound_sales_calls' });
    expect(
      (await post(outsider, '/api/get_cold_call_for_agent', { cold_call_id: lead.id, mode: 'preview' })).statusCode,
    ).toBe(403);
    expect(
      (
        await post(outsider, '/api/inquiries/cold_call', {
          abonent_number: lead.phone,
          cold_call_id: lead.id,
          check_simultaneous_calls: true,
        })
      ).statusCode,
    ).toBe(403);
    expect((await get(outsider, `/api/get_cold_calls_table_data?campaignId=${campaignId}`)).statusCode).toBe(403);
    const filters = encodeURIComponent(JSON.stringify({ campaigns: [campaignId] }));
    // A campaign filter names only the viewer's campaigns (the generic table's rule: not one of the filter's items).
    const filtered = await get(outsider, `/api/get_cold_calls_table_data?chosenValues=${filters}`);
    expect(filtered.statusCode).toBe(400);
    expect(filtered.json().error.fields).toHaveProperty('chosenValues.campaigns');
    // The simulated callee is the administrator's control, as the simulated caller is.
    expect((await post(outsider, '/api/telephony/simulated_call/1/callee', { answer: true })).statusCode).toBe(403);
    expect((await f.leadRow(lead.id)).attached_agent_id).toBeNull();
  });
});

describe('hostile input gets a 4xx naming the field and changes nothing', () => {
  it.each([
    [
      'an id past 2^31-1',
      { abonent_number: '+16045550100', cold_call_id: MAX_ID + 1, check_simultaneous_calls: true },
      'cold_call_id',
    ],
    [
      'a NUL byte in the number',
      { abonent_number: '+1604555\u00000100', cold_call_id: 1, check_simultaneous_calls: true },
      'abonent_number',
    ],
    [
      'a huge number',
      { abonent_number: '1'.repeat(100_000), cold_call_id: 1, check_simultaneous_calls: true },
      'abonent_number',
    ],
    ['a redial past 2^31-1', { redial: true, inquiry_id: 2 ** 53 }, 'inquiry_id'],
    ['a redial without its call', { redial: true }, 'inquiry_id'],
    ['two forms at once', { check_ivr: true, redial: true, inquiry_id: 1 }, 'body'],
    ['no form', {}, 'body'],
    ['an unknown field', { check_ivr: true, drop_table: 'calls' }, 'body'],
    [
      'a string for a boolean',
      { abonent_number: '+16045550100', cold_call_id: 1, check_simultaneous_calls: 'yes' },
      'check_simultaneous_calls',
    ],
  ])('cold_call: %s', async (_name, body, field) => {
    const campaignId = await f.campaign();
    const agent = await f.agent([campaignId]);
    await post(agent, '/api/status/set_new_status', { status_name: 'outbound_sales_calls' });
    const calls = await f.callCount();
    const response = await post(agent, '/api/inquiries/cold_call', body);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields ?? {})).toContain(field);
    if (field === 'body' && 'drop_table' in body) expect(response.body).toContain('drop_table');
    expect(await f.callCount()).toBe(calls);
  });

  it('get_cold_call_for_agent, clear_lead_attached_to_agent and the table refuse bad input', async () => {
    const campaignId = await f.campaign();
    const agent = await f.agent([campaignId]);
    const lead = await f.lead(campaignId);
    const refused = async (
      response: { statusCode: number; json: () => { error: { fields?: object } } },
      field: string,
    ) => {
      expect(response.statusCode).toBe(400);
      // A field inside the filters' JSON is named under it (chosenValues.search).
      expect(Object.keys(response.json().error.fields ?? {}).some((key) => key.split('.')[0] === field)).toBe(true);
    };
    await refused(
      await post(agent, '/api/get_cold_call_for_agent', { cold_call_id: MAX_ID + 1, mode: 'preview' }),
      'cold_call_id',
    );
    await refused(await post(agent, '/api/get_cold_call_for_agent', { cold_call_id: lead.id, mode: 'grab' }), 'mode');
    await refused(
      await post(agent, '/api/get_cold_call_for_agent', { cold_call_id: '1\u0000', mode: 'preview' }),
      'cold_call_id',
    );
    await refused(
      await post(agent, '/api/clear_lead_attached_to_agent', { only_definite_leads: 'no' }),
      'only_definite_leads',
    );
    const huge = encodeURIComponent(
      JSON.stringify({ campaigns: Array.from({ length: 5000 }, (_, index) => index + 1) }),
    );
    await refused(await get(agent, `/api/get_cold_calls_table_data?chosenValues=${huge}`), 'chosenValues');
    await refused(await get(agent, `/api/get_cold_calls_table_data?campaignId=${MAX_ID + 1}`), 'campaignId');
    await refused(await get(agent, '/api/get_cold_calls_table_data?chosenValues=%7Bnot-json'), 'chosenValues');
    await refused(await get(agent, '/api/get_cold_calls_table_data?items_per_page=7'), 'items_per_page');
    await refused(await get(agent, '/api/get_cold_calls_table_data?sortBy=password_hash'), 'sortBy');
    const nul = encodeURIComponent(JSON.stringify({ search: 'a\u0000b' }));
    await refused(await get(agent, `/api/get_cold_calls_table_data?chosenValues=${nul}`), 'chosenValues');
    expect((await f.leadRow(lead.id)).attached_agent_id).toBeNull();
    expect(
      (await post(agent, '/api/get_cold_call_for_agent', { cold_call_id: MAX_ID, mode: 'preview' })).statusCode,
    ).toBe(404);
  });
});

describe('the demo lists', () => {
  it("seeds every live outbound campaign's leads, validity by the shared phone rule", async () => {
    const rows = await t.database.db
      .selectFrom('cold_calls as cc')
      .innerJoin('campaigns as c', 'c.id', 'cc.campaign_id')
      .select(['cc.phone', 'cc.phone_valid', 'c.name', 'c.type'])
      .where('c.name', 'in', ['Northwind Appointment Reminders', 'Maple Telecom Upgrades', 'Shiftline Win-Back'])
      .execute();
    expect(rows.length).toBe(3 * DEMO_LEADS_PER_CAMPAIGN);
    for (const row of rows) expect(row.phone_valid, row.phone).toBe(isValidPhone(row.phone));
    const invalid = rows.filter((row) => !row.phone_valid).length;
    expect(invalid).toBeGreaterThan(0);
    expect(invalid).toBeLessThan(rows.length / 4);
  });
});
