import {
  SIP_REGISTRATION_EXPIRY_SECONDS,
  SIP_SECRET_HEADER,
  SOCKET_EVENTS,
  WARM_TRANSFER_PREFIX,
} from '@shiftline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSipCredentials, type SipTelephony, sipPassword } from '../../src/features/telephony/index.js';
import { signedInRequests } from '../support/requests.js';
import { connectSocket, waitForConnect, waitForEvent } from '../support/socketClient.js';
import { startTestApp, type TestApp } from '../support/testApp.js';
import { telephonyCentre, unreachableSip } from './centre.js';

const sip = unreachableSip();
let clock = Date.parse('2030-05-06T14:00:00Z');
let t: TestApp;
const { get, post } = signedInRequests(() => t);
const centre = telephonyCentre(() => t);

/** Kamailio's question, with the shared secret unless other headers are given. */
const ask = (url: string, payload: object, headers: Record<string, string> = { [SIP_SECRET_HEADER]: sip.secret }) =>
  t.app.inject({ method: 'POST', url: `/api/telephony/sip/${url}`, headers, payload });
let sipCalls = 0;
const routeBody = (to: string, extra: object = {}) => {
  sipCalls += 1;
  return {
    sip_call_id: `sip-${sipCalls}@test`,
    from: '+14165550123',
    to,
    cseq: 1,
    source: '127.0.0.1',
    hold_ms: 0,
    ...extra,
  };
};
const ready = (session: { cookie: string; csrf: string; userId: number }) =>
  post(session, '/api/status/set_new_status', { status_name: 'ready' });

beforeAll(async () => {
  t = await startTestApp({ sip }, { now: () => clock });
});
afterAll(() => t.close());

describe('softphone settings', () => {
  it('gives an agent with an extension credentials Kamailio accepts until they expire, 28800 s on', async () => {
    const { id } = await centre.campaign();
    const agent = await centre.agent(id);
    const answer = await get(agent, '/api/settings/get_settings');
    expect(answer.statusCode).toBe(200);
    const settings = answer.json();
    const expiry = clock / 1000 + SIP_REGISTRATION_EXPIRY_SECONDS;
    expect(settings).toEqual({
      token: {
        username: `${expiry}:${agent.extension}`,
        token: sipPassword(sip.secret, `${expiry}:${agent.extension}`),
        expires_at: new Date(expiry * 1000).toISOString(),
      },
      sip_domain: 'sip.test',
      sip_port: 5060,
      websocket_proxy_url: 'ws://sip.test:5060',
      desk_phone: false,
    });
    const { username, token } = settings.token;
    expect(checkSipCredentials(sip.secret, username, token, clock + 1000)).toEqual({ extension: agent.extension });
    expect(checkSipCredentials(sip.secret, username, token, expiry * 1000)).toEqual({ refused: 'expired' });
    expect(checkSipCredentials('another secret', username, token, clock)).toEqual({ refused: 'signature' });
    expect(checkSipCredentials(sip.secret, username.replace(/:.*/, ':9999'), token, clock)).toEqual({
      refused: 'signature',
    });
  });

  it('gives no credentials to a user without an extension', async () => {
    const { id } = await centre.campaign();
    const agent = await centre.agent(id, null);
    const settings = (await get(agent, '/api/settings/get_settings')).json();
    expect(settings.token).toBeNull();
    expect(settings.websocket_proxy_url).toBe('ws://sip.test:5060');
  });
});

describe("the SIP server's questions", () => {
  it('are refused without the shared secret (401) or with another one (403), before the body is read', async () => {
    const { number } = await centre.campaign();
    for (const url of ['route', 'park', 'answered', 'hangup', 'left', 'transfer']) {
      expect((await ask(url, routeBody(number), {})).statusCode).toBe(401);
      expect((await ask(url, { nonsense: true }, { [SIP_SECRET_HEADER]: 'guess' })).statusCode).toBe(403);
    }
  });

  it('refuses malformed questions with 400 naming the field', async () => {
    const { number } = await centre.campaign();
    const bad = await ask('route', { ...routeBody(number), hold_ms: 99_999_999 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('hold_ms');
    const noCaller = await ask('route', { from: 'x', to: number, cseq: 1, hold_ms: 0 });
    expect(noCaller.statusCode).toBe(400);
    expect(noCaller.json().error.fields).toHaveProperty('sip_call_id');
    const badHangup = await ask('hangup', { call_id: 'abc', by: 'caller' });
    expect(badHangup.statusCode).toBe(400);
    expect(badHangup.json().error.fields).toHaveProperty('call_id');
    const badBy = await ask('hangup', { call_id: '1', by: 'nobody' });
    expect(badBy.json().error.fields).toHaveProperty('by');
  });

  it('rejects a number no campaign answers', async () => {
    const answer = await ask('route', routeBody('0000000'));
    expect(answer.body).toBe('reject 404 No_such_number\n');
  });

  it('answers at once with the ready agent, and the call record follows the phones', async () => {
    const { id, number } = await centre.campaign();
    const agent = await centre.agent(id);
    await ready(agent);
    const body = routeBody(number);
    const answer = await ask('route', { ...body, hold_ms: 5000 });
    const [action, extension, callId, offer] = answer.body.trim().split(' ');
    expect([action, extension]).toEqual(['ring', agent.extension]);
    expect(offer).toMatch(new RegExp(`^${agent.userId}\\.\\d+$`));
    expect((await centre.callRow(callId as string)).status).toBe('offered');

    clock += 4000;
    const answered = await ask('answered', { call_id: callId, sip_call_id: body.sip_call_id, h_entry: 1, h_id: 2 });
    expect(answered.statusCode).toBe(200);
    expect((await centre.callRow(callId as string)).status).toBe('talking');
    expect(await centre.stateOf(agent.userId)).toBe('on_call');

    clock += 65_000;
    await ask('hangup', { call_id: callId, sip_call_id: body.sip_call_id, by: 'caller' });
    const ended = await centre.callRow(callId as string);
    expect(ended).toMatchObject({
      status: 'after_call',
      talk_seconds: 65,
      queue_seconds: 4,
      agent_disconnected: false,
    });
    expect(await centre.stateOf(agent.userId)).toBe('after_call_work');
  });

  it('holds the question while the call waits, and answers with the agent the engine offers it to', async () => {
    const { id, number } = await centre.campaign();
    const agent = await centre.agent(id);
    const body = routeBody(number);
    const first = await ask('route', body);
    expect(first.body).toBe('wait\n');
    const held = ask('route', { ...body, hold_ms: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = Date.now();
    await ready(agent);
    const answer = await held;
    expect(Date.now() - started).toBeLessThan(1000);
    const [action, extension] = answer.body.trim().split(' ');
    expect([action, extension]).toEqual(['ring', agent.extension]);
  });

  it('abandons a call whose caller leaves while it waits, counting the queue time', async () => {
    const { number } = await centre.campaign();
    const body = routeBody(number);
    expect((await ask('route', body)).body).toBe('wait\n');
    const held = ask('route', { ...body, hold_ms: 10_000 });
    clock += 30_000;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await ask('left', { sip_call_id: body.sip_call_id })).statusCode).toBe(200);
    expect((await held).body).toBe('reject 480 Call_ended\n');
    const call = await t.database.db
      .selectFrom('calls')
      .selectAll()
      .where('did', '=', number)
      .executeTakeFirstOrThrow();
    expect(call).toMatchObject({ abandoned: true, queue_seconds: 30, agent_id: null });
  });

  it('gives the call to an agent whose phone answered just after the engine took the offer back', async () => {
    const { id, number } = await centre.campaign();
    const first = await centre.agent(id);
    await ready(first);
    const body = routeBody(number);
    const [, , callId, offer] = (await ask('route', body)).body.trim().split(' ');
    const second = await centre.agent(id);
    await ready(second);
    clock += 21_000;
    await t.app.live.engine.sweep();
    expect(await centre.callRow(callId as string)).toMatchObject({ status: 'offered', agent_id: second.userId });
    expect(await centre.stateOf(first.userId)).toBe('not_ready_automatic');

    // The first phone's answer crossed the cancel: the caller talks to the first agent.
    await ask('answered', { call_id: callId, sip_call_id: body.sip_call_id, h_entry: 5, h_id: 6, offer });
    expect(await centre.callRow(callId as string)).toMatchObject({
      status: 'talking',
      agent_id: first.userId,
      queue_seconds: 21,
    });
    expect(await centre.stateOf(first.userId)).toBe('on_call');
    expect(await centre.stateOf(second.userId)).toBe('ready');
  });

  it('moves a transferred call to a ready agent, refusing one who is not free', async () => {
    const { id, number } = await centre.campaign();
    const first = await centre.agent(id);
    await ready(first);
    const body = routeBody(number);
    const [, , callId] = (await ask('route', body)).body.trim().split(' ');
    await ask('answered', { call_id: callId, sip_call_id: body.sip_call_id, h_entry: 1, h_id: 2 });
    const target = await centre.agent(id);
    const referTo = `<sip:${target.extension}@sip.test>`;

    const busy = await ask('transfer', { call_id: callId, refer_to: referTo });
    expect(busy.statusCode).toBe(409);
    expect(busy.body).toMatch(/^reject 409 /);
    expect((await centre.callRow(callId as string)).agent_id).toBe(first.userId);

    await ready(target);
    expect((await ask('transfer', { call_id: callId, refer_to: referTo })).statusCode).toBe(200);
    expect(await centre.stateOf(first.userId)).toBe('after_call_work');
    expect(await centre.stateOf(target.userId)).toBe('ringing');
    // The first leg's BYE ends nothing; the caller's INVITE to the target rings the target.
    await ask('hangup', { call_id: callId, sip_call_id: body.sip_call_id, by: 'agent' });
    expect((await centre.callRow(callId as string)).status).toBe('talking');
    const transferred = routeBody(target.extension as string);
    const ring = await ask('route', transferred);
    expect(ring.body.trim().split(' ').slice(0, 3)).toEqual(['ring', target.extension, callId]);
    await ask('answered', { call_id: callId, sip_call_id: transferred.sip_call_id, h_entry: 3, h_id: 4 });
    expect(await centre.stateOf(target.userId)).toBe('on_call');
    expect((await centre.callRow(callId as string)).agent_id).toBe(target.userId);
  });
});

describe('SIP legs', () => {
  it('are dropped once their call is no longer live, and an early cancel after 60 s', async () => {
    const { id, number } = await centre.campaign();
    const agent = await centre.agent(id);
    await ready(agent);
    const live = routeBody(number);
    const [, , liveCallId] = (await ask('route', live)).body.trim().split(' ');
    const db = t.database.db;
    // A call that ended without its leg being released (a process that died meanwhile).
    const ended = await t.app.live.engine.arrive({ campaignId: (await centre.campaign()).id, callerPhone: '+1416555' });
    await t.app.live.engine.abandon(ended.id);
    await db.insertInto('sip_legs').values({ call_id: ended.id, sip_call_id: 'lost@test' }).execute();
    await db
      .insertInto('sip_call_ids')
      .values([
        { sip_call_id: 'lost@test', call_id: ended.id },
        { sip_call_id: 'old-cancel@test', left_at: new Date(Date.now() - 61_000) },
        { sip_call_id: 'new-cancel@test', left_at: new Date() },
      ])
      .execute();
    await (t.app.live.telephony as SipTelephony).legs.expire();
    const legs = await db.selectFrom('sip_legs').select('call_id').execute();
    expect(legs.map((leg) => String(leg.call_id))).toContain(liveCallId);
    expect(legs.map((leg) => String(leg.call_id))).not.toContain(String(ended.id));
    const ids = (await db.selectFrom('sip_call_ids').select('sip_call_id').execute()).map((row) => row.sip_call_id);
    expect(ids).toEqual(expect.arrayContaining([live.sip_call_id, 'new-cancel@test']));
    expect(ids).not.toEqual(expect.arrayContaining(['lost@test']));
    expect(ids).not.toEqual(expect.arrayContaining(['old-cancel@test']));
  });
});

describe('warm transfer', () => {
  it('asks the agent on the call, relays their decline with their long name, and hangs up their leg once it moves', async () => {
    const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { id, number } = await centre.campaign();
    const onCall = await centre.agent(id);
    await ready(onCall);
    const body = routeBody(number);
    const [, , callId] = (await ask('route', body)).body.trim().split(' ');
    await ask('answered', { call_id: callId, sip_call_id: body.sip_call_id, h_entry: 1, h_id: 2 });
    const asker = await centre.agent(id);
    const agentSocket = connectSocket(baseUrl, onCall.cookie);
    const askerSocket = connectSocket(baseUrl, asker.cookie);
    try {
      await Promise.all([waitForConnect(agentSocket), waitForConnect(askerSocket)]);
      const asked = waitForEvent<Record<string, unknown>>(agentSocket, SOCKET_EVENTS.warmTransfer);
      const answer = await post(asker, '/api/telephony/warm_transfer', { call_id: Number(callId) });
      expect(answer.json()).toEqual({ status: 'ok' });
      const users = t.database.db.selectFrom('users').select(['first_name', 'second_name', 'extension']);
      const askerRow = await users.where('id', '=', asker.userId).executeTakeFirstOrThrow();
      const agentRow = await users.where('id', '=', onCall.userId).executeTakeFirstOrThrow();
      expect(await asked).toEqual({
        agent: `${askerRow.first_name} ${askerRow.second_name}`,
        campaign: expect.stringMatching(/^SIP /),
        call_id: Number(callId),
        extension: asker.extension,
        mode: 'ask',
      });

      const declined = waitForEvent(askerSocket, SOCKET_EVENTS.declineTransfer);
      agentSocket.emit(SOCKET_EVENTS.declineTransfer, { call_id: Number(callId), name: 'anything the page says' });
      expect(await declined).toEqual({
        call_id: Number(callId),
        name: `${agentRow.first_name} ${agentRow.second_name}`,
      });

      // Asked again and accepted: the agent's phone transfers to the prefixed extension; their leg is told to hang up.
      await post(asker, '/api/telephony/warm_transfer', { call_id: Number(callId) });
      await ready(asker);
      const hangUp = waitForEvent(agentSocket, SOCKET_EVENTS.startTransfer);
      const referTo = `<sip:${WARM_TRANSFER_PREFIX}${asker.extension}@sip.test>`;
      expect((await ask('transfer', { call_id: callId, refer_to: referTo })).statusCode).toBe(200);
      expect(await hangUp).toEqual({ call_id: Number(callId) });
      const transferred = routeBody(`${WARM_TRANSFER_PREFIX}${asker.extension}`);
      expect((await ask('route', transferred)).body.trim().split(' ').slice(0, 3)).toEqual([
        'ring',
        asker.extension,
        callId,
      ]);
    } finally {
      agentSocket.close();
      askerSocket.close();
    }
  });

  it('is refused for a call that is not connected, or by someone without an extension', async () => {
    const { id, number } = await centre.campaign();
    const body = routeBody(number);
    await ask('route', body);
    const call = await t.database.db
      .selectFrom('calls')
      .select('id')
      .where('did', '=', number)
      .executeTakeFirstOrThrow();
    const asker = await centre.agent(id);
    const queued = await post(asker, '/api/telephony/warm_transfer', { call_id: Number(call.id) });
    expect(queued.statusCode).toBe(409);
    expect(queued.json().error.fields).toHaveProperty('call_id');
    const bad = await post(asker, '/api/telephony/warm_transfer', { call_id: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('call_id');
  });
});

describe('call data from the softphone', () => {
  it('refuses bad call_data bodies with 4xx naming the field', async () => {
    const { id } = await centre.campaign();
    const agent = await centre.agent(id);
    const missing = await post(agent, '/api/inquiries/call_data', { flow_status: 'talk' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toHaveProperty('crm_call_id');
    const wrongFlow = await post(agent, '/api/inquiries/call_data', { crm_call_id: 1, flow_status: 'dance' });
    expect(wrongFlow.statusCode).toBe(400);
    expect(wrongFlow.json().error.fields).toHaveProperty('flow_status');
    const notTheirs = await post(agent, '/api/inquiries/call_data', { crm_call_id: 999_999_999, flow_status: 'talk' });
    expect(notTheirs.statusCode).toBe(404);
  });
});
