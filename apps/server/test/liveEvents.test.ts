import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInRequests } from './support/requests.js';
import { connectSocket, onLiveEvent, waitForConnect, waitForEvent } from './support/socketClient.js';
import { createTestUser, demoEmail, login, type Session, testAppForTests } from './support/testApp.js';

const t = testAppForTests();
let baseUrl: string;
const { post } = signedInRequests(() => t);
const sockets: Socket[] = [];

beforeAll(async () => {
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
});

async function socketOf(session: Session): Promise<Socket> {
  const socket = connectSocket(baseUrl, session.cookie);
  sockets.push(socket);
  await waitForConnect(socket);
  return socket;
}

/** Collects every payload of an event a socket hears, alone or in the live room's frames. */
function heard<T>(socket: Socket, event: string): T[] {
  const payloads: T[] = [];
  onLiveEvent(socket, event, (payload: T) => payloads.push(payload));
  return payloads;
}

describe('live events', () => {
  it('tells the agent and the live room of every status and call change, after it is committed', async () => {
    const campaign = await t.database.db
      .insertInto('campaigns')
      .values({ name: 'Events', unique_name: 'events', type: 'inbound' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const agentId = await createTestUser(t.database, { email: 'events.agent@test.local', timezone: 'America/Halifax' });
    await t.database.db.insertInto('campaign_agents').values({ campaign_id: campaign.id, user_id: agentId }).execute();
    const agent = await login(t.app, 'events.agent@test.local');
    const supervisor = await login(t.app, demoEmail('agent_supervisor'));
    const otherAgent = await login(t.app, demoEmail('agent'));

    const agentSocket = await socketOf(agent);
    const supervisorSocket = await socketOf(supervisor);
    const otherSocket = await socketOf(otherAgent);
    const joined = waitForEvent<{ rooms: string[] }>(supervisorSocket, 'join');
    supervisorSocket.emit('join', { rooms: ['live'] });
    expect((await joined).rooms).toContain('live');
    // An agent is not seated in the live room: other agents' statuses are not theirs to watch.
    const otherJoined = waitForEvent<{ rooms: string[] }>(otherSocket, 'join');
    otherSocket.emit('join', { rooms: ['live'] });
    expect((await otherJoined).rooms).not.toContain('live');

    const agentStates = heard<{
      user_id: number;
      status: string;
      old_status: string | null;
      customer: string | null;
      customer_phone: string | null;
      cold_call_id: number | null;
      call_type: string | null;
    }>(agentSocket, 'newAgentStateData');
    type Numbered = { seq: { epoch: string; campaigns: Record<string, number> } };
    const boardStates = heard<{ user_id: number; status: string } & Numbered>(supervisorSocket, 'newAgentStateData');
    const agentCalls = heard<{ call_id: number; status: string; agent_id: number | null }>(agentSocket, 'newCallData');
    const boardCalls = heard<{ call_id: number; status: string } & Numbered>(supervisorSocket, 'newCallData');
    const otherStates = heard(otherSocket, 'newAgentStateData');
    // The live room hears in frames, never the same event alone as well.
    const frames: unknown[] = [];
    const alone: unknown[] = [];
    supervisorSocket.on('liveBatch', (frame: unknown) => frames.push(frame));
    supervisorSocket.on('newAgentStateData', (event: unknown) => alone.push(event));
    supervisorSocket.on('newCallData', (event: unknown) => alone.push(event));

    await post(agent, '/api/status/set_new_status', { status_name: 'ready' });
    const call = await t.app.live.engine.arrive({ campaignId: campaign.id, callerPhone: '+19025550100' });
    const id = Number(call.id);
    await post(agent, '/api/inquiries/call_data', { crm_call_id: id, flow_status: 'talk' });
    await post(agent, `/api/inquiries/end_call/${id}`, { clicked: true });
    await post(agent, '/api/status/set_new_status', { status_name: 'ready', call_id: id });

    const expectedStates = ['ready', 'ringing', 'on_call', 'after_call_work', 'ready'];
    await expect.poll(() => agentStates.map((event) => event.status), { timeout: 5000 }).toEqual(expectedStates);
    // A state about a call names its customer (no name on file: the phone) and direction; others name none.
    expect(agentStates.map((event) => [event.customer, event.call_type])).toEqual([
      [null, null],
      ['+19025550100', 'inbound'],
      ['+19025550100', 'inbound'],
      ['+19025550100', 'inbound'],
      [null, null],
    ]);
    // Its phone too (what the report's phone cell dials); an inbound caller has no lead to dial.
    expect(agentStates.map((event) => [event.customer_phone, event.cold_call_id])).toEqual([
      [null, null],
      ['+19025550100', null],
      ['+19025550100', null],
      ['+19025550100', null],
      [null, null],
    ]);
    expect(agentStates.map((event) => event.old_status)).toEqual([
      null,
      'ready',
      'ringing',
      'on_call',
      'after_call_work',
    ]);
    await expect
      .poll(() => boardStates.filter((event) => event.user_id === agentId).map((event) => event.status))
      .toEqual(expectedStates);
    const expectedCalls = ['queued', 'offered', 'talking', 'after_call', 'ended'];
    await expect
      .poll(() => boardCalls.filter((event) => event.call_id === id).map((event) => event.status))
      .toEqual(expectedCalls);
    // The agent hears their call from the moment it is theirs (and, in their campaign's room, before).
    await expect
      .poll(() => agentCalls.filter((event) => event.call_id === id).map((event) => event.status))
      .toEqual(expectedCalls);
    expect(otherStates).toEqual([]);
    expect(frames.length).toBeGreaterThan(0);
    expect(alone).toEqual([]);

    // Every event is numbered in its campaign's stream, in commit order, with no number skipped or repeated: the
    // campaign's call events and its agent's state events share the stream.
    const stream = [...boardCalls, ...boardStates.filter((event) => event.user_id === agentId)]
      .map((event) => event.seq)
      .filter((seq) => seq.campaigns[campaign.id] !== undefined);
    expect(new Set(stream.map((seq) => seq.epoch)).size).toBe(1);
    const numbers = stream.map((seq) => seq.campaigns[campaign.id] as number).sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, index) => (numbers[0] as number) + index));
    expect(numbers).toHaveLength(expectedCalls.length + expectedStates.length);
    expect(boardCalls.map((event) => event.seq.campaigns[campaign.id])).toEqual(
      [...boardCalls.map((event) => event.seq.campaigns[campaign.id])].sort((a, b) => (a ?? 0) - (b ?? 0)),
    );
  });
});

describe('live events for a client portal', () => {
  it("reach the portal's page for its own company's calls only", async () => {
    const portal = await login(t.app, demoEmail('company_supervisor'));
    const company = await t.database.db
      .selectFrom('users')
      .select('company_id')
      .where('id', '=', portal.userId)
      .executeTakeFirstOrThrow();
    const [theirs, other] = await Promise.all(
      ['Portal own', 'Portal other'].map(
        async (name, index) =>
          (
            await t.database.db
              .insertInto('campaigns')
              .values({
                name,
                unique_name: name.toLowerCase().replace(' ', '_'),
                type: 'inbound',
                company_id: index === 0 ? company.company_id : null,
              })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
      ),
    );
    const socket = await socketOf(portal);
    const joined = waitForEvent<{ rooms: string[] }>(socket, 'join');
    socket.emit('join', { rooms: ['live'] });
    await joined;
    const calls = heard<{ campaign_id: number; status: string }>(socket, 'newCallData');
    await t.app.live.engine.arrive({ campaignId: other as number, callerPhone: '+19025550111' });
    const own = await t.app.live.engine.arrive({ campaignId: theirs as number, callerPhone: '+19025550112' });
    await expect.poll(() => calls.map((call) => call.campaign_id)).toEqual([theirs]);
    await t.app.live.engine.abandon(own.id);
    await expect.poll(() => calls.map((call) => call.status)).toEqual(['queued', 'abandoned']);
  });
});

describe('an agent enabled or disabled on a campaign', () => {
  it('tells the live room, with the campaigns the agent is enabled on now', async () => {
    const admin = await login(t.app, demoEmail('administrator'));
    const supervisor = await login(t.app, demoEmail('team_lead'));
    const socket = await socketOf(supervisor);
    const joined = waitForEvent<{ rooms: string[] }>(socket, 'join');
    socket.emit('join', { rooms: ['live'] });
    await joined;
    const agent = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', demoEmail('agent'))
      .executeTakeFirstOrThrow();
    const before = await t.database.db
      .selectFrom('campaign_agents')
      .select(['campaign_id', 'is_disabled'])
      .where('user_id', '=', agent.id)
      .orderBy('campaign_id')
      .execute();
    const toggled = before[0] as { campaign_id: number; is_disabled: boolean };
    const changed = waitForEvent<{ user_id: number; campaigns: number[] }>(socket, 'agent-campaigns-changed');
    const response = await post(admin, '/api/dashboards/disable-campaign-for-agent', {
      user: agent.id,
      campaign: toggled.campaign_id,
    });
    expect(response.statusCode).toBe(200);
    const enabledNow = before
      .filter((row) => (row.campaign_id === toggled.campaign_id ? row.is_disabled : !row.is_disabled))
      .map((row) => row.campaign_id);
    expect(await changed).toEqual({ user_id: agent.id, campaigns: enabledNow });
  });
});
