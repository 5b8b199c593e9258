import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, kamailioInstalled, type RunningKamailio, sippInstalled } from '../../../../telephony/harness.mjs';
import { registerAgents, runSipp, type SippRun, scenario } from '../../../../telephony/sipp.mjs';
import { hoursColumns } from '../../src/features/campaigns/index.js';
import { signedInRequests } from '../support/requests.js';
import { type TestApp } from '../support/testApp.js';
import { telephonyCentre } from './centre.js';
import { eventually as eventuallyOr, type KamailioApp, kamailioSaid, startKamailioApp } from './kamailioApp.js';

// Real Kamailio and SIPp (Debian's kamailio*, sip-tester; `npm run telephony` or .ci/run installs them).
const installed = kamailioInstalled() && sippInstalled();
if (!installed) console.warn('Skipping the Kamailio tests: kamailio and sipp are not installed (npm run telephony).');

let t: TestApp;
let kamailio: RunningKamailio;
let running: KamailioApp | undefined;
let phones: SippRun;
let phonesPort: number;
/** The engine's clock runs ahead by this much (an offer rings out without waiting 20 s). */
let ahead = 0;
const { get, post } = signedInRequests(() => t);
const centre = telephonyCentre(() => t);
const secret = 'kamailio-test-secret-0123456789';

/** Waits until `probe` gives a value (polling), or fails after `ms`. */
const eventually = <T>(probe: () => Promise<T | null | undefined | false>, ms = 15_000) =>
  eventuallyOr(probe, { explain: () => kamailioSaid(kamailio), ms });

describe.skipIf(!installed)('calls through Kamailio', () => {
  beforeAll(async () => {
    running = await startKamailioApp({ kamailio: { secret }, now: () => Date.now() + ahead });
    ({ t, kamailio } = running);
    phonesPort = await freePort();
    // The agents' phones: ring 300 ms, answer, wait for a BYE.
    phones = runSipp(['-sf', scenario('agent'), '-i', '127.0.0.1', '-p', String(phonesPort)]);
  });
  afterAll(async () => {
    await phones?.stop();
    await running?.close();
  });

  /** A ready agent on the campaign whose phone (a SIPp) is registered at Kamailio with get_settings' token. */
  async function registeredAgent(campaignId: number, phonePort = phonesPort) {
    const agent = await centre.agent(campaignId, undefined, 'unregistered');
    const settings = (await get(agent, '/api/settings/get_settings')).json();
    await registerAgents(
      kamailio,
      [{ extension: agent.extension as string, username: settings.token.username, password: settings.token.token }],
      phonePort,
    );
    await post(agent, '/api/status/set_new_status', { status_name: 'ready' });
    // Ready needs a registered phone.
    // Technical issues until Kamailio's report of the registration arrives (then Ready, or ringing at once).
    await eventually(async () => ((await centre.stateOf(agent.userId)) !== 'technical_issues' ? true : null), 5000);
    return agent;
  }

  /** A SIPp caller dialling the campaign's number, talking `talkMs` once answered, then hanging up. */
  const dial = (number: string, talkMs: number, flavour: 'caller' | 'caller-leaves' = 'caller') =>
    runSipp([
      `127.0.0.1:${kamailio.port}`,
      '-sf',
      scenario(flavour),
      '-s',
      number,
      '-key',
      'caller',
      '+14165550144',
      '-i',
      '127.0.0.1',
      '-m',
      '1',
      '-d',
      String(talkMs),
      '-timeout',
      '60s',
      '-timeout_error',
    ]);
  const callTo = (number: string) =>
    eventually(() => t.database.db.selectFrom('calls').selectAll().where('did', '=', number).executeTakeFirst());

  it("a caller reaches a registered agent through the app's router; the record has the talk time", async () => {
    const { id, number } = await centre.campaign();
    const agent = await registeredAgent(id);
    const caller = runSipp([
      `127.0.0.1:${kamailio.port}`,
      '-sf',
      scenario('caller'),
      '-s',
      number,
      '-key',
      'caller',
      '+14165550142',
      '-i',
      '127.0.0.1',
      '-m',
      '1',
      '-d',
      '2000',
      '-timeout',
      '20s',
      '-timeout_error',
    ]);
    const result = await caller.done;
    expect(result.code, `${result.output.slice(-3000)}\n${kamailio.log().slice(-3000)}`).toBe(0);
    const call = await eventually(async () => {
      const row = await t.database.db.selectFrom('calls').selectAll().where('did', '=', number).executeTakeFirst();
      return row?.status === 'after_call' ? row : null;
    });
    expect(call.agent_id).toBe(agent.userId);
    expect(call.answered_at).not.toBeNull();
    expect(call.talk_seconds).toBeGreaterThanOrEqual(2);
    expect(call.talk_seconds).toBeLessThanOrEqual(3);
    expect(call.agent_disconnected).toBe(false);
    expect(await centre.stateOf(agent.userId)).toBe('after_call_work');
  });

  it('a caller who hangs up while nobody is free abandons the call, which is offered to nobody after', async () => {
    const { id, number } = await centre.campaign();
    const caller = runSipp([
      `127.0.0.1:${kamailio.port}`,
      '-sf',
      scenario('caller-leaves'),
      '-s',
      number,
      '-key',
      'caller',
      '+14165550143',
      '-i',
      '127.0.0.1',
      '-m',
      '1',
      '-d',
      '1500',
      '-timeout',
      '20s',
      '-timeout_error',
    ]);
    const result = await caller.done;
    expect(result.code, `${result.output.slice(-3000)}\n${kamailio.log().slice(-3000)}`).toBe(0);
    const call = await eventually(async () => {
      const row = await t.database.db.selectFrom('calls').selectAll().where('did', '=', number).executeTakeFirst();
      return row?.abandoned ? row : null;
    });
    expect(call.queue_seconds).toBeGreaterThanOrEqual(1);
    expect(call.answered_at).toBeNull();
    // An agent who goes Ready afterwards is offered nothing: the caller is gone (no ghost in the queue).
    const agent = await registeredAgent(id);
    await t.app.live.engine.sweep();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await centre.stateOf(agent.userId)).toBe('ready');
    expect(await centre.callRow(call.id)).toMatchObject({ abandoned: true, agent_id: null, offered_at: null });
    expect(kamailio.log()).not.toMatch(/Relay Failed/);
  });

  /** A SIPp caller from `caller` to `number` whose scenario expects the centre's refusal (603, 480). */
  async function callerRefused(refusal: 'caller-declined' | 'caller-closed', number: string, caller: string) {
    const refused = await runSipp([
      `127.0.0.1:${kamailio.port}`,
      '-sf',
      scenario(refusal),
      '-s',
      number,
      '-key',
      'caller',
      caller,
      '-i',
      '127.0.0.1',
      '-m',
      '1',
      '-timeout',
      '20s',
      '-timeout_error',
    ]).done;
    expect(refused.code, `${refused.output.slice(-2000)}\n${kamailio.log().slice(-2000)}`).toBe(0);
  }

  it('a blacklisted or do-not-call caller hears 603 Decline, is logged as blocked and never rings an agent', async () => {
    const { id, number } = await centre.campaign();
    const agent = await registeredAgent(id);
    const { db } = t.database;
    // Blacklisted as written otherwise (its E.164 form matches), and a do-not-call number.
    await db
      .insertInto('clients')
      .values({ phone: '416-555-0149', phone_e164: '+14165550149', blocked: true })
      .execute();
    await db.insertInto('do_not_call').values({ phone: '+14165550148' }).execute();
    for (const caller of ['+14165550149', '+14165550148']) {
      await callerRefused('caller-declined', number, caller);
    }
    const calls = await db.selectFrom('calls').selectAll().where('did', '=', number).orderBy('id').execute();
    expect(calls.map((call) => [call.status, call.block_reason, call.agent_id, call.offered_at])).toEqual([
      ['blocked', 'blacklist', null, null],
      ['blocked', 'dnc', null, null],
    ]);
    expect(await centre.stateOf(agent.userId)).toBe('ready');
    const rang = await db
      .selectFrom('agent_state_log')
      .select('id')
      .where('user_id', '=', agent.userId)
      .where('state', '=', 'ringing')
      .execute();
    expect(rang).toEqual([]);
  });

  it('a caller outside the campaign’s working hours hears 480, is logged as such and never rings an agent', async () => {
    const { id, number } = await centre.campaign();
    const agent = await registeredAgent(id);
    const { db } = t.database;
    // Closed every day of the week, whenever the test runs.
    await db
      .updateTable('campaigns')
      .set(hoursColumns({ time_zone: 'America/St_Johns', weekly: Array(7).fill(null), holidays: [] }))
      .where('id', '=', id)
      .execute();
    await callerRefused('caller-closed', number, '+14165550147');
    const calls = await db.selectFrom('calls').selectAll().where('did', '=', number).execute();
    expect(calls.map((call) => [call.status, call.block_reason, call.agent_id, call.offered_at])).toEqual([
      ['blocked', 'closed', null, null],
    ]);
    expect(await centre.stateOf(agent.userId)).toBe('ready');
  });

  it('an offer that rings out is cancelled and the caller goes to the next agent', async () => {
    const { id, number } = await centre.campaign();
    const silentPort = await freePort();
    const silent = runSipp(['-sf', scenario('agent-unanswered'), '-i', '127.0.0.1', '-p', String(silentPort)]);
    try {
      const first = await registeredAgent(id, silentPort);
      const caller = dial(number, 1000);
      const offered = await eventually(async () => {
        const call = await callTo(number);
        return call.status === 'offered' ? call : null;
      });
      expect(offered.agent_id).toBe(first.userId);
      const second = await registeredAgent(id);
      ahead += 21_000;
      await t.app.live.engine.sweep();
      const result = await caller.done;
      expect(result.code, `${result.output.slice(-3000)}\n${kamailio.log().slice(-3000)}`).toBe(0);
      const call = await eventually(async () => {
        const row = await callTo(number);
        return row.status === 'after_call' ? row : null;
      });
      expect(call).toMatchObject({ agent_id: second.userId, missed: true, agent_disconnected: false });
      expect(call.talk_seconds).toBeGreaterThanOrEqual(1);
      expect(await centre.stateOf(first.userId)).toBe('not_ready_automatic');
    } finally {
      await silent.stop();
    }
  });

  it("a transfer whose target never answers goes back to the queue and on to the next free agent's phone", async () => {
    const { id, number } = await centre.campaign();
    const first = await registeredAgent(id);
    const firstCaller = dial(number, 1500);
    const call = await eventually(async () => {
      const row = await callTo(number);
      return row.status === 'talking' ? row : null;
    });
    const silentPort = await freePort();
    const silent = runSipp(['-sf', scenario('agent-unanswered'), '-i', '127.0.0.1', '-p', String(silentPort)]);
    try {
      const target = await registeredAgent(id, silentPort);
      // The first agent's phone transfers (Kamailio relays its REFER to the app as this question); the caller's phone
      // then dials the target's extension with a new INVITE (a second SIPp caller plays that INVITE).
      const refer = await t.app.inject({
        method: 'POST',
        url: '/api/telephony/sip/transfer',
        headers: { 'x-shiftline-secret': secret },
        payload: { call_id: String(call.id), refer_to: `<sip:${target.extension}@127.0.0.1>` },
      });
      expect(refer.statusCode, refer.body).toBe(200);
      const transferredCaller = dial(target.extension as string, 2000);
      await eventually(async () => {
        const leg = await t.database.db
          .selectFrom('sip_legs')
          .select('cseq')
          .where('call_id', '=', String(call.id))
          .where('transfer_to', 'is', null)
          .executeTakeFirst();
        return leg?.cseq ?? null;
      });
      // The first dialog's BYE (the leg the call left) ends nothing: the call still rings the target.
      await firstCaller.done;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(await callTo(number)).toMatchObject({ status: 'talking', agent_id: target.userId });
      // The target's phone rings on; the engine misses the transfer: its branch is cancelled, the caller parked.
      ahead += 21_000;
      expect((await t.app.live.engine.sweep()).missed).toBe(1);
      expect(await centre.stateOf(target.userId)).toBe('not_ready_automatic');
      await eventually(async () => {
        const leg = await t.database.db
          .selectFrom('sip_legs')
          .select('parked')
          .where('call_id', '=', String(call.id))
          .executeTakeFirst();
        return leg?.parked ? leg : null;
      });
      // The next agent to come free gets the call: Kamailio continues the parked INVITE to their phone.
      const next = await registeredAgent(id);
      const result = await transferredCaller.done;
      expect(result.code, `${result.output.slice(-3000)}\n${kamailio.log().slice(-3000)}`).toBe(0);
      const ended = await eventually(async () => {
        const row = await callTo(number);
        return row.status === 'after_call' ? row : null;
      });
      expect(ended).toMatchObject({ agent_id: next.userId, missed: true, abandoned: false, agent_disconnected: false });
      expect(await centre.stateOf(first.userId)).toBe('after_call_work');
      expect(await centre.stateOf(next.userId)).toBe('after_call_work');
    } finally {
      await silent.stop();
    }
  });

  it('an agent ending the call in the app hangs up both phones', async () => {
    const { id, number } = await centre.campaign();
    const agent = await registeredAgent(id);
    const started = Date.now();
    const caller = dial(number, 30_000);
    const call = await eventually(async () => {
      const row = await callTo(number);
      return row.status === 'talking' ? row : null;
    });
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const ended = await post(agent, `/api/inquiries/end_call/${call.id}`, { clicked: true });
    expect(ended.statusCode).toBe(200);
    // The caller's phone got the BYE long before it would have hung up itself.
    await caller.done;
    expect(Date.now() - started).toBeLessThan(15_000);
    const row = await callTo(number);
    expect(row).toMatchObject({ status: 'after_call', agent_disconnected: true });
    expect(row.talk_seconds).toBeGreaterThanOrEqual(1);
  });

  it('refuses a registration whose credentials have expired', async () => {
    const { id } = await centre.campaign();
    const agent = await centre.agent(id);
    const { createHmac } = await import('node:crypto');
    const username = `${Math.floor(Date.now() / 1000) - 10}:${agent.extension}`;
    const password = createHmac('sha1', secret).update(username).digest('base64');
    await expect(
      registerAgents(kamailio, [{ extension: agent.extension as string, username, password }], phonesPort),
    ).rejects.toThrow(/registration failed/);
    // The same extension with get_settings' fresh credentials registers.
    const settings = (await get(agent, '/api/settings/get_settings')).json();
    await registerAgents(
      kamailio,
      [{ extension: agent.extension as string, username: settings.token.username, password: settings.token.token }],
      phonesPort,
    );
  });
});
