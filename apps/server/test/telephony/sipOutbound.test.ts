import { SIP_SECRET_HEADER } from '@shiftline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coldCallFixtures } from '../coldCalls/fixtures.js';
import { signedInRequests } from '../support/requests.js';
import { startTestApp, type TestApp } from '../support/testApp.js';
import { telephonyCentre, unreachableSip } from './centre.js';

// An agent's softphone dialling the client of their outbound call (spec §4 cold calls) through the SIP server: the app
// sends the INVITE on to the outbound gateway only for the client it made the call record for, and hears the answer,
// a failure and the hang-up.

const sip = unreachableSip();
let t: TestApp;
const { get, post } = signedInRequests(() => t);
const centre = telephonyCentre(() => t);
const leads = coldCallFixtures(() => t);
let sipCalls = 0;

const ask = (url: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/telephony/sip/${url}`,
    headers: { [SIP_SECRET_HEADER]: sip.secret },
    payload,
  });
/** An INVITE from `from`; `bound`: Kamailio saw it come from the connection that registered that extension. */
const invite = (from: string, to: string, bound: '0' | '1' = '1') => {
  sipCalls += 1;
  return { sip_call_id: `out-${sipCalls}@test`, from, to, cseq: 1, source: '127.0.0.1', hold_ms: 0, bound };
};

beforeAll(async () => {
  t = await startTestApp({ sip });
});
afterAll(() => t.close());

/** An outbound agent with an extension, in Outbound Sales Calls, who has dialled a lead (the call is dialling). */
async function dialling() {
  const campaignId = await leads.campaign();
  const agent = await centre.agent(campaignId);
  await t.database.db
    .updateTable('users')
    .set({ agent_call_type: 'outbound' })
    .where('id', '=', agent.userId)
    .execute();
  expect((await post(agent, '/api/status/set_new_status', { status_name: 'outbound_sales_calls' })).statusCode).toBe(
    200,
  );
  const lead = await leads.lead(campaignId);
  const answer = await post(agent, '/api/inquiries/cold_call', {
    abonent_number: lead.phone,
    cold_call_id: lead.id,
    check_simultaneous_calls: true,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return { agent, lead, callId: String(answer.json().call_id) };
}

const callOf = (id: string) =>
  t.database.db.selectFrom('calls').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const statusOf = async (session: Parameters<typeof get>[0]) =>
  (await get(session, '/api/status/get_current_status_info')).json().status.name as string;

describe('an agent’s phone dialling a client', () => {
  it('goes on to the gateway for the client of the agent’s dialling call, with or without the plus', async () => {
    const { agent, lead, callId } = await dialling();
    const routed = await ask('route', invite(agent.extension as string, lead.phone.slice(1)));
    expect(routed.body.trim()).toBe(`out ${lead.phone} ${callId}`);
  });

  it('is refused for any other number, or from an agent with no such call, or from another phone', async () => {
    const { agent, lead } = await dialling();
    expect((await ask('route', invite(agent.extension as string, '+14165550199'))).body.trim()).toBe(
      'reject 403 Not_your_current_call',
    );
    const other = await dialling();
    expect((await ask('route', invite(other.agent.extension as string, lead.phone))).body.trim()).toBe(
      'reject 403 Not_your_current_call',
    );
    expect((await ask('route', invite('', lead.phone))).body.trim()).toBe('reject 404 No_such_number');
    // Not from the phone that registered the extension (or it is not registered): refused whatever it dials.
    expect((await ask('route', invite(agent.extension as string, lead.phone, '0'))).body.trim()).toBe(
      'reject 403 Not_your_phone',
    );
  });

  it('answered: the call is talking once, however many times it is heard (the page reports it too)', async () => {
    const { agent, lead, callId } = await dialling();
    const body = invite(agent.extension as string, lead.phone);
    await ask('route', body);
    const answered = { call_id: callId, sip_call_id: body.sip_call_id, h_entry: 5, h_id: 6, offer: 'out' };
    expect((await ask('answered', answered)).statusCode).toBe(200);
    const talking = await callOf(callId);
    expect(talking).toMatchObject({ status: 'talking', agent_id: agent.userId });
    expect(await statusOf(agent)).toBe('on_call');
    // The page's own report after the SIP server's: nothing changes, nothing is refused.
    const flow = await post(agent, '/api/inquiries/call_data', {
      crm_call_id: Number(callId),
      flow_status: 'talk',
      type: 'outbound',
      abonent_number: lead.phone,
    });
    expect(flow.statusCode, flow.body).toBe(200);
    expect((await callOf(callId)).answered_at).toEqual(talking.answered_at);

    // The client hangs up (the outbound dialog's sides are turned round by the SIP server): after-call work.
    expect((await ask('hangup', { call_id: callId, sip_call_id: body.sip_call_id, by: 'caller' })).statusCode).toBe(
      200,
    );
    expect(await callOf(callId)).toMatchObject({ status: 'after_call', agent_disconnected: false });
    expect(await statusOf(agent)).toBe('after_call_work');
  });

  it('unanswered: the call ends unanswered and the agent is back in Outbound Sales Calls', async () => {
    const { agent, lead, callId } = await dialling();
    await ask('route', invite(agent.extension as string, lead.phone));
    expect((await ask('unanswered', { call_id: callId, status: 486 })).statusCode).toBe(200);
    expect(await callOf(callId)).toMatchObject({ status: 'ended', end_reason: 'no_answer', answered_at: null });
    expect(await statusOf(agent)).toBe('outbound_sales_calls');
    // Heard again (a retransmission): nothing more happens.
    expect((await ask('unanswered', { call_id: callId, status: 486 })).statusCode).toBe(200);
    const bad = await ask('unanswered', { call_id: callId, status: 200 });
    expect(bad.statusCode).toBe(400);
  });
});
