import { SIMULTANEOUS_CALL_NOTICE } from '@shiftline/shared';
import { beforeAll, describe, expect, it } from 'vitest';
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

const setStatus = (session: Session, status_name: string, call_id?: number) =>
  post(session, '/api/status/set_new_status', call_id === undefined ? { status_name } : { status_name, call_id });
const statusOf = async (session: Session) =>
  (await get(session, '/api/status/get_current_status_info')).json().status.name as string;
const dial = (session: Session, lead: { id: number; phone: string }, check = true) =>
  post(session, '/api/inquiries/cold_call', {
    abonent_number: lead.phone,
    cold_call_id: lead.id,
    check_simultaneous_calls: check,
  });
const callee = (callId: number, answer: boolean) =>
  post(admin, `/api/telephony/simulated_call/${callId}/callee`, { answer });
const table = async (session: Session, query = '') => {
  const response = await get(session, `/api/get_cold_calls_table_data${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

/** An outbound agent of a new campaign, in Outbound Sales Calls, and a lead of that campaign. */
async function readyAgentWithLead(phone?: string) {
  const campaignId = await f.campaign();
  const agent = await f.agent([campaignId]);
  expect((await setStatus(agent, 'outbound_sales_calls')).statusCode).toBe(200);
  const lead = await f.lead(campaignId, phone ? { phone } : {});
  return { campaignId, agent, lead };
}

describe('POST /api/inquiries/cold_call {check_ivr}', () => {
  it('says whether the agent may dial now, and why not', async () => {
    const campaignId = await f.campaign();
    const agent = await f.agent([campaignId]);
    const before = await post(agent, '/api/inquiries/cold_call', { check_ivr: true });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({ ready: false, reason: 'Change to Outbound Sales Calls to make calls.' });
    await setStatus(agent, 'outbound_sales_calls');
    expect((await post(agent, '/api/inquiries/cold_call', { check_ivr: true })).json()).toEqual({
      simultaneous_call: false,
      inquiry_id: null,
      call_id: null,
      url: null,
      ready: true,
      reason: null,
    });
    const nowhere = await f.agent([]);
    expect((await post(nowhere, '/api/inquiries/cold_call', { check_ivr: true })).json()).toMatchObject({
      ready: false,
      reason: 'You are not enabled on an outbound campaign.',
    });
  });
});

describe('POST /api/inquiries/cold_call {abonent_number, cold_call_id, check_simultaneous_calls}', () => {
  it('dials the lead: dialling → talking when the client answers → after-call → ended, the agent along', async () => {
    const { agent, lead } = await readyAgentWithLead();
    // Without the plus, as the spec allows: the same number.
    const response = await dial(agent, { id: lead.id, phone: lead.phone.slice(1) });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer).toEqual({
      simultaneous_call: false,
      inquiry_id: answer.call_id,
      call_id: expect.any(Number),
      url: `/inquiries/call/${answer.call_id}`,
    });
    const dialled = await f.callRow(answer.call_id);
    expect(dialled).toMatchObject({
      direction: 'outbound',
      status: 'dialling',
      cold_call: true,
      agent_id: agent.userId,
      client_id: lead.clientId,
      ended_at: null,
    });
    expect(await statusOf(agent)).toBe('ringing');
    expect(await f.leadRow(lead.id)).toMatchObject({
      attached_agent_id: agent.userId,
      definite: true,
      last_call_id: String(answer.call_id),
    });
    const page = (await get(agent, `/api/inquiries/${answer.call_id}/get_call_data`)).json();
    expect(page).toMatchObject({ status: 'dialling', direction: 'outbound', client_phone: lead.phone });

    expect((await callee(answer.call_id, true)).json()).toMatchObject({ status: 'talking' });
    expect(await statusOf(agent)).toBe('on_call');
    expect((await f.callRow(answer.call_id)).answered_at).not.toBeNull();

    expect((await post(agent, `/api/inquiries/end_call/${answer.call_id}`, { clicked: true })).statusCode).toBe(200);
    expect(await statusOf(agent)).toBe('after_call_work');
    expect((await f.callRow(answer.call_id)).status).toBe('after_call');

    expect((await setStatus(agent, 'outbound_sales_calls', answer.call_id)).statusCode).toBe(200);
    const ended = await f.callRow(answer.call_id);
    expect(ended.status).toBe('ended');
    expect(ended.ended_at).not.toBeNull();
    expect(await statusOf(agent)).toBe('outbound_sales_calls');
    const row = (await table(agent)).items.find((item: { id: number }) => item.id === lead.id);
    expect(row).toMatchObject({ last_result: 'answered', busy: false, is_valid: true, current_lead: true });
  });

  it('ends unanswered when the client does not pick up, and the agent is back in Outbound Sales Calls', async () => {
    const { agent, lead } = await readyAgentWithLead();
    const { call_id } = (await dial(agent, lead)).json();
    expect((await callee(call_id, false)).json()).toMatchObject({ status: 'ended' });
    const call = await f.callRow(call_id);
    expect(call).toMatchObject({ status: 'ended', answered_at: null, end_reason: 'no_answer', billed: false });
    expect(await statusOf(agent)).toBe('outbound_sales_calls');
    const row = (await table(agent)).items.find((item: { id: number }) => item.id === lead.id);
    expect(row).toMatchObject({ last_result: 'no_answer', busy: false });
    // A second answer of the same call is refused by the state machine.
    const again = await callee(call_id, true);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('The call is ended; it cannot be answered by the client.');
  });

  it("the agent's phone reports the answer (call_data talk), and End before an answer ends the call unanswered", async () => {
    const { agent, lead, campaignId } = await readyAgentWithLead();
    const first = (await dial(agent, lead)).json();
    const talk = await post(agent, '/api/inquiries/call_data', { crm_call_id: first.call_id, flow_status: 'talk' });
    expect(talk.statusCode, talk.body).toBe(200);
    expect(talk.json()).toMatchObject({ status: 'talking' });
    expect(await statusOf(agent)).toBe('on_call');
    await post(agent, `/api/inquiries/end_call/${first.call_id}`, { clicked: true });
    await setStatus(agent, 'outbound_sales_calls', first.call_id);

    const second = (await dial(agent, lead)).json();
    const stranger = await f.agent([campaignId]);
    expect((await post(stranger, `/api/inquiries/end_call/${second.call_id}`, { clicked: true })).statusCode).toBe(403);
    expect((await f.callRow(second.call_id)).status).toBe('dialling');
    expect((await post(agent, `/api/inquiries/end_call/${second.call_id}`, { clicked: true })).statusCode).toBe(200);
    expect(await f.callRow(second.call_id)).toMatchObject({
      status: 'ended',
      answered_at: null,
      agent_disconnected: true,
      end_reason: 'cancelled',
    });
    expect(await statusOf(agent)).toBe('outbound_sales_calls');
  });

  it('is refused outside Outbound Sales Calls and while the agent is on a call, changing nothing', async () => {
    const campaignId = await f.campaign();
    const agent = await f.agent([campaignId]);
    const lead = await f.lead(campaignId);
    const calls = await f.callCount();
    const notReady = await dial(agent, lead);
    expect(notReady.statusCode).toBe(409);
    expect(notReady.json().error.message).toMatch(/^Change to Outbound Sales Calls to make calls/);
    await setStatus(agent, 'outbound_sales_calls');
    expect((await dial(agent, lead)).statusCode).toBe(200);
    const second = await f.lead(campaignId);
    const busy = await dial(agent, second);
    expect(busy.statusCode).toBe(409);
    expect(await f.callCount()).toBe(calls + 1);
    expect((await f.leadRow(second.id)).attached_agent_id).toBeNull();
  });

  it('answers simultaneous_call when another agent is on a call with the client, and changes nothing', async () => {
    const campaignId = await f.campaign();
    const first = await f.agent([campaignId]);
    const second = await f.agent([campaignId]);
    await setStatus(first, 'outbound_sales_calls');
    await setStatus(second, 'outbound_sales_calls');
    const lead = await f.lead(campaignId);
    // The same client listed in the campaign twice is not possible; a second campaign lists them too.
    const otherCampaign = await f.campaign();
    await t.database.db
      .insertInto('campaign_agents')
      .values({ campaign_id: otherCampaign, user_id: second.userId, is_disabled: false })
      .execute();
    const sameClient = await f.lead(otherCampaign, { clientId: lead.clientId, phone: lead.phone });
    const { call_id } = (await dial(first, lead)).json();
    await callee(call_id, true);

    const calls = await f.callCount();
    const response = await dial(second, sameClient);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ simultaneous_call: true, inquiry_id: null, call_id: null, url: null });
    expect(SIMULTANEOUS_CALL_NOTICE).toBe('Another agent is already on the call with this customer.');
    expect(await f.callCount()).toBe(calls);
    expect(await statusOf(second)).toBe('outbound_sales_calls');
    expect((await f.leadRow(sameClient.id)).attached_agent_id).toBeNull();
    // The table shows the client busy: the phone greyed, the row invalid.
    const row = (await table(second)).items.find((item: { id: number }) => item.id === sameClient.id);
    expect(row).toMatchObject({ busy: true, is_valid: false, css_class: 'busy', phone_valid: true });

    // check_simultaneous_calls false: the agent dials anyway.
    const anyway = await dial(second, sameClient, false);
    expect(anyway.json()).toMatchObject({ simultaneous_call: false, call_id: expect.any(Number) });
  });

  it("refuses a number that is not valid or not the lead's, naming abonent_number", async () => {
    const { agent, lead } = await readyAgentWithLead();
    const garbage = await post(agent, '/api/inquiries/cold_call', {
      abonent_number: 'not a phone',
      cold_call_id: lead.id,
      check_simultaneous_calls: true,
    });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().error.fields).toEqual({ abonent_number: 'is not a valid phone number' });
    const other = await dial(agent, { id: lead.id, phone: '+14165550123' });
    expect(other.statusCode).toBe(400);
    expect(other.json().error.fields).toEqual({ abonent_number: "is not the lead's phone" });
    expect(await statusOf(agent)).toBe('outbound_sales_calls');
  });
});

describe('POST /api/inquiries/cold_call {redial, inquiry_id}', () => {
  it('calls the client of an earlier call again, closing it from after-call work', async () => {
    const { agent, lead } = await readyAgentWithLead();
    const { call_id } = (await dial(agent, lead)).json();
    await callee(call_id, true);
    await post(agent, `/api/inquiries/end_call/${call_id}`, { clicked: true });
    expect(await statusOf(agent)).toBe('after_call_work');

    const redial = await post(agent, '/api/inquiries/cold_call', { redial: true, inquiry_id: call_id });
    expect(redial.statusCode, redial.body).toBe(200);
    const next = redial.json();
    expect(next.call_id).not.toBe(call_id);
    expect((await f.callRow(call_id)).status).toBe('ended');
    expect(await f.callRow(next.call_id)).toMatchObject({ status: 'dialling', client_id: lead.clientId });
    expect((await f.leadRow(lead.id)).last_call_id).toBe(String(next.call_id));
    expect(await statusOf(agent)).toBe('ringing');

    const stranger = await f.agent([(await f.leadRow(lead.id)).campaign_id]);
    expect((await post(stranger, '/api/inquiries/cold_call', { redial: true, inquiry_id: call_id })).statusCode).toBe(
      403,
    );
  });
});

describe('GET /api/get_cold_calls_table_data', () => {
  it("lists the agent's leads with validity, time-zone difference and paging", async () => {
    const campaignId = await f.campaign();
    const agent = await f.agent([campaignId]);
    const valid = await f.lead(campaignId, { timezone: 'America/Los_Angeles' });
    const invalid = await f.lead(campaignId, { phone: '555-01', valid: false, timezone: 'America/St_Johns' });
    for (let index = 0; index < 10; index += 1) await f.lead(campaignId);
    const other = await f.campaign();
    await f.lead(other);

    const all = await table(agent, '?items_per_page=10&page=1&sortBy=id');
    expect(all.options).toMatchObject({ totalCount: 12, supportedPageSizes: [10, 25, 50, 100], page: 1 });
    expect(all.items).toHaveLength(10);
    expect(all.name_table).toBe('Cold calls');
    const campaignFilter = all.headers.find((header: { value: string }) => header.value === 'campaign_name').filters;
    expect(campaignFilter.items).toEqual([{ value: campaignId, text: expect.any(String) }]);
    expect(all.chosen_values.period).toBeNull();
    expect(all.export_to_csv).toBe(false);
    expect(all.items[0]).toMatchObject({ id: valid.id, is_valid: true, css_class: '', timezone_difference: -3 });
    expect(all.items[1]).toMatchObject({
      id: invalid.id,
      is_valid: false,
      css_class: 'invalid',
      timezone_difference: 1.5,
    });
    expect((await table(agent, '?items_per_page=10&page=2')).items).toHaveLength(2);
    // Beyond the last page: no rows and the real count (the table goes back to page 1, spec §9).
    const beyond = await table(agent, '?items_per_page=10&page=9');
    expect(beyond.items).toEqual([]);
    expect(beyond.options.totalCount).toBe(12);
    // The same table at the generic address.
    expect((await get(agent, '/api/tables/cold_calls?items_per_page=10')).json().options.totalCount).toBe(12);
    // Another campaign's id in the filter is refused.
    const outside = await get(
      agent,
      `/api/get_cold_calls_table_data?chosenValues=${encodeURIComponent(JSON.stringify({ campaigns: [other] }))}`,
    );
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error.fields).toHaveProperty('chosenValues.campaigns');
    expect((await get(agent, `/api/get_cold_calls_table_data?campaignId=${other}`)).statusCode).toBe(403);
    const onlyInvalid = await table(
      agent,
      `?chosenValues=${encodeURIComponent(JSON.stringify({ validity: 'invalid' }))}`,
    );
    expect(onlyInvalid.items.map((item: { id: number }) => item.id)).toEqual([invalid.id]);
  });

  it('gives team lead, agent supervisor and campaign manager the last 24 hours by default', async () => {
    const campaignId = await f.campaign();
    const fresh = await f.lead(campaignId);
    const old = await f.lead(campaignId, { createdAt: new Date(Date.now() - 3 * 86_400_000) });
    for (const role of ['team_lead', 'agent_supervisor', 'campaign_manager'] as const) {
      const session = await login(t.app, demoEmail(role));
      const result = await table(session, `?campaignId=${campaignId}`);
      const ids = result.items.map((item: { id: number }) => item.id);
      expect(ids, role).toContain(fresh.id);
      expect(ids, role).not.toContain(old.id);
      expect(result.chosen_values.period.end - result.chosen_values.period.start).toBe(86_400);
      expect(result.export_to_csv, role).toBe(true);
      const wider = `?campaignId=${campaignId}&chosenValues=${encodeURIComponent(JSON.stringify({ period: null }))}`;
      expect((await table(session, wider)).items.map((item: { id: number }) => item.id)).toContain(old.id);
    }
    const agent = await f.agent([campaignId]);
    expect((await table(agent)).chosen_values.period).toBeNull();
    expect((await table(agent)).items.map((item: { id: number }) => item.id)).toContain(old.id);
  });
});

describe('leads attached to agents', () => {
  it('get_cold_call_for_agent takes a lead, the next free one without an id, and lets the previous go', async () => {
    const campaignId = await f.campaign();
    const agent = await f.agent([campaignId]);
    await f.lead(campaignId, { phone: 'n/a', valid: false });
    const first = await f.lead(campaignId);
    const second = await f.lead(campaignId);
    const next = await post(agent, '/api/get_cold_call_for_agent', { cold_call_id: null, mode: 'preview' });
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json().cold_call).toMatchObject({ id: first.id, current_lead: true, definite: false });
    const chosen = await post(agent, '/api/get_cold_call_for_agent', { cold_call_id: second.id, mode: 'definite' });
    expect(chosen.json().cold_call).toMatchObject({ id: second.id, definite: true });
    expect((await f.leadRow(first.id)).attached_agent_id).toBeNull();
    expect((await f.leadRow(second.id)).attached_agent_id).toBe(agent.userId);

    const other = await f.agent([campaignId]);
    const taken = await post(other, '/api/get_cold_call_for_agent', { cold_call_id: second.id, mode: 'preview' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields).toEqual({ cold_call_id: 'is taken by another agent' });
  });

  it('clear_lead_attached_to_agent lets go of the lead, only a definite one when asked', async () => {
    const campaignId = await f.campaign();
    const agent = await f.agent([campaignId]);
    const lead = await f.lead(campaignId);
    await post(agent, '/api/get_cold_call_for_agent', { cold_call_id: lead.id, mode: 'preview' });
    const onlyDefinite = await post(agent, '/api/clear_lead_attached_to_agent', { only_definite_leads: true });
    expect(onlyDefinite.json()).toEqual({ cleared: 0 });
    expect((await f.leadRow(lead.id)).attached_agent_id).toBe(agent.userId);
    expect((await post(agent, '/api/clear_lead_attached_to_agent', { only_definite_leads: false })).json()).toEqual({
      cleared: 1,
    });
    expect(await f.leadRow(lead.id)).toMatchObject({ attached_agent_id: null, attached_at: null, definite: false });
    await post(agent, '/api/get_cold_call_for_agent', { cold_call_id: lead.id, mode: 'definite' });
    expect((await post(agent, '/api/clear_lead_attached_to_agent', { only_definite_leads: true })).json()).toEqual({
      cleared: 1,
    });
  });
});
