import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  kamailioInstalled,
  type RunningKamailio,
  sippInstalled,
  startKamailio,
} from '../../../../telephony/harness.mjs';
import { type RunningCallee, registerAgents, runSipp, scenario, startCallee } from '../../../../telephony/sipp.mjs';
import { coldCallFixtures } from '../coldCalls/fixtures.js';
import { signedInRequests } from '../support/requests.js';
import { startTestApp, type TestApp } from '../support/testApp.js';
import { telephonyCentre } from './centre.js';
import { eventually as eventuallyOr, kamailioSaid } from './kamailioApp.js';

// Outbound calls on real SIP: an agent's phone (a SIPp here, the browser's JsSIP in the browser test) dials the
// client of its outbound call through Kamailio, which asks the app and sends it on to the outbound gateway, a SIPp
// callee that answers or is busy. The call record follows.

const installed = kamailioInstalled() && sippInstalled();
const secret = 'kamailio-outbound-secret-0123456789';
let t: TestApp;
let port: number;
let appPort: number;
let kamailio: RunningKamailio | null = null;
let callee: RunningCallee | null = null;
const { get, post } = signedInRequests(() => t);
const centre = telephonyCentre(() => t);
const leads = coldCallFixtures(() => t);

const eventually = <T>(probe: () => Promise<T | null | undefined | false>, ms = 15_000) =>
  eventuallyOr(probe, { explain: () => kamailioSaid(kamailio), ms });

/** Kamailio with a callee answering with `answerChance` as its outbound gateway. */
async function network(answerChance: number) {
  callee = await startCallee({ answerChance, ringMs: 300 });
  kamailio = await startKamailio({
    appUrl: `http://127.0.0.1:${appPort}`,
    port,
    secret,
    holdMs: 5000,
    outboundGateway: callee.gateway,
  });
}

/** An outbound agent with an extension who dialled a lead in the app: the call waits for the phone to dial. */
async function dialling() {
  const campaignId = await leads.campaign();
  const agent = await centre.agent(campaignId, undefined, 'unregistered');
  // The agent's phone registers from the port it dials from: only that phone may dial as the agent.
  const phonePort = await freePort();
  const settings = (await get(agent, '/api/settings/get_settings')).json();
  await registerAgents(
    kamailio as RunningKamailio,
    [{ extension: agent.extension as string, username: settings.token.username, password: settings.token.token }],
    phonePort,
  );
  await t.database.db
    .updateTable('users')
    .set({ agent_call_type: 'outbound' })
    .where('id', '=', agent.userId)
    .execute();
  await post(agent, '/api/status/set_new_status', { status_name: 'outbound_sales_calls' });
  // Technical issues until Kamailio's report of the registration arrives.
  await eventually(async () => (await centre.stateOf(agent.userId)) === 'outbound_sales_calls');
  const lead = await leads.lead(campaignId);
  const answer = await post(agent, '/api/inquiries/cold_call', {
    abonent_number: lead.phone,
    cold_call_id: lead.id,
    check_simultaneous_calls: true,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return { agent, lead, callId: String(answer.json().call_id), phonePort };
}

/** The agent's phone: INVITEs the client's number from the agent's extension, talks `talkMs` once answered. */
const phoneDials = (extension: string, number: string, talkMs: number, phonePort: number) =>
  runSipp([
    `127.0.0.1:${port}`,
    '-sf',
    scenario('caller'),
    '-s',
    number,
    '-key',
    'caller',
    extension,
    '-i',
    '127.0.0.1',
    '-p',
    String(phonePort),
    '-m',
    '1',
    '-d',
    String(talkMs),
    '-timeout',
    '20s',
    '-timeout_error',
  ]);

const callOf = (id: string) =>
  t.database.db.selectFrom('calls').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe.skipIf(!installed)('outbound calls through Kamailio', () => {
  beforeAll(async () => {
    port = await freePort();
    const sip = {
      secret,
      domain: '127.0.0.1',
      port,
      wsUrl: `ws://127.0.0.1:${port}`,
      kamailioUrl: `http://127.0.0.1:${port}`,
    };
    t = await startTestApp({ sip });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    appPort = typeof address === 'object' && address ? address.port : 0;
  });
  afterEach(async () => {
    await kamailio?.stop();
    await callee?.stop();
    kamailio = null;
    callee = null;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a client who answers: the call talks, and ends in after-call work when the agent hangs up', async () => {
    await network(1);
    const { agent, lead, callId, phonePort } = await dialling();
    const phone = phoneDials(agent.extension as string, lead.phone, 1500, phonePort);
    await eventually(async () => (await callOf(callId)).status === 'talking');
    const result = await phone.done;
    expect(result.code, result.output).toBe(0);
    // The agent's phone hung up (its BYE): the agent disconnected, the form follows.
    const ended = await eventually(async () => {
      const call = await callOf(callId);
      return call.status === 'after_call' ? call : null;
    });
    expect(ended).toMatchObject({ agent_id: agent.userId, agent_disconnected: true });
    expect(ended.answered_at).not.toBeNull();
  });

  it('a busy client: the call ends unanswered and the agent is back in Outbound Sales Calls', async () => {
    await network(0);
    const { agent, lead, callId, phonePort } = await dialling();
    const phone = phoneDials(agent.extension as string, lead.phone, 1000, phonePort);
    const ended = await eventually(async () => {
      const call = await callOf(callId);
      return call.status === 'ended' ? call : null;
    });
    expect(ended).toMatchObject({ end_reason: 'no_answer', answered_at: null });
    // The phone heard the refusal (SIPp's caller scenario counts it a failed call).
    expect((await phone.done).code).not.toBe(0);
  });

  it('a number that is not the client of a dialling call is refused, and no call is placed', async () => {
    await network(1);
    const { agent, phonePort } = await dialling();
    const phone = phoneDials(agent.extension as string, '+14165550123', 500, phonePort);
    const result = await phone.done;
    expect(result.code).not.toBe(0);
    expect(callee?.output() ?? '').not.toMatch(/INVITE sip:\+14165550123/);
  });
});
