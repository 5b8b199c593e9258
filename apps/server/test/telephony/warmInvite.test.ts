import { SIP_SECRET_HEADER, SOCKET_EVENTS, WARM_TRANSFER_PREFIX } from '@shiftline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInRequests } from '../support/requests.js';
import { connectSocket, waitForConnect, waitForEvent } from '../support/socketClient.js';
import { startTestApp, type TestApp } from '../support/testApp.js';
import { telephonyCentre, unreachableSip } from './centre.js';

// Warm transfer asked from the call page (spec §4): the agent on the call invites an agent of the campaign; the one
// invited is asked '{agent} wants to add you to the conference…'; accepting tells the inviting agent's phone to
// transfer the call to the invited agent's prefixed extension; declining reaches the inviting agent with the name.

const sip = unreachableSip();
let t: TestApp;
let baseUrl = '';
const { post } = signedInRequests(() => t);
const centre = telephonyCentre(() => t);
let sipCalls = 0;

const ask = (url: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/telephony/sip/${url}`,
    headers: { [SIP_SECRET_HEADER]: sip.secret },
    payload,
  });

beforeAll(async () => {
  t = await startTestApp({ sip });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

/** A connected call of a new campaign with its agent, and a second agent of that campaign. */
async function connected() {
  const { id, number } = await centre.campaign();
  const onCall = await centre.agent(id);
  await post(onCall, '/api/status/set_new_status', { status_name: 'ready' });
  sipCalls += 1;
  const body = {
    sip_call_id: `invite-${sipCalls}@test`,
    from: '+14165550123',
    to: number,
    cseq: 1,
    source: '127.0.0.1',
    hold_ms: 0,
  };
  const [, , callId] = (await ask('route', body)).body.trim().split(' ');
  await ask('answered', { call_id: callId, sip_call_id: body.sip_call_id, h_entry: 1, h_id: 2 });
  const invited = await centre.agent(id);
  return { campaignId: id, onCall, invited, callId: Number(callId) };
}

const names = async (userId: number) => {
  const row = await t.database.db
    .selectFrom('users')
    .select(['first_name', 'second_name'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return `${row.first_name} ${row.second_name}`;
};

describe('a warm transfer the agent on the call asks for', () => {
  it('asks the invited agent; a decline reaches the asker; an accept has the asker’s phone transfer to them', async () => {
    const { onCall, invited, callId } = await connected();
    const agentSocket = connectSocket(baseUrl, onCall.cookie);
    const invitedSocket = connectSocket(baseUrl, invited.cookie);
    try {
      await Promise.all([waitForConnect(agentSocket), waitForConnect(invitedSocket)]);
      const asked = waitForEvent<Record<string, unknown>>(invitedSocket, SOCKET_EVENTS.warmTransfer);
      const answer = await post(onCall, '/api/telephony/warm_transfer', { call_id: callId, agent_id: invited.userId });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(await asked).toEqual({
        agent: await names(onCall.userId),
        campaign: expect.stringMatching(/^SIP /),
        call_id: callId,
        extension: invited.extension,
        mode: 'invite',
      });

      const declined = waitForEvent(agentSocket, SOCKET_EVENTS.declineTransfer);
      invitedSocket.emit(SOCKET_EVENTS.declineTransfer, { call_id: callId, name: 'whatever the page says' });
      expect(await declined).toEqual({ call_id: callId, name: await names(invited.userId) });
      // Declined: nothing left to accept.
      expect((await post(invited, '/api/telephony/warm_transfer/accept', { call_id: callId })).statusCode).toBe(409);

      await post(onCall, '/api/telephony/warm_transfer', { call_id: callId, agent_id: invited.userId });
      const go = waitForEvent<Record<string, unknown>>(agentSocket, SOCKET_EVENTS.warmTransfer);
      const accepted = await post(invited, '/api/telephony/warm_transfer/accept', { call_id: callId });
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(await go).toEqual({
        agent: await names(invited.userId),
        campaign: expect.stringMatching(/^SIP /),
        call_id: callId,
        extension: invited.extension,
        mode: 'accepted',
      });
      // The asker's phone then sends REFER to the prefixed extension, and the call moves as any warm transfer.
      await post(invited, '/api/status/set_new_status', { status_name: 'ready' });
      const referTo = `<sip:${WARM_TRANSFER_PREFIX}${invited.extension}@sip.test>`;
      expect((await ask('transfer', { call_id: String(callId), refer_to: referTo })).statusCode).toBe(200);
      // Accepted once: a second accept finds nothing.
      expect((await post(invited, '/api/telephony/warm_transfer/accept', { call_id: callId })).statusCode).toBe(409);
    } finally {
      agentSocket.close();
      invitedSocket.close();
    }
  });

  it('is the call’s agent’s to ask, for an agent of the campaign with an extension', async () => {
    const { campaignId, onCall, invited, callId } = await connected();
    // Only the agent on the call invites.
    const notTheirs = await post(invited, '/api/telephony/warm_transfer', { call_id: callId, agent_id: onCall.userId });
    expect(notTheirs.statusCode).toBe(403);
    // Not themselves, not someone off the campaign, not someone without an extension.
    const self = await post(onCall, '/api/telephony/warm_transfer', { call_id: callId, agent_id: onCall.userId });
    expect(self.statusCode).toBe(409);
    const other = await centre.campaign();
    const stranger = await centre.agent(other.id);
    const off = await post(onCall, '/api/telephony/warm_transfer', { call_id: callId, agent_id: stranger.userId });
    expect(off.statusCode).toBe(409);
    expect(off.json().error.fields).toHaveProperty('agent_id');
    const noPhone = await centre.agent(campaignId, null);
    const none = await post(onCall, '/api/telephony/warm_transfer', { call_id: callId, agent_id: noPhone.userId });
    expect(none.json().error.fields).toEqual({ agent_id: 'has no extension' });
    // Hostile ids and unknown fields are 400s naming the field.
    const huge = await post(onCall, '/api/telephony/warm_transfer', { call_id: callId, agent_id: 2 ** 31 });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error.fields).toHaveProperty('agent_id');
    const extra = await post(onCall, '/api/telephony/warm_transfer', { call_id: callId, sql: "1' OR '1'='1" });
    expect(extra.statusCode).toBe(400);
    // Someone never invited cannot accept.
    expect((await post(stranger, '/api/telephony/warm_transfer/accept', { call_id: callId })).statusCode).toBe(409);
  });
});
