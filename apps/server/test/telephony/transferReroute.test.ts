import { OFFER_TIMEOUT_MS, SIP_SECRET_HEADER } from '@shiftline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcileLiveState } from '../../src/features/calls/index.js';
import { signedInRequests } from '../support/requests.js';
import { startTestApp, type TestApp } from '../support/testApp.js';
import { telephonyCentre, unreachableSip } from './centre.js';

// A transfer whose target never answers is rerouted (issue 14): the caller goes back to the campaign's queue and the
// router offers them to the next free agent; the target goes to Not ready (automatic) as for any missed offer, the
// transferring agent stays in their own after-call work. The call record stays one call: answered once, its queue
// time as first counted, the wait for the next agent as hold, the talk of both agents, and the final agent.

const sip = unreachableSip();
let clock = Date.parse('2030-05-07T14:00:00Z');

/** Both adapters: SIP (Kamailio's questions posted as Kamailio does) and the simulated network. */
describe.each([
  { adapter: 'SIP', withSip: true },
  { adapter: 'simulated', withSip: false },
])('a transfer nobody answers, $adapter', ({ withSip }) => {
  let t: TestApp;
  const { post } = signedInRequests(() => t);
  const centre = telephonyCentre(() => t);
  const ask = (url: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/telephony/sip/${url}`,
      headers: { [SIP_SECRET_HEADER]: sip.secret },
      payload,
    });
  let sipCalls = 0;
  const sipCall = (to: string) => {
    sipCalls += 1;
    return {
      sip_call_id: `reroute-${sipCalls}@test`,
      from: '+14165550123',
      to,
      cseq: 1,
      source: '127.0.0.1',
      hold_ms: 0,
    };
  };
  const ready = (session: { cookie: string; csrf: string; userId: number }) =>
    post(session, '/api/status/set_new_status', { status_name: 'ready' });
  const talk = (session: { cookie: string; csrf: string; userId: number }, callId: string) =>
    post(session, '/api/inquiries/call_data', { crm_call_id: Number(callId), flow_status: 'talk' });

  beforeAll(async () => {
    t = await startTestApp(withSip ? { sip } : {}, { now: () => clock });
  });
  afterAll(() => t.close());

  /** A call answered by `first` after 3 s in the queue, talking 60 s, then transferred to a ready `target`. */
  async function transferredCall() {
    const { id, number } = await centre.campaign();
    const first = await centre.agent(id);
    await ready(first);
    let callId: string;
    let invite: ReturnType<typeof sipCall> | null = null;
    if (withSip) {
      invite = sipCall(number);
      callId = (await ask('route', invite)).body.trim().split(' ')[2] as string;
      clock += 3000;
      await ask('answered', { call_id: callId, sip_call_id: invite.sip_call_id, h_entry: 1, h_id: 2 });
    } else {
      callId = String((await t.app.live.engine.arrive({ campaignId: id, callerPhone: '+14165550124' })).id);
      clock += 3000;
      expect((await talk(first, callId)).statusCode).toBe(200);
    }
    clock += 60_000;
    const target = await centre.agent(id);
    await ready(target);
    let transferredLeg: (ReturnType<typeof sipCall> & { offer: string }) | null = null;
    if (invite) {
      const transfer = await ask('transfer', { call_id: callId, refer_to: `<sip:${target.extension}@sip.test>` });
      expect(transfer.statusCode).toBe(200);
      // The first agent's leg ends; the caller's INVITE to the target rings the target.
      await ask('hangup', { call_id: callId, sip_call_id: invite.sip_call_id, by: 'agent' });
      const leg = sipCall(target.extension as string);
      const ring = (await ask('route', leg)).body.trim().split(' ');
      expect(ring.slice(0, 3)).toEqual(['ring', target.extension, callId]);
      transferredLeg = { ...leg, offer: ring[3] as string };
    } else {
      await t.app.live.engine.transfer(callId, target.userId);
    }
    expect(await centre.stateOf(target.userId)).toBe('ringing');
    return { campaignId: id, first, target, callId, transferredLeg };
  }

  it('goes back to the queue, is offered to the next free agent, and stays one call with the final agent', async () => {
    const { campaignId, first, target, callId, transferredLeg } = await transferredCall();
    if (transferredLeg) {
      // The target's phone gave up (Kamailio parks the caller's INVITE); the engine alone decides the miss.
      const { sip_call_id, offer } = transferredLeg;
      const parked = await ask('park', { sip_call_id, call_id: callId, offer, status: 408 });
      expect(parked.body).toBe('parked\n');
    }
    clock += OFFER_TIMEOUT_MS - 1000;
    await t.app.live.engine.sweep();
    expect((await centre.callRow(callId)).status).toBe('talking');

    clock += 2000;
    expect((await t.app.live.engine.sweep()).missed).toBe(1);
    expect(await centre.callRow(callId)).toMatchObject({ status: 'queued', agent_id: null, missed: true });
    expect(await centre.stateOf(target.userId)).toBe('not_ready_automatic');
    // The transferring agent is not charged: still in their own after-call work for the call.
    expect(await centre.stateOf(first.userId)).toBe('after_call_work');

    clock += 10_000;
    const next = await centre.agent(campaignId);
    await ready(next);
    expect(await centre.callRow(callId)).toMatchObject({ status: 'offered', agent_id: next.userId });
    expect(await centre.stateOf(next.userId)).toBe('ringing');
    if (transferredLeg) {
      // The offer continues the caller parked in Kamailio towards the next agent (taken once, whatever the process).
      await expect
        .poll(() =>
          t.database.db
            .selectFrom('sip_legs')
            .select(['parked', 'offer'])
            .where('call_id', '=', callId)
            .executeTakeFirst(),
        )
        .toMatchObject({ parked: false, offer: expect.stringMatching(new RegExp(`^${next.userId}\\.`)) });
    }

    clock += 2000;
    if (transferredLeg) {
      const offer = `${next.userId}.${clock - 2000}`;
      const answered = await ask('answered', {
        call_id: callId,
        sip_call_id: transferredLeg.sip_call_id,
        h_entry: 7,
        h_id: 8,
        offer,
      });
      expect(answered.statusCode).toBe(200);
    } else {
      expect((await talk(next, callId)).statusCode).toBe(200);
    }
    expect(await centre.stateOf(next.userId)).toBe('on_call');

    clock += 30_000;
    if (transferredLeg) {
      await ask('hangup', { call_id: callId, sip_call_id: transferredLeg.sip_call_id, by: 'caller' });
    } else {
      await t.app.live.engine.callerHungUp(callId);
    }
    const calls = await t.database.db.selectFrom('calls').selectAll().where('campaign_id', '=', campaignId).execute();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      id: callId,
      status: 'after_call',
      agent_id: next.userId,
      missed: true,
      abandoned: false,
      queue_seconds: 3,
      // Rang the target 21 s, waited 10 s, rang the next agent 2 s: without an agent, so on hold.
      hold_seconds: 33,
      // 60 s with the first agent, 30 s with the last.
      talk_seconds: 90,
      billed: true,
      agent_disconnected: false,
    });
    expect(await centre.stateOf(next.userId)).toBe('after_call_work');
  });

  it('ends answered, not abandoned, when the caller hangs up while waiting again', async () => {
    const { campaignId, callId, transferredLeg } = await transferredCall();
    clock += OFFER_TIMEOUT_MS + 1000;
    expect((await t.app.live.engine.sweep()).missed).toBe(1);
    clock += 5000;
    if (transferredLeg) {
      await ask('left', { sip_call_id: transferredLeg.sip_call_id, call_id: callId });
    } else {
      await t.app.live.engine.callerLeaves(callId);
    }
    const call = await centre.callRow(callId);
    expect(call).toMatchObject({
      status: 'ended',
      agent_id: null,
      abandoned: false,
      missed: true,
      queue_seconds: 3,
      hold_seconds: 26,
      talk_seconds: 60,
    });
    const queued = await t.database.db
      .selectFrom('calls')
      .select('id')
      .where('campaign_id', '=', campaignId)
      .where('status', '=', 'queued')
      .execute();
    expect(queued).toEqual([]);
  });

  // Last: a restart's reconciliation ends every live call of this file's database.
  it('is ended answered, not abandoned, by a restart while it waits again', async () => {
    const { callId } = await transferredCall();
    clock += OFFER_TIMEOUT_MS + 1000;
    expect((await t.app.live.engine.sweep()).missed).toBe(1);
    await reconcileLiveState(t.database.db, new Date(clock + 60_000));
    expect(await centre.callRow(callId)).toMatchObject({
      status: 'ended',
      end_reason: 'restart',
      abandoned: false,
      queue_seconds: 3,
      talk_seconds: 60,
    });
  });
});
