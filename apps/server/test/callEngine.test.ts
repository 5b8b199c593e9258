import { DIAL_TIMEOUT_MS, OFFER_TIMEOUT_MS } from '@shiftline/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { reconcileLiveState } from '../src/features/calls/index.js';
import { foldRollupBacklog } from '../src/rollups/index.js';
import { signedInRequests } from './support/requests.js';
import {
  createTestUser,
  demoEmail,
  login,
  type Session,
  startTestApp,
  type TestApp,
  testConfig,
} from './support/testApp.js';

let clock = Date.parse('2030-03-04T15:00:00Z');
const advance = (ms: number) => {
  clock += ms;
};
let t: TestApp;
const { get, post } = signedInRequests(() => t);
let campaignCount = 0;

/** A campaign of its own for each test, so queues and agents do not meet across tests. */
async function newCampaign(type: 'inbound' | 'outbound' = 'inbound'): Promise<number> {
  campaignCount += 1;
  const row = await t.database.db
    .insertInto('campaigns')
    .values({ name: `Live ${campaignCount}`, unique_name: `live_${campaignCount}`, type })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

let agentCount = 0;
/** A new agent on the campaign (not signed in: the service layer drives them). */
async function newAgentId(campaignId: number, options: { disabled?: boolean; role?: 'agent' | 'team_lead' } = {}) {
  agentCount += 1;
  const email = `live.agent${agentCount}@test.local`;
  const id = await createTestUser(t.database, { email, timezone: 'America/St_Johns', role: options.role });
  await t.database.db
    .insertInto('campaign_agents')
    .values({ campaign_id: campaignId, user_id: id, is_disabled: options.disabled ?? false })
    .execute();
  return { id, email };
}
async function newAgent(campaignId: number, options: { disabled?: boolean; role?: 'agent' | 'team_lead' } = {}) {
  return login(t.app, (await newAgentId(campaignId, options)).email);
}

const setStatus = (session: Session, status_name: string, call_id?: number) =>
  post(session, '/api/status/set_new_status', call_id === undefined ? { status_name } : { status_name, call_id });
const statusOf = async (session: Session) =>
  (await get(session, '/api/status/get_current_status_info')).json().status.name as string;
const arrive = (campaignId: number, phone = '+14165550100') =>
  t.app.live.engine.arrive({ campaignId, callerPhone: phone });
const callRow = (id: number | string) =>
  t.database.db.selectFrom('calls').selectAll().where('id', '=', String(id)).executeTakeFirstOrThrow();
/** The seconds of one state in the user's hour-grain productivity rollups, summed. */
async function rolledUpSeconds(userId: number, state: 'meeting' | 'after_call_work'): Promise<number> {
  await foldRollupBacklog(t.database.db);
  const row = await t.database.db
    .selectFrom('agent_productivity_rollups')
    .select(sql<string>`sum(${sql.ref(state)})`.as('seconds'))
    .where('user_id', '=', userId)
    .where('grain', '=', 0)
    .where('alignment', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.seconds);
}

beforeAll(async () => {
  t = await startTestApp({}, { now: () => clock });
});
afterAll(() => t.close());

describe('agent statuses', () => {
  it('starts logged out and offers the statuses an inbound agent may choose, by priority', async () => {
    const agent = await newAgent(await newCampaign());
    const info = (await get(agent, '/api/status/get_current_status_info')).json();
    expect(info.status).toMatchObject({ name: 'logged_out', title: 'Logged out', sip_register: false });
    const names = info.status_transitions.map((s: { name: string }) => s.name);
    expect(names[0]).toBe('ready');
    expect(names).not.toContain('ready_outbound');
    expect(names).not.toContain('on_call');
    expect(names).not.toContain('logged_out');
    const priorities = info.status_transitions.map((s: { priority: number }) => s.priority);
    expect(priorities).toEqual([...priorities].sort((a, b) => a - b));
  });

  it('refuses a status the engine enters, naming it, and changes nothing', async () => {
    const agent = await newAgent(await newCampaign());
    expect((await setStatus(agent, 'meeting')).statusCode).toBe(200);
    const before = await t.database.db
      .selectFrom('agent_state_log')
      .selectAll()
      .where('user_id', '=', agent.userId)
      .execute();
    const refused = await setStatus(agent, 'on_call');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.fields.status_name).toBe('On call is entered by the call engine, not chosen');
    const unknown = await setStatus(agent, 'napping');
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().error.fields.status_name).toBe("'napping' is not a status");
    const after = await t.database.db
      .selectFrom('agent_state_log')
      .selectAll()
      .where('user_id', '=', agent.userId)
      .execute();
    expect(after).toEqual(before);
  });

  it('keeps one open state row per agent, closes the last one at the change, and counts it in productivity', async () => {
    const agent = await newAgent(await newCampaign());
    await setStatus(agent, 'meeting');
    advance(90_000);
    await setStatus(agent, 'training');
    const rows = await t.database.db
      .selectFrom('agent_state_log')
      .select(['state', 'start_at', 'end_at'])
      .where('user_id', '=', agent.userId)
      .orderBy('id')
      .execute();
    expect(rows.map((row) => [row.state, row.end_at === null])).toEqual([
      ['meeting', false],
      ['training', true],
    ]);
    expect(await rolledUpSeconds(agent.userId, 'meeting')).toBe(90);
  });

  it('keeps the phone registered through technical issues only when it was before', async () => {
    const agent = await newAgent(await newCampaign());
    const sipOf = async () => (await get(agent, '/api/status/get_current_status_info')).json().status.sip_register;
    await setStatus(agent, 'ready');
    expect(await sipOf()).toBe(true);
    await setStatus(agent, 'technical_issues');
    expect(await sipOf()).toBe(true);
    await setStatus(agent, 'meeting');
    expect(await sipOf()).toBe(false);
    await setStatus(agent, 'technical_issues');
    expect(await sipOf()).toBe(false);
  });

  it('puts a Ready agent who signs out in Logged out, so no call is offered to them', async () => {
    const campaign = await newCampaign();
    const agent = await newAgent(campaign);
    await setStatus(agent, 'ready');
    expect((await post(agent, '/api/profile/logout')).statusCode).toBe(200);
    const open = await t.database.db
      .selectFrom('agent_state_log')
      .select('state')
      .where('user_id', '=', agent.userId)
      .where('end_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(open.state).toBe('logged_out');
    expect((await callRow((await arrive(campaign)).id)).status).toBe('queued');
  });

  it('has no status for roles that take no calls', async () => {
    const scheduler = await login(t.app, demoEmail('schedule_supervisor'));
    expect((await get(scheduler, '/api/status/get_current_status_info')).statusCode).toBe(403);
    expect((await setStatus(scheduler, 'ready')).statusCode).toBe(403);
  });

  it('signs the agent out with Logged out', async () => {
    const agent = await newAgent(await newCampaign());
    await setStatus(agent, 'ready');
    const out = await setStatus(agent, 'logged_out');
    expect(out.statusCode).toBe(200);
    expect(out.json().status.name).toBe('logged_out');
    expect((await get(agent, '/api/status/get_current_status_info')).statusCode).toBe(401);
  });
});

describe('routing', () => {
  it('offers a call to the longest-idle ready agent enabled on the campaign', async () => {
    const campaign = await newCampaign();
    const disabled = await newAgent(campaign, { disabled: true });
    const first = await newAgent(campaign);
    const second = await newAgent(campaign);
    await setStatus(disabled, 'ready');
    advance(1000);
    await setStatus(second, 'ready');
    advance(1000);
    await setStatus(first, 'ready');
    const call = await arrive(campaign);
    const offered = await callRow(call.id);
    expect(offered).toMatchObject({ status: 'offered', agent_id: second.userId });
    expect(await statusOf(second)).toBe('ringing');
    expect(await statusOf(first)).toBe('ready');
    const next = await callRow((await arrive(campaign)).id);
    expect(next.agent_id).toBe(first.userId);
    const third = await callRow((await arrive(campaign)).id);
    expect(third).toMatchObject({ status: 'queued', agent_id: null });
  });

  it('gives a free agent the call that waited longest, and a new arrival the next free agent', async () => {
    const campaign = await newCampaign();
    const first = await newAgent(campaign);
    const second = await newAgent(campaign);
    await setStatus(first, 'ready');
    advance(1000);
    await setStatus(second, 'ready');
    // A call left waiting while agents were free (a routing pass that had not run yet, another process's crash).
    const older = await t.database.db
      .insertInto('calls')
      .values({ campaign_id: campaign, direction: 'inbound', queued_at: new Date(clock - 5000), status: 'queued' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const arrived = await arrive(campaign, '+14165550177');
    expect(await callRow(older.id)).toMatchObject({ status: 'offered', agent_id: first.userId });
    expect(await callRow(arrived.id)).toMatchObject({ status: 'offered', agent_id: second.userId });
    // The arrival says whose phone rings for it only when it was offered as it arrived.
    expect(arrived.offeredTo).toBeNull();
    const third = await arrive(campaign);
    expect(third).toMatchObject({ status: 'queued', offeredTo: null });
    advance(1000);
    const fourth = await newAgent(campaign);
    await setStatus(fourth, 'ready');
    expect(await callRow(third.id)).toMatchObject({ status: 'offered', agent_id: fourth.userId });
    const fifth = await newAgent(campaign);
    await setStatus(fifth, 'ready');
    const offeredAtOnce = await arrive(campaign);
    expect(offeredAtOnce.offeredTo).toMatchObject({ agentId: fifth.userId });
    expect(offeredAtOnce.offeredTo?.at?.getTime()).toBe(
      (await callRow(offeredAtOnce.id)).offered_at?.getTime() as number,
    );
  });

  it('queues a call until an agent becomes ready, then offers it to them', async () => {
    const campaign = await newCampaign();
    const agent = await newAgent(campaign);
    const call = await arrive(campaign);
    expect((await callRow(call.id)).status).toBe('queued');
    await setStatus(agent, 'ready');
    expect(await callRow(call.id)).toMatchObject({ status: 'offered', agent_id: agent.userId });
    expect((await get(agent, '/api/status/get_current_status_info')).json()).toMatchObject({
      status: { name: 'ringing' },
      status_transitions: [],
      call_id: Number(call.id),
    });
  });

  it('gives 200 simultaneous calls to 50 ready agents as 50 offers, no agent twice, the rest queued', async () => {
    const campaign = await newCampaign();
    const agents: { userId: number }[] = [];
    for (let index = 0; index < 50; index += 1) {
      const { id } = await newAgentId(campaign);
      await t.app.live.engine.setStatus({ id, role: 'agent', agent_call_type: 'inbound' }, { status_name: 'ready' });
      agents.push({ userId: id });
    }
    await Promise.all(
      Array.from({ length: 200 }, (_, index) => arrive(campaign, `+1416555${String(index).padStart(4, '0')}`)),
    );
    const calls = await t.database.db
      .selectFrom('calls')
      .select(['status', 'agent_id'])
      .where('campaign_id', '=', campaign)
      .execute();
    const offered = calls.filter((call) => call.status === 'offered');
    expect(offered).toHaveLength(50);
    expect(new Set(offered.map((call) => call.agent_id)).size).toBe(50);
    expect(calls.filter((call) => call.status === 'queued')).toHaveLength(150);
    const ringing = await t.database.db
      .selectFrom('agent_state_log')
      .select('user_id')
      .where('end_at', 'is', null)
      .where('state', '=', 'ringing')
      .where(
        'user_id',
        'in',
        agents.map((agent) => agent.userId),
      )
      .execute();
    expect(ringing).toHaveLength(50);
  });

  it('puts a missed offer back in the queue and the agent in not ready (automatic)', async () => {
    const campaign = await newCampaign();
    const sleepy = await newAgent(campaign);
    const awake = await newAgent(campaign);
    await setStatus(sleepy, 'ready');
    const call = await arrive(campaign);
    expect((await callRow(call.id)).agent_id).toBe(sleepy.userId);
    advance(OFFER_TIMEOUT_MS - 1000);
    await t.app.live.engine.sweep();
    expect((await callRow(call.id)).status).toBe('offered');
    advance(2000);
    await t.app.live.engine.sweep();
    expect(await callRow(call.id)).toMatchObject({ status: 'queued', agent_id: null, missed: true });
    expect(await statusOf(sleepy)).toBe('not_ready_automatic');
    await setStatus(awake, 'ready');
    expect(await callRow(call.id)).toMatchObject({ status: 'offered', agent_id: awake.userId });
  });

  it('ends an outbound call nobody answered once it has rung for the dial timeout', async () => {
    const campaign = await newCampaign('outbound');
    const dialler = await newAgent(campaign);
    // An outbound agent: only they have Outbound Sales Calls.
    await t.database.db
      .updateTable('users')
      .set({ agent_call_type: 'outbound' })
      .where('id', '=', dialler.userId)
      .execute();
    expect((await setStatus(dialler, 'outbound_sales_calls')).statusCode).toBe(200);
    const client = await t.database.db
      .insertInto('clients')
      .values({ phone: '+17095550177' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const agent = { id: dialler.userId, role: 'agent' as const, agent_call_type: 'outbound' as const };
    const call = await t.app.live.engine.dial(agent, {
      campaignId: campaign,
      clientId: client.id,
      phone: '+17095550177',
    });
    advance(DIAL_TIMEOUT_MS - 1000);
    expect((await t.app.live.engine.sweep()).unanswered).toBe(0);
    expect((await callRow(call.id)).status).toBe('dialling');
    advance(2000);
    expect((await t.app.live.engine.sweep()).unanswered).toBe(1);
    expect(await callRow(call.id)).toMatchObject({ status: 'ended', answered_at: null, end_reason: 'no_answer' });
    expect(await statusOf(dialler)).toBe('outbound_sales_calls');
  });
});

describe('a call from ring to after-call form', () => {
  it('is answered, worked on the call page, hung up, and closed into the rollups', async () => {
    const campaign = await newCampaign();
    const agent = await newAgent(campaign);
    const other = await newAgent(campaign);
    await setStatus(agent, 'ready');
    const queuedAt = clock;
    const call = await arrive(campaign, '+17095550123');
    const id = Number(call.id);
    advance(5000);
    const stolen = await post(other, '/api/inquiries/call_data', { crm_call_id: id, flow_status: 'talk' });
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json().error.message).toBe('This call is offered to another agent.');

    const answered = await post(agent, '/api/inquiries/call_data', { crm_call_id: id, flow_status: 'talk' });
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toMatchObject({ status: 'talking', client_phone: '+17095550123' });
    expect(await statusOf(agent)).toBe('on_call');
    expect((await callRow(id)).queue_seconds).toBe(5);

    expect((await post(agent, `/api/inquiries/set_notes/${id}`, { notes: 'Wants the annual plan' })).statusCode).toBe(
      200,
    );
    const card = await post(agent, `/api/inquiries/${id}/update_client`, {
      first_name: 'Gwen',
      last_name: 'Pike',
      email: 'gwen@example.com',
      country: 'ca',
      city: "St. John's",
    });
    expect(card.json()).toMatchObject({ first_name: 'Gwen', last_name: 'Pike', country: 'CA', city: "St. John's" });

    const outbound = await t.database.db
      .selectFrom('dispositions')
      .select('id')
      .where('campaign_type', '=', 'outbound')
      .executeTakeFirstOrThrow();
    const wrongType = await post(agent, `/api/dispositions/set_disposition/${id}`, { disposition: outbound.id });
    expect(wrongType.statusCode).toBe(409);
    expect(wrongType.json().error.fields.disposition).toBe('is for outbound calls');
    const choices = (await get(agent, `/api/dispositions/get_dispositions/${id}`)).json();
    const chosen = choices.dispositions[0].id as number;
    expect((await post(agent, `/api/dispositions/set_disposition/${id}`, { disposition: chosen })).statusCode).toBe(
      200,
    );

    const products = (await get(agent, '/api/sales/get_products')).json().products as {
      id: number;
      price_cents: number;
    }[];
    const sale = await post(agent, `/api/sales/${id}/set_new_sales`, {
      sales: [{ product_id: products[0]?.id, quantity: 2 }],
    });
    expect(sale.json()).toMatchObject({ sale_posted: true, total_cents: 2 * (products[0]?.price_cents ?? 0) });

    advance(30_000);
    expect(
      (await post(agent, '/api/inquiries/call_data', { crm_call_id: id, flow_status: 'hold' })).json().status,
    ).toBe('on_hold');
    expect(await statusOf(agent)).toBe('on_hold');
    advance(15_000);
    await post(agent, '/api/inquiries/call_data', { crm_call_id: id, flow_status: 'talk' });
    advance(45_000);
    const ended = await post(agent, `/api/inquiries/end_call/${id}`, { clicked: true });
    expect(ended.json().status).toBe('after_call');
    expect(await statusOf(agent)).toBe('after_call_work');
    const again = await post(agent, `/api/inquiries/end_call/${id}`, { clicked: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('The call is in after-call work; it cannot be hung up.');
    expect(await callRow(id)).toMatchObject({ talk_seconds: 75, hold_seconds: 15, billed: true, billed_seconds: 90 });

    // Not yet counted: the call is still in after-call work.
    const counted = async () => {
      await foldRollupBacklog(t.database.db);
      return t.database.db
        .selectFrom('campaign_call_rollups')
        .select([sql<string>`sum(all_calls)`.as('calls'), sql<string>`sum(talk_seconds)`.as('talk')])
        .where('campaign_id', '=', campaign)
        .where('alignment', '=', 0)
        .executeTakeFirstOrThrow();
    };
    expect(Number((await counted()).calls ?? 0)).toBe(0);

    advance(20_000);
    const closed = await setStatus(agent, 'ready', id);
    expect(closed.statusCode).toBe(200);
    expect(closed.json().status.name).toBe('ready');
    expect(await callRow(id)).toMatchObject({
      status: 'ended',
      disposition_id: chosen,
      notes: 'Wants the annual plan',
    });
    expect((await callRow(id)).ended_at?.getTime()).toBe(queuedAt + 5000 + 90_000);
    expect(await counted()).toEqual({ calls: '1', talk: '75' });
    expect((await get(agent, '/api/inquiries/get_call_for_user')).json()).toEqual({ call: null });
    // The after-call work was counted as it closed.
    expect(await rolledUpSeconds(agent.userId, 'after_call_work')).toBe(20);
    // A closed call can no longer be changed.
    expect((await post(agent, `/api/inquiries/set_notes/${id}`, { notes: 'late' })).statusCode).toBe(409);
  });

  it('lets the caller abandon the queue, counted once as abandoned', async () => {
    const campaign = await newCampaign();
    const call = await arrive(campaign);
    advance(42_000);
    await t.app.live.engine.abandon(call.id);
    expect(await callRow(call.id)).toMatchObject({ status: 'abandoned', abandoned: true, queue_seconds: 42 });
    await expect(t.app.live.engine.abandon(call.id)).rejects.toThrow('The call is abandoned; it cannot be abandoned.');
    await foldRollupBacklog(t.database.db);
    const rollup = await t.database.db
      .selectFrom('campaign_call_rollups')
      .select([sql<string>`sum(abandoned_calls)`.as('abandoned')])
      .where('campaign_id', '=', campaign)
      .where('alignment', '=', 0)
      .executeTakeFirstOrThrow();
    expect(rollup.abandoned).toBe('1');
  });

  it('lets only team leads, agent supervisors and campaign managers pick up a waiting call', async () => {
    const campaign = await newCampaign();
    const agent = await newAgent(campaign);
    const lead = await newAgent(campaign, { role: 'team_lead' });
    const call = await arrive(campaign);
    expect((await post(agent, `/api/inquiries/${call.id}/pickup_call`)).statusCode).toBe(403);
    await setStatus(lead, 'administrative');
    const picked = await post(lead, `/api/inquiries/${call.id}/pickup_call`);
    expect(picked.statusCode).toBe(200);
    expect(picked.json()).toMatchObject({ status: 'offered', agent_id: lead.userId });
  });
});

describe('the simulated phone network', () => {
  it('lets an administrator place a test caller in a queue and hang them up, and refuses others', async () => {
    const campaign = await newCampaign();
    const outbound = await newCampaign('outbound');
    const admin = await login(t.app, demoEmail('administrator'));
    const agent = await newAgent(campaign);
    const placed = await post(admin, '/api/telephony/simulated_call', {
      campaign_id: campaign,
      caller_phone: '+17095550111',
      callback: 'voicemail',
    });
    expect(placed.statusCode).toBe(201);
    expect(placed.json()).toMatchObject({ status: 'queued', client_phone: '+17095550111', voice_mail: true });
    expect((await post(agent, '/api/telephony/simulated_call', { campaign_id: campaign })).statusCode).toBe(403);
    const wrongType = await post(admin, '/api/telephony/simulated_call', { campaign_id: outbound });
    expect(wrongType.statusCode).toBe(409);
    expect(wrongType.json().error.fields.campaign_id).toBe('takes no inbound calls');
    const unknown = await post(admin, '/api/telephony/simulated_call', { campaign_id: 2_000_000_000 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields.campaign_id).toBe('is not a campaign');
    const left = await post(admin, `/api/telephony/simulated_call/${placed.json().current_call_id}/hang_up`);
    expect(left.json()).toMatchObject({ status: 'abandoned' });
    const again = await post(admin, `/api/telephony/simulated_call/${placed.json().current_call_id}/hang_up`);
    expect(again.statusCode).toBe(409);
  });

  it("routes a simulated caller who dials one of the centre's numbers to the campaign that owns it", async () => {
    const campaign = await newCampaign();
    const admin = await login(t.app, demoEmail('administrator'));
    const number = `+1709555${String(campaign).padStart(4, '0').slice(-4)}`;
    await t.database.db.insertInto('campaign_numbers').values({ phone: number, campaign_id: campaign }).execute();
    // Written as a person would type it: read as E.164.
    const placed = await post(admin, '/api/telephony/simulated_call', { dialled: `1 (709) 555-${number.slice(-4)}` });
    expect(placed.statusCode, placed.body).toBe(201);
    const call = await t.database.db
      .selectFrom('calls')
      .select(['campaign_id', 'did'])
      .where('id', '=', String(placed.json().current_call_id))
      .executeTakeFirstOrThrow();
    expect(call).toEqual({ campaign_id: campaign, did: number });
    const nobody = await post(admin, '/api/telephony/simulated_call', { dialled: '+17095550000' });
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().error.message).toBe('No campaign takes calls on +17095550000.');
    // A number removed while its callers wait ends nothing in flight: the waiting call is still answered.
    await post(admin, `/api/telephony/simulated_call/${placed.json().current_call_id}/hang_up`);
    const waiting = await post(admin, '/api/telephony/simulated_call', { dialled: number });
    expect(waiting.json().status).toBe('queued');
    await t.database.db.deleteFrom('campaign_numbers').where('phone', '=', number).execute();
    const agent = await newAgent(campaign);
    await setStatus(agent, 'ready');
    expect(await callRow(waiting.json().current_call_id)).toMatchObject({ status: 'offered', agent_id: agent.userId });
    expect((await post(admin, '/api/telephony/simulated_call', { dialled: number })).statusCode).toBe(404);
    for (const body of [{}, { campaign_id: campaign, dialled: number }, { dialled: 'not a number' }]) {
      expect((await post(admin, '/api/telephony/simulated_call', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('restart reconciliation', () => {
  /** What a restart does: the next app on the same database reconciles before it serves. */
  async function restart() {
    const restarted = await buildApp({
      config: testConfig(),
      database: t.database,
      now: () => clock,
      live: { reconcileAtStart: true },
    });
    await restarted.close();
  }

  it('ends the calls a crash left live and closes open states, counting each once', async () => {
    const campaign = await newCampaign();
    const talking = await newAgent(campaign);
    const ringing = await newAgent(campaign);
    await setStatus(talking, 'ready');
    const first = await arrive(campaign);
    advance(3000);
    await post(talking, '/api/inquiries/call_data', { crm_call_id: Number(first.id), flow_status: 'talk' });
    advance(60_000);
    await setStatus(ringing, 'ready');
    const second = await arrive(campaign);
    const waiting = await arrive(campaign);
    const away = await newAgent(campaign);
    await setStatus(away, 'meeting');
    expect((await setStatus(away, 'logged_out')).statusCode).toBe(200);
    const loggedOutAt = clock;
    advance(600_000);

    await restart();
    expect(await callRow(first.id)).toMatchObject({ status: 'ended', end_reason: 'restart', talk_seconds: 0 });
    expect(await callRow(second.id)).toMatchObject({ status: 'abandoned', end_reason: 'restart' });
    expect(await callRow(waiting.id)).toMatchObject({ status: 'abandoned', end_reason: 'restart' });
    // Live states are closed; a Logged out row is not live and stays the agent's status, since when it began.
    const open = await t.database.db
      .selectFrom('agent_state_log')
      .select(['user_id', 'state', 'start_at'])
      .where('end_at', 'is', null)
      .execute();
    expect(open.filter((row) => row.state !== 'logged_out')).toEqual([]);
    expect(open.find((row) => row.user_id === away.userId)).toMatchObject({ start_at: new Date(loggedOutAt) });
    const live = await t.database.db
      .selectFrom('calls')
      .select('id')
      .where('status', 'in', ['queued', 'offered', 'talking', 'on_hold', 'after_call'])
      .execute();
    expect(live).toHaveLength(0);
    await foldRollupBacklog(t.database.db);
    const rollup = await t.database.db
      .selectFrom('campaign_call_rollups')
      .select([sql<string>`sum(all_calls)`.as('calls'), sql<string>`sum(abandoned_calls)`.as('abandoned')])
      .where('campaign_id', '=', campaign)
      .where('alignment', '=', 0)
      .executeTakeFirstOrThrow();
    expect(rollup).toEqual({ calls: '3', abandoned: '2' });
    expect(await reconcileLiveState(t.database.db, new Date(clock))).toEqual({ calls: 0, states: 0 });
  });

  it('ends what a crash left live at the processes’ last heartbeat: talk and Ready time kept until then', async () => {
    const campaign = await newCampaign();
    const talking = await newAgent(campaign);
    await setStatus(talking, 'ready');
    const call = await arrive(campaign);
    advance(2000);
    await post(talking, '/api/inquiries/call_data', { crm_call_id: Number(call.id), flow_status: 'talk' });
    const answeredAt = clock;
    const waiting = await newAgent(campaign);
    await setStatus(waiting, 'meeting');
    await setStatus(waiting, 'ready');
    const readyAt = clock;
    // Two processes beat; the later beat is the last instant anything was known alive. Then the crash, and 10 minutes
    // down before the restart.
    advance(95_000);
    const { db } = t.database;
    await db
      .insertInto('process_heartbeats')
      .values([
        {
          process_id: '00000000-0000-4000-8000-000000000001',
          started_at: new Date(readyAt),
          beat_at: new Date(clock - 4000),
        },
        { process_id: '00000000-0000-4000-8000-000000000002', started_at: new Date(readyAt), beat_at: new Date(clock) },
      ])
      .execute();
    const crashedAt = clock;
    advance(600_000);

    await restart();
    expect(await callRow(call.id)).toMatchObject({
      status: 'ended',
      end_reason: 'restart',
      talk_seconds: (crashedAt - answeredAt) / 1000,
      ended_at: new Date(crashedAt),
    });
    const readyRow = await db
      .selectFrom('agent_state_log')
      .select(['start_at', 'end_at'])
      .where('user_id', '=', waiting.userId)
      .where('state', '=', 'ready')
      .executeTakeFirstOrThrow();
    expect(readyRow).toEqual({ start_at: new Date(readyAt), end_at: new Date(crashedAt) });
    expect(await db.selectFrom('process_heartbeats').select('process_id').execute()).toEqual([]);
  });
});
