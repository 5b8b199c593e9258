import { boardFromSnapshot, countersOf } from '@shiftline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInRequests } from './support/requests.js';
import { createTestUser, demoEmail, login, type Session, startTestApp, type TestApp } from './support/testApp.js';

// The live supervision reports over a floor the call engine moves: who is on call, ready, not ready or gone, and
// how long callers wait (operations spec §2.3, §3, §4).

let clock = Date.parse('2030-06-03T15:00:00Z');
let t: TestApp;
const { post } = signedInRequests(() => t);
let supervisor: Session;
let campaignId: number;
const agents: Record<string, number> = {};
const agentOf = (id: number) => ({ id, role: 'agent' as const, agent_call_type: null });

beforeAll(async () => {
  t = await startTestApp({}, { now: () => clock });
  supervisor = await login(t.app, demoEmail('team_lead'));
  campaignId = (
    await t.database.db
      .insertInto('campaigns')
      .values({ name: 'Floor', unique_name: 'floor', type: 'inbound' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  for (const name of ['talker', 'holder', 'readyEarly', 'readyLate', 'personal', 'meeting', 'gone']) {
    agents[name] = await createTestUser(t.database, { email: `${name}@floor.test`, timezone: 'America/St_Johns' });
    await t.database.db
      .insertInto('campaign_agents')
      .values({ campaign_id: campaignId, user_id: agents[name] })
      .execute();
  }
  const { engine } = t.app.live;
  const set = (name: string, status: string) =>
    engine.setStatus(agentOf(agents[name] as number), { status_name: status });
  await set('gone', 'ready');
  clock += 1000;
  await set('gone', 'logged_out');
  await set('talker', 'ready');
  const first = await engine.arrive({ campaignId, callerPhone: '+17095550101' });
  await engine.flow(agentOf(agents.talker as number), Number(first.id), 'talk');
  clock += 1000;
  await set('holder', 'ready');
  const second = await engine.arrive({ campaignId, callerPhone: '+17095550102' });
  await engine.flow(agentOf(agents.holder as number), Number(second.id), 'talk');
  await engine.flow(agentOf(agents.holder as number), Number(second.id), 'hold');
  await set('personal', 'not_ready_personal');
  await set('meeting', 'meeting');
  clock += 1000;
  await set('readyEarly', 'ready');
  clock += 5000;
  await set('readyLate', 'ready');
  // Both ready agents are now busy with these two; the third waits in the queue.
  await engine.arrive({ campaignId, callerPhone: '+17095550103' });
  await engine.arrive({ campaignId, callerPhone: '+17095550104' });
  clock += 40_000;
  await engine.arrive({ campaignId, callerPhone: '+17095550105', callback: { voiceMail: false } });
  clock += 20_000;
}, 60_000);
afterAll(() => t.close());

describe('the agent state report', () => {
  it('lists the campaign’s agents by status group, longest in their state first', async () => {
    const response = await post(supervisor, '/api/dashboards/agent_state_report', { campaigns: [campaignId] });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const byId = new Map(Object.entries(agents).map(([name, id]) => [id, name]));
    expect(body.items.map((row: { id: number }) => byId.get(row.id))).toEqual([
      'talker',
      'holder',
      // Ringing with the two calls that came next: on call too, the earlier first.
      'readyEarly',
      'readyLate',
      'personal',
      'gone',
      'meeting',
    ]);
    const talker = body.items[0];
    expect(talker).toMatchObject({
      status: 'on_call',
      title: 'On call',
      campaign: 'Floor',
      campaign_id: campaignId,
      customer: '+17095550101',
      call_type: 'inbound',
      agent_campaigns: [campaignId],
    });
    expect(body.items.find((row: { id: number }) => row.id === agents.gone)).toMatchObject({
      status: 'logged_out',
      campaign: null,
      customer: null,
    });
    expect(body.stamp.campaigns[campaignId]).toBeGreaterThan(0);
    expect(body.additionals_filters.map((filter: { name: string }) => filter.name)).toEqual(['campaigns', 'call_type']);
  });

  it('is for the centre’s staff only, and refuses bad filters', async () => {
    for (const role of ['agent', 'company_supervisor'] as const) {
      const session = await login(t.app, demoEmail(role));
      expect((await post(session, '/api/dashboards/agent_state_report', {})).statusCode).toBe(403);
      expect((await post(session, '/api/dashboards/campaign_status_report', {})).statusCode).toBe(403);
    }
    const tooBig = await post(supervisor, '/api/dashboards/agent_state_report', { campaigns: [2 ** 31] });
    expect(tooBig.statusCode).toBe(400);
    expect(Object.keys(tooBig.json().error.fields)).toEqual(['campaigns.0']);
    const unknown = await post(supervisor, '/api/dashboards/agent_state_report', { sort: 'name' });
    expect(unknown.statusCode).toBe(400);
  });
});

describe('the campaign status report', () => {
  it('counts the floor and the queue, and gives the snapshot that counts the same', async () => {
    const response = await post(supervisor, '/api/dashboards/campaign_status_report', { campaigns: [campaignId] });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.headers[0]).toEqual({ text: 'Campaign', value: 'campaign_name' });
    expect(body.items).toEqual([
      {
        campaign_id: campaignId,
        campaign_name: 'Floor',
        // talker on call, holder on hold, the two ready agents ringing.
        agents_on_call: 4,
        agents_not_ready: 1,
        agents_logged_in: 6,
        // The two ringing calls wait until answered, and the callback caller queues.
        calls_in_queue: 3,
        queues_callbacks: 1,
        current_longest: 60,
        longest_queue_time_today: 60,
      },
    ]);
    const counters = countersOf(boardFromSnapshot(body.snapshot), campaignId);
    expect(counters).toMatchObject({
      agents_on_call: 4,
      agents_not_ready: 1,
      agents_logged_in: 6,
      calls_in_queue: 3,
      queues_callbacks: 1,
    });
  });

  it('answers the current and today’s longest queue time, and refuses what it cannot answer', async () => {
    const current = await post(supervisor, '/api/dashboards/campaign_current_longest_queue_time', {
      campaign_id: campaignId,
    });
    expect(current.json()).toEqual({ current_longest: 60 });
    const today = await post(supervisor, '/api/dashboards/campaign_longest_queue_time_today', {
      campaign_name: 'Floor',
      dateOffset: -3.5,
    });
    expect(today.json()).toEqual({ longest_today: 60 });
    const nul = await post(supervisor, '/api/dashboards/campaign_longest_queue_time_today', {
      campaign_name: 'Fl\u0000oor',
      dateOffset: 0,
    });
    expect(nul.statusCode).toBe(400);
    const nowhere = await post(supervisor, '/api/dashboards/campaign_longest_queue_time_today', {
      campaign_name: 'No such campaign',
      dateOffset: 0,
    });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().error.fields).toEqual({ campaign_name: 'is not a campaign you can see' });
    const far = await post(supervisor, '/api/dashboards/campaign_longest_queue_time_today', {
      campaign_name: 'Floor',
      dateOffset: 99,
    });
    expect(far.statusCode).toBe(400);
  });
});

describe('the wallboard', () => {
  it('gives today’s answered, abandoned and service level per campaign, and counts a caller who leaves', async () => {
    const board = async () => {
      const response = await post(supervisor, '/api/dashboards/wallboard', {
        campaigns: [campaignId],
        timezone: 'America/St_Johns',
      });
      expect(response.statusCode).toBe(200);
      return response.json();
    };
    const before = await board();
    expect(before.service_level_seconds).toBe(20);
    expect(before.items).toEqual([
      {
        campaign_id: campaignId,
        campaign_name: 'Floor',
        answered_today: 2,
        abandoned_today: 0,
        service_level_today: 100,
        longest_queue_time_today: 60,
      },
    ]);
    expect(countersOf(boardFromSnapshot(before.snapshot), campaignId).calls_in_queue).toBe(3);
    const callback = await t.database.db
      .selectFrom('calls')
      .select('id')
      .where('campaign_id', '=', campaignId)
      .where('callback_requested', '=', true)
      .executeTakeFirstOrThrow();
    await t.app.live.engine.abandon(callback.id);
    const after = await board();
    expect(after.items[0]).toMatchObject({ answered_today: 2, abandoned_today: 1, service_level_today: 66.7 });
    expect(countersOf(boardFromSnapshot(after.snapshot), campaignId)).toMatchObject({
      calls_in_queue: 2,
      queues_callbacks: 0,
    });
  });
});

// Last: it moves the shared clock on, which the reports above read.
describe('an agent state row’s times and previous status', () => {
  it('keeps state_since through a status group (ringing, on call, on hold) and names the status before', async () => {
    const own = (
      await t.database.db
        .insertInto('campaigns')
        .values({ name: 'Since', unique_name: 'since', type: 'inbound' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const id = await createTestUser(t.database, { email: 'since@floor.test', timezone: 'America/St_Johns' });
    await t.database.db.insertInto('campaign_agents').values({ campaign_id: own, user_id: id }).execute();
    const { engine } = t.app.live;
    const started = clock;
    await engine.setStatus(agentOf(id), { status_name: 'meeting' });
    clock += 1000;
    await engine.setStatus(agentOf(id), { status_name: 'ready' });
    const readyAt = clock;
    const row = async (body: object) => {
      const response = await post(supervisor, '/api/dashboards/agent_state_report', body);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().items.find((item: { id: number }) => item.id === id);
    };
    expect(await row({ campaigns: [own] })).toMatchObject({
      status: 'ready',
      old_status: 'meeting',
      status_started_at: new Date(readyAt).toISOString(),
      state_since: new Date(readyAt).toISOString(),
    });
    clock += 2000;
    const call = await engine.arrive({ campaignId: own, callerPhone: '+17095550199' });
    const rangAt = clock;
    clock += 3000;
    await engine.flow(agentOf(id), Number(call.id), 'talk');
    clock += 4000;
    await engine.flow(agentOf(id), Number(call.id), 'hold');
    const heldAt = clock;
    clock += 1000;
    const held = await row({ campaigns: [own] });
    expect(held).toMatchObject({
      status: 'on_hold',
      old_status: 'on_call',
      status_started_at: new Date(heldAt).toISOString(),
      state_since: new Date(rangAt).toISOString(),
    });
    expect(Date.parse(held.state_since)).toBeGreaterThan(started);
    // The spec's body: the chosen filter values as one string, answered as the structured body is.
    expect(await row({ params: JSON.stringify({ campaigns: [own] }) })).toEqual(held);
    const campaignStatus = await post(supervisor, '/api/dashboards/campaign_status_report', {
      params: JSON.stringify({ campaigns: [own], call_type: 'inbound' }),
    });
    expect(campaignStatus.statusCode, campaignStatus.body).toBe(200);
    for (const params of ['not json', JSON.stringify({ campaigns: ['x'] }), JSON.stringify({ sort: 'name' })]) {
      const refused = await post(supervisor, '/api/dashboards/agent_state_report', { params });
      expect(refused.statusCode, params).toBe(400);
      expect(Object.keys(refused.json().error.fields), params).toEqual(['params']);
    }
    await engine.flow(agentOf(id), Number(call.id), 'talk');
  });
});
