import { describe, expect, it } from 'vitest';
import { signedInRequests } from '../support/requests.js';
import { createTestUser, login, type Session, testAppForTests } from '../support/testApp.js';

// After a transfer the first agent is in after-call work for their part of the call (spec §4): their page reads the
// call as handed over, they may leave notes on it, and closing their form moves only them; the call goes on with the
// agent it was transferred to.

const t = testAppForTests();
const { get, post } = signedInRequests(() => t);
let count = 0;

async function agentOn(campaignId: number): Promise<Session> {
  count += 1;
  const email = `handover${count}.${Date.now()}@test.local`;
  const id = await createTestUser(t.database, { email, timezone: 'America/Toronto' });
  await t.database.db.insertInto('campaign_agents').values({ campaign_id: campaignId, user_id: id }).execute();
  const session = await login(t.app, email);
  expect((await post(session, '/api/status/set_new_status', { status_name: 'ready' })).statusCode).toBe(200);
  return session;
}

/** A call talking with `first`, transferred to `second` (ringing, the caller still connected). */
async function transferred() {
  count += 1;
  const { id: campaignId } = await t.database.db
    .insertInto('campaigns')
    .values({ name: `Handover ${count}`, unique_name: `handover_${count}_${Date.now()}`, type: 'inbound' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const first = await agentOn(campaignId);
  const call = await t.app.live.engine.arrive({ campaignId, callerPhone: '+14165550190' });
  const callId = Number(call.id);
  expect((await post(first, '/api/inquiries/call_data', { crm_call_id: callId, flow_status: 'talk' })).statusCode).toBe(
    200,
  );
  const second = await agentOn(campaignId);
  await t.app.live.engine.transfer(callId, second.userId);
  return { first, second, callId };
}

const statusOf = async (session: Session) =>
  (await get(session, '/api/status/get_current_status_info')).json() as { status: { name: string }; call_id: number };

describe('the first agent of a transferred call', () => {
  it('reads the call as handed over, and leaves notes on it', async () => {
    const { first, second, callId } = await transferred();
    expect(await statusOf(first)).toMatchObject({ status: { name: 'after_call_work' }, call_id: callId });
    const page = await get(first, `/api/inquiries/${callId}/get_call_data`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ agent_id: second.userId, handed_over: true, status: 'talking' });
    // The agent it went to reads it as theirs, not handed over.
    expect((await get(second, `/api/inquiries/${callId}/get_call_data`)).json()).toMatchObject({ handed_over: false });

    const notes = await post(first, `/api/inquiries/set_notes/${callId}`, { notes: 'Wants the premium plan' });
    expect(notes.statusCode, notes.body).toBe(200);
    expect((await get(second, `/api/inquiries/${callId}/get_call_data`)).json()).toMatchObject({
      notes: 'Wants the premium plan',
    });
    // Nothing else of the call is theirs to change any more.
    expect((await post(first, `/api/inquiries/${callId}/blacklist`)).statusCode).toBe(403);
  });

  it('closes their part with the form: only they move, the call stays with the agent it went to', async () => {
    const { first, second, callId } = await transferred();
    const closed = await post(first, '/api/status/set_new_status', { status_name: 'ready', call_id: callId });
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await statusOf(first)).status.name).toBe('ready');
    const call = (await get(second, `/api/inquiries/${callId}/get_call_data`)).json();
    expect(call).toMatchObject({ agent_id: second.userId, status: 'talking', ended_at: null });
    expect((await statusOf(second)).status.name).toBe('ringing');
    // Done with it: the call is no longer theirs to read or close.
    expect((await get(first, `/api/inquiries/${callId}/get_call_data`)).statusCode).toBe(403);
    const again = await post(first, '/api/status/set_new_status', { status_name: 'meeting', call_id: callId });
    expect(again.statusCode).toBe(403);
  });

  it('is refused for anyone else’s call: an agent who never had it cannot close it', async () => {
    const { callId } = await transferred();
    count += 1;
    const email = `stranger${count}.${Date.now()}@test.local`;
    await createTestUser(t.database, { email, timezone: 'America/Toronto' });
    const stranger = await login(t.app, email);
    await post(stranger, '/api/status/set_new_status', { status_name: 'ready' });
    const closed = await post(stranger, '/api/status/set_new_status', { status_name: 'meeting', call_id: callId });
    expect(closed.statusCode).toBe(403);
    expect((await get(stranger, `/api/inquiries/${callId}/get_call_data`)).statusCode).toBe(403);
    expect((await post(stranger, `/api/inquiries/set_notes/${callId}`, { notes: 'x' })).statusCode).toBe(403);
  });
});
