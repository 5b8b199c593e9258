import { OFFER_TIMEOUT_MS } from '@shiftline/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInRequests } from './support/requests.js';
import { connectSocket, onLiveEvent, waitForConnect } from './support/socketClient.js';
import { createTestUser, login, type Session, startTestApp, type TestApp } from './support/testApp.js';

/*
 * Issue 26 item 1: an offer that ends without the agent's answer takes the call from them (agent_id null), so the
 * call's event no longer went to their room and their page never learnt. The event now names the agent it left
 * (old_agent_id) and reaches them.
 */

let clock = Date.parse('2030-03-04T15:00:00Z');
let t: TestApp;
let baseUrl: string;
const { post } = signedInRequests(() => t);
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await startTestApp({}, { now: () => clock });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

let count = 0;
async function agentOnNewCampaign(): Promise<{ session: Session; userId: number; campaignId: number }> {
  count += 1;
  const campaign = await t.database.db
    .insertInto('campaigns')
    .values({ name: `Offer end ${count}`, unique_name: `offer_end_${count}`, type: 'inbound' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const email = `offer.end${count}@test.local`;
  const userId = await createTestUser(t.database, { email, timezone: 'America/Toronto' });
  await t.database.db.insertInto('campaign_agents').values({ campaign_id: campaign.id, user_id: userId }).execute();
  return { session: await login(t.app, email), userId, campaignId: campaign.id };
}

type CallEvent = { call_id: number; status: string; old_status: string | null; agent_id: number | null } & {
  old_agent_id: number | null;
};

async function callEventsOf(session: Session): Promise<CallEvent[]> {
  const socket = connectSocket(baseUrl, session.cookie);
  sockets.push(socket);
  await waitForConnect(socket);
  const heard: CallEvent[] = [];
  onLiveEvent(socket, 'newCallData', (event: CallEvent) => heard.push(event));
  return heard;
}

const until = async (check: () => boolean) => {
  for (let tries = 0; tries < 200 && !check(); tries += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
};

describe("an offer's end reaches the agent it was offered to", () => {
  it('an offer that rang out: the call back in the queue, old_agent_id the agent, heard on their socket', async () => {
    const { session, userId, campaignId } = await agentOnNewCampaign();
    const heard = await callEventsOf(session);
    await post(session, '/api/status/set_new_status', { status_name: 'ready' });
    const call = await t.app.live.engine.arrive({ campaignId, callerPhone: '+14165550111' });
    const id = Number(call.id);
    await until(() => heard.some((event) => event.call_id === id && event.status === 'offered'));
    expect(heard.find((event) => event.status === 'offered')).toMatchObject({ agent_id: userId, old_agent_id: null });

    clock += OFFER_TIMEOUT_MS + 1000;
    expect((await t.app.live.engine.sweep()).missed).toBeGreaterThanOrEqual(1);
    await until(() => heard.some((event) => event.call_id === id && event.old_status === 'offered'));
    expect(heard.find((event) => event.call_id === id && event.old_status === 'offered')).toMatchObject({
      old_status: 'offered',
      agent_id: null,
      old_agent_id: userId,
    });
  });

  it('an offer the phone refused (offerFailed) is heard the same way', async () => {
    const { session, userId, campaignId } = await agentOnNewCampaign();
    const heard = await callEventsOf(session);
    await post(session, '/api/status/set_new_status', { status_name: 'ready' });
    const call = await t.app.live.engine.arrive({ campaignId, callerPhone: '+14165550112' });
    expect(await t.app.live.engine.offerFailed(call.id, userId, 'declined')).toBe(true);
    const missed = (event: CallEvent) => event.call_id === Number(call.id) && event.old_status === 'offered';
    await until(() => heard.some(missed));
    expect(heard.find(missed)).toMatchObject({ status: 'queued', agent_id: null, old_agent_id: userId });
  });
});
