import { dayRangeToUnix } from '@shiftline/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildRollups } from '../../src/rollups/index.js';
import { changeAgentState, endCall } from '../support/callLedger.js';
import { as, demoEmail, login, type Session, startTestApp, type TestApp } from '../support/testApp.js';
import { campaignId, clearCallHistory, disposition, endedCall, statsSource, userId } from './fixtures.js';

/**
 * A hand-made day of calls whose every metric is worked out by hand below. "Now" is 2026-11-11 12:00 UTC;
 * the calls are on 10 November (Toronto is UTC−5, St. John's UTC−3:30 that day).
 */
const NOW = Date.parse('2026-11-11T12:00:00Z');
let t: TestApp;
let admin: Session;
let client: Session;
let agent: Session;
let patientLine: number;
let mapleBilling: number;
let reminders: number;
let sourceA: number;
let sourceB: number;
let agentX: number;
let agentY: number;

const toronto = (start: string, end = start) => dayRangeToUnix({ start, end }, 'America/Toronto');

beforeAll(async () => {
  t = await startTestApp({}, { now: () => NOW });
  const { database } = t;
  await clearCallHistory(database);
  patientLine = await campaignId(database, 'Northwind Patient Line');
  mapleBilling = await campaignId(database, 'Maple Telecom Billing');
  reminders = await campaignId(database, 'Northwind Appointment Reminders');
  sourceA = await statsSource(database, 'Test Source A');
  sourceB = await statsSource(database, 'Test Source B');
  agentX = await userId(database, demoEmail('agent'));
  agentY = await userId(database, demoEmail('team_lead'));
  const resolved = await disposition(database, { title: 'T Resolved', campaign_type: 'inbound', bucket: 'resolved' });
  const callback = await disposition(database, { title: 'T Callback', campaign_type: 'inbound', bucket: 'callback' });
  const sale = await disposition(database, { title: 'T Sale', campaign_type: 'outbound', bucket: 'sale' });
  const noContact = await disposition(database, {
    title: 'T No answer',
    campaign_type: 'outbound',
    bucket: 'no_contact',
  });

  const calls = [
    // 09:05 Toronto: 30 s queue, 300 s talk, billed, resolved, source A, agent X.
    endedCall({
      campaign_id: patientLine,
      queued_at: '2026-11-10T14:05:00Z',
      queue_seconds: 30,
      talk_seconds: 300,
      billed: true,
      billed_seconds: 300,
      disposition_id: resolved,
      stats_source_id: sourceA,
      agent_id: agentX,
    }),
    // 09:20: 90 s queue, exactly 40 s talk (not connected), billed, callback requested, source B, agent X.
    endedCall({
      campaign_id: patientLine,
      queued_at: '2026-11-10T14:20:00Z',
      queue_seconds: 90,
      talk_seconds: 40,
      billed: true,
      billed_seconds: 40,
      callback_requested: true,
      disposition_id: callback,
      stats_source_id: sourceB,
      agent_id: agentX,
    }),
    // 10:10: abandoned after 250 s in the queue, source A.
    endedCall({
      campaign_id: patientLine,
      queued_at: '2026-11-10T15:10:00Z',
      queue_seconds: 250,
      abandoned: true,
      stats_source_id: sourceA,
    }),
    // 10:40: 10 s queue, 500 s talk, billed, the agent hung up first, agent Y (rang agent X first: missed).
    endedCall({
      campaign_id: patientLine,
      queued_at: '2026-11-10T15:40:00Z',
      queue_seconds: 10,
      talk_seconds: 500,
      billed: true,
      billed_seconds: 500,
      agent_disconnected: true,
      missed: true,
      agent_id: agentY,
    }),
    // 23:30 Toronto on the 10th (04:30 UTC on the 11th; 01:00 on the 11th in St. John's): never answered.
    endedCall({ campaign_id: patientLine, queued_at: '2026-11-11T04:30:00Z', queue_seconds: 0, answered_at: null }),
    // Another company's campaign, same hour.
    endedCall({
      campaign_id: mapleBilling,
      queued_at: '2026-11-10T14:00:00Z',
      queue_seconds: 5,
      talk_seconds: 100,
      billed: true,
      billed_seconds: 100,
      agent_id: agentX,
    }),
    // Outbound cold calls: one sale (with a valid sold lead), one short no-contact call with an invalid lead.
    endedCall({
      campaign_id: reminders,
      direction: 'outbound',
      cold_call: true,
      queued_at: '2026-11-10T16:00:00Z',
      talk_seconds: 400,
      billed: true,
      billed_seconds: 400,
      disposition_id: sale,
      agent_id: agentY,
    }),
    endedCall({
      campaign_id: reminders,
      direction: 'outbound',
      cold_call: true,
      queued_at: '2026-11-10T16:30:00Z',
      talk_seconds: 15,
      disposition_id: noContact,
      agent_id: agentY,
    }),
  ];
  const inserted = await database.db
    .insertInto('calls')
    .values(calls)
    .returning(['id', 'campaign_id', 'talk_seconds'])
    .execute();
  const [saleCall, shortCall] = inserted.filter((call) => call.campaign_id === reminders);
  await database.db
    .insertInto('sales_leads')
    .values([
      {
        call_id: saleCall?.id as string,
        campaign_id: reminders,
        agent_id: agentY,
        created_at: '2026-11-10T16:07:00Z',
        valid: true,
        sold: true,
        amount_cents: 12_900,
        commission_cents: 1_300,
      },
      {
        call_id: shortCall?.id as string,
        campaign_id: reminders,
        agent_id: agentY,
        created_at: '2026-11-10T16:31:00Z',
        valid: false,
      },
    ])
    .execute();
  // A live call: not counted until it ends.
  await database.db
    .insertInto('calls')
    .values({
      campaign_id: patientLine,
      direction: 'inbound',
      queued_at: '2026-11-10T14:10:00Z',
      answered_at: '2026-11-10T14:10:20Z',
      queue_seconds: 20,
    })
    .execute();
  await rebuildRollups(database.db);

  admin = await login(t.app, demoEmail('administrator'));
  client = await login(t.app, demoEmail('company_supervisor'));
  agent = await login(t.app, demoEmail('agent'));
});
afterAll(() => t.close());

type Records = {
  timezone: string;
  campaigns: number[];
  totals: Record<string, number>;
  today: Record<string, number>;
  daily: { date: string; metrics: Record<string, number>; dispositions: Record<string, number> }[];
  hourly: { hour: number; metrics: Record<string, number>; queueBuckets: { label: string; calls: number }[] }[];
  queueBuckets: { label: string; calls: number }[];
  durationBuckets: { label: string; calls: number }[];
  dispositions: { bucket: string; label: string; calls: number }[];
  leads: { totalLeads: number; validLeads: number; sales: number };
  callbacksEnabled: boolean;
};

async function post<T>(session: Session, path: string, body: object): Promise<T> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/dashboards/${path}`,
    headers: as(session),
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
}

const inbound = (session: Session, body: object) => post<Records>(session, 'records-for-campaigns', body);

describe('records-for-campaigns', () => {
  it('returns every metric of the hand-made day, counted in Toronto', async () => {
    const records = await inbound(admin, {
      ...toronto('2026-11-10'),
      timezone: 'America/Toronto',
      campaignType: 'inbound',
      campaigns: [patientLine],
    });
    expect(records.campaigns).toEqual([patientLine]);
    expect(records.totals).toEqual({
      callsMade: 5,
      minutesUsed: 14, // 840 billed seconds
      avgCallTime: 280, // 840 / 3
      avgQueueTime: 76, // 380 / 5
      avgBilledQueueTime: 43, // 130 / 3 = 43.33
      callsContactRate: 40, // 2 of 5 over 40 s
      billedCalls: 3,
      takenCalls: 3,
      missedCalls: 1,
      abandonedCalls: 1,
      callbacksRequested: 1,
      allCalls: 5,
      billedTime: 840,
      avgBilledTime: 280,
      takenTime: 840,
      unansweredCalls: 1,
      callbacksRequestedAsBill: 1,
      connectedCalls: 2,
      callsToday: 0, // today (the 11th in Toronto) has no calls
      billedAmountCents: 793, // at $34/h, per call to the cent: 283 (300 s) + 38 (40 s) + 472 (500 s)
    });
    expect(records.queueBuckets).toEqual([
      { label: '< 1 min', calls: 3 },
      { label: '< 2 min', calls: 1 },
      { label: '< 4 min', calls: 0 },
      { label: '> 4 min', calls: 1 },
    ]);
    expect(records.durationBuckets).toEqual([
      { label: '< 4 min', calls: 1 },
      { label: '4-6 min', calls: 1 },
      { label: '6-8 min', calls: 0 },
      { label: '> 8 min', calls: 1 },
    ]);
    expect(records.daily).toHaveLength(1);
    expect(records.daily[0]?.date).toBe('2026-11-10');
    expect(records.daily[0]?.dispositions).toMatchObject({ resolved: 1, callback: 1, sale: 0, other: 0 });
    const byHour = Object.fromEntries(records.hourly.map((hour) => [hour.hour, hour.metrics.allCalls]));
    expect(byHour).toMatchObject({ 8: 0, 9: 2, 10: 2, 11: 0, 23: 1 });
    expect(records.hourly[10]?.queueBuckets).toEqual([
      { label: '< 1 min', calls: 1 },
      { label: '< 2 min', calls: 0 },
      { label: '< 4 min', calls: 0 },
      { label: '> 4 min', calls: 1 },
    ]);
  });

  it('counts the same calls on St. John’s local days and hours (UTC−3:30)', async () => {
    const range = dayRangeToUnix({ start: '2026-11-10', end: '2026-11-10' }, 'America/St_Johns');
    const records = await inbound(admin, { ...range, timezone: 'America/St_Johns', campaigns: [patientLine] });
    // The 04:30 UTC call is 01:00 on the 11th there.
    expect(records.totals.allCalls).toBe(4);
    const byHour = Object.fromEntries(records.hourly.map((hour) => [hour.hour, hour.metrics.allCalls]));
    expect(byHour).toMatchObject({ 10: 2, 11: 1, 12: 1, 23: 0 }); // 10:35, 10:50, 11:40, 12:10 NST
  });

  it('uses dateOffset hours when no zone is given', async () => {
    const start = Date.parse('2026-11-10T03:30:00Z') / 1000; // midnight at UTC−3:30
    const records = await inbound(admin, { start, end: start + 86_399, dateOffset: -3.5, campaigns: [patientLine] });
    expect(records.timezone).toBe('UTC-3:30');
    expect(records.totals.allCalls).toBe(4);
  });

  it('narrows to stats sources and agents', async () => {
    const base = { ...toronto('2026-11-10'), timezone: 'America/Toronto', campaigns: [patientLine] };
    expect((await inbound(admin, { ...base, statsSources: [sourceA] })).totals.allCalls).toBe(2);
    const byAgent = await inbound(admin, { ...base, agents: [agentX] });
    expect(byAgent.totals).toMatchObject({ allCalls: 2, takenCalls: 2, takenTime: 340, connectedCalls: 1 });
  });

  it('shows today’s calls in today and callsToday', async () => {
    // In St. John's the 04:30 UTC call falls on the 11th, which is today there.
    const range = dayRangeToUnix({ start: '2026-11-10', end: '2026-11-11' }, 'America/St_Johns');
    const records = await inbound(admin, { ...range, timezone: 'America/St_Johns', campaigns: [patientLine] });
    expect(records.totals).toMatchObject({ allCalls: 5, callsToday: 1 });
    expect(records.today).toMatchObject({ allCalls: 1, unansweredCalls: 1, callsToday: 1 });
    expect(records.daily.map((day) => [day.date, day.metrics.allCalls])).toEqual([
      ['2026-11-10', 4],
      ['2026-11-11', 1],
    ]);
    // A range that ends before today still reports today.
    const yesterday = await inbound(admin, {
      ...toronto('2026-11-09'),
      timezone: 'America/St_Johns',
      campaigns: [patientLine],
    });
    expect(yesterday.totals.allCalls).toBe(0);
    expect(yesterday.today.allCalls).toBe(1);
  });

  it('gives a client-portal user only their company’s campaigns, whatever they ask for', async () => {
    const records = await inbound(client, {
      ...toronto('2026-11-10'),
      timezone: 'America/Toronto',
      campaigns: [patientLine, mapleBilling],
    });
    expect(records.campaigns).toEqual([patientLine]);
    expect(records.totals.allCalls).toBe(5);
    expect(records.callbacksEnabled).toBe(true); // Northwind Health has callbacks on
    const onlyMaple = await inbound(client, {
      ...toronto('2026-11-10'),
      timezone: 'America/Toronto',
      campaigns: [mapleBilling],
    });
    expect(onlyMaple.campaigns).toEqual([]);
    expect(onlyMaple.totals.allCalls).toBe(0);
    // Asking for every campaign still means their company's only.
    const all = await inbound(client, { ...toronto('2026-11-10'), timezone: 'America/Toronto' });
    expect(all.totals.allCalls).toBe(5);
    // What the client portal does not see is not sent either: no queue, duration or disposition data, no money.
    expect(all.queueBuckets).toEqual([]);
    expect(all.durationBuckets).toEqual([]);
    expect(all.daily[0]?.dispositions).toEqual({});
    expect(all.dispositions).toEqual([]); // the totals behind the hidden Dispositions graph
    expect(all.hourly.every((hour) => hour.queueBuckets.length === 0)).toBe(true);
    expect(all.totals).not.toHaveProperty('billedAmountCents');
    for (const path of ['last-month-data', 'stats-sources']) {
      const response = await t.app.inject({
        method: path === 'stats-sources' ? 'GET' : 'POST',
        url: `/api/dashboards/${path}`,
        headers: as(client),
        ...(path === 'stats-sources' ? {} : { payload: toronto('2026-11-10') }),
      });
      expect(response.statusCode, path).toBe(403);
    }
  });

  it('gives an agent only the campaigns they work on', async () => {
    const records = await inbound(agent, { ...toronto('2026-11-10'), timezone: 'America/Toronto' });
    expect(records.campaigns).toEqual(expect.arrayContaining([patientLine, mapleBilling]));
    expect(records.totals.allCalls).toBe(6);
    expect(records.totals).not.toHaveProperty('billedAmountCents'); // money is for administrators
    // Narrowing to a colleague is ignored (campaign totals are shown); narrowing to themself works.
    const colleague = await inbound(agent, { ...toronto('2026-11-10'), timezone: 'America/Toronto', agents: [agentY] });
    expect(colleague.totals.allCalls).toBe(6);
    const own = await inbound(agent, { ...toronto('2026-11-10'), timezone: 'America/Toronto', agents: [agentX] });
    expect(own.totals).toMatchObject({ allCalls: 3, takenCalls: 3 });
  });
});

describe('cold-calls-for-campaigns and sales leads', () => {
  it('counts outbound calls with their contact rate, dispositions and leads', async () => {
    const records = await post<Records>(admin, 'cold-calls-for-campaigns', {
      ...toronto('2026-11-10'),
      timezone: 'America/Toronto',
      campaignType: 'inbound',
    });
    expect(records.totals).toMatchObject({
      callsMade: 2,
      connectedCalls: 1,
      callsContactRate: 50,
      billedAmountCents: 322, // 400 s at $29/h
      billedCalls: 1,
      minutesUsed: 7,
    });
    expect(records.dispositions.find((row) => row.bucket === 'sale')).toEqual({
      bucket: 'sale',
      label: 'Sale',
      calls: 1,
    });
    expect(records.dispositions.find((row) => row.bucket === 'no_contact')?.calls).toBe(1);
    expect(records.leads).toEqual({ totalLeads: 2, validLeads: 1, sales: 1 });
    const leads = await post<
      { campaign_id: number; total_leads: number; valid_leads: number; invalid_leads: number; sales_count: number }[]
    >(admin, 'sales-leads', { ...toronto('2026-11-10'), timezone: 'America/Toronto', campaignType: 'outbound' });
    expect(leads.find((row) => row.campaign_id === reminders)).toMatchObject({
      total_leads: 2,
      valid_leads: 1,
      invalid_leads: 1,
      sales_count: 1,
    });
  });
});

describe('last-month-data', () => {
  it('covers the 30 days ending today and divides the card totals by 31', async () => {
    const data = await post<{
      days: { date: string; billedCalls: number; minutesUsed: number }[];
      cards: Record<string, number>;
    }>(admin, 'last-month-data', { ...toronto('2026-11-10'), timezone: 'America/Toronto', campaigns: [patientLine] });
    expect(data.days).toHaveLength(30);
    expect(data.days[0]?.date).toBe('2026-10-13');
    expect(data.days.at(-1)?.date).toBe('2026-11-11');
    expect(data.days.find((day) => day.date === '2026-11-10')).toMatchObject({ billedCalls: 3, minutesUsed: 14 });
    expect(data.cards).toEqual({ calls: 0.1, minutes: 0.45, queueTime: 76 }); // 3/31, 14/31, 380/5
  });
});

describe('agent records', () => {
  it('gives each listed agent their own calls', async () => {
    const rows = await post<{ agent_id: number; metrics: Record<string, number> }[]>(admin, 'agent-records', {
      ...toronto('2026-11-10'),
      timezone: 'America/Toronto',
      agents: [agentX, agentY],
    });
    expect(rows.map((row) => row.agent_id).sort()).toEqual([agentX, agentY].sort());
    expect(rows.find((row) => row.agent_id === agentX)?.metrics).toMatchObject({ takenCalls: 3, takenTime: 440 });
    expect(rows.find((row) => row.agent_id === agentY)?.metrics).toMatchObject({ takenCalls: 1, takenTime: 500 });
  });

  it('answers an empty list when none of the agents asked for is listed', async () => {
    const rows = await post<unknown[]>(admin, 'agent-records', { ...toronto('2026-11-10'), agents: [999_999] });
    expect(rows).toEqual([]);
  });

  it('is refused to agents', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/dashboards/agent-records',
      headers: as(agent),
      payload: toronto('2026-11-10'),
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('keeping the rollups current', () => {
  it('adds a call to the dashboards when it ends, once', async () => {
    const live = await t.database.db
      .selectFrom('calls')
      .select('id')
      .where('ended_at', 'is', null)
      .executeTakeFirstOrThrow();
    const before = await inbound(admin, {
      ...toronto('2026-11-10'),
      timezone: 'America/Toronto',
      campaigns: [patientLine],
    });
    await endCall(t.database.db, live.id, {
      endedAt: new Date('2026-11-10T14:15:20Z'),
      talkSeconds: 300,
      billed: true,
      billedSeconds: 300,
    });
    const after = await inbound(admin, {
      ...toronto('2026-11-10'),
      timezone: 'America/Toronto',
      campaigns: [patientLine],
    });
    expect(after.totals.allCalls).toBe((before.totals.allCalls ?? 0) + 1);
    expect(after.totals.billedTime).toBe((before.totals.billedTime ?? 0) + 300);
    await expect(
      endCall(t.database.db, live.id, { endedAt: new Date('2026-11-10T14:16:00Z'), talkSeconds: 1 }),
    ).rejects.toThrow('already ended');
    // The incremental upkeep and a full rebuild agree.
    await rebuildRollups(t.database.db);
    const rebuilt = await inbound(admin, {
      ...toronto('2026-11-10'),
      timezone: 'America/Toronto',
      campaigns: [patientLine],
    });
    expect(rebuilt.totals).toEqual(after.totals);
  });
});

describe('ending calls and changing states', () => {
  it('refuses talk time on a call nobody answered, and an abandoned call that was answered', async () => {
    const [waiting, answered] = await t.database.db
      .insertInto('calls')
      .values([
        { campaign_id: patientLine, direction: 'inbound', queued_at: '2026-11-10T18:00:00Z' },
        {
          campaign_id: patientLine,
          direction: 'inbound',
          queued_at: '2026-11-10T18:00:00Z',
          answered_at: '2026-11-10T18:00:30Z',
        },
      ])
      .returning('id')
      .execute();
    const end = new Date('2026-11-10T18:05:00Z');
    await expect(endCall(t.database.db, waiting?.id as string, { endedAt: end, talkSeconds: 60 })).rejects.toThrow(
      'unanswered',
    );
    await expect(
      endCall(t.database.db, answered?.id as string, { endedAt: end, talkSeconds: 0, abandoned: true }),
    ).rejects.toThrow('answered call was not abandoned');
    // Answered as it ends: counted as taken.
    await endCall(t.database.db, waiting?.id as string, {
      endedAt: end,
      answeredAt: new Date('2026-11-10T18:01:00Z'),
      talkSeconds: 240,
    });
    const row = await t.database.db
      .selectFrom('calls')
      .selectAll()
      .where('id', '=', waiting?.id as string)
      .executeTakeFirstOrThrow();
    expect(row.answered_at).not.toBeNull();
  });

  it('closes the open state when the next one starts, one at a time, and counts the closed one', async () => {
    const at = (time: string) => new Date(`2026-11-10T${time}Z`);
    await changeAgentState(t.database.db, agentY, { state: 'ready', at: at('13:00:00') });
    await Promise.all([
      changeAgentState(t.database.db, agentY, { state: 'on_call', at: at('13:10:00'), campaignId: patientLine }),
      changeAgentState(t.database.db, agentY, {
        state: 'after_call_work',
        at: at('13:20:00'),
        campaignId: patientLine,
      }),
    ]);
    const states = await t.database.db
      .selectFrom('agent_state_log')
      .select(['state', 'end_at'])
      .where('user_id', '=', agentY)
      .orderBy('start_at')
      .execute();
    expect(states.filter((state) => state.end_at === null)).toHaveLength(1);
    expect(states).toHaveLength(3);
    // The closed Ready is in its hour, day, month, and week's and month's hour of day; the open After-call work is in
    // none yet.
    const counted = await sql<{ grain: number; ready: string; after_call_work: string }>`
      SELECT grain, sum(ready) AS ready, sum(after_call_work) AS after_call_work FROM agent_productivity_rollups
      WHERE user_id = ${agentY} AND alignment = 0 GROUP BY grain ORDER BY grain`.execute(t.database.db);
    expect(counted.rows.map((row) => [row.grain, Number(row.ready), Number(row.after_call_work)])).toEqual([
      [0, 600, 0],
      [1, 600, 0],
      [2, 600, 0],
      [3, 600, 0],
      [4, 600, 0],
    ]);
    await expect(changeAgentState(t.database.db, agentY, { state: 'napping', at: at('14:00:00') })).rejects.toThrow(
      'Unknown agent state',
    );
    // A display name is kept as its id, which the rollup keys on.
    await changeAgentState(t.database.db, agentY, { state: 'Follow-up work', at: at('14:00:00') });
    const latest = await t.database.db
      .selectFrom('agent_state_log')
      .select('state')
      .where('user_id', '=', agentY)
      .where('end_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(latest.state).toBe('follow_up_work');
  });
});

describe('retired campaigns', () => {
  it('keep counting in past ranges when nothing is chosen, though the selector no longer lists them', async () => {
    const legacy = await campaignId(t.database, 'Legacy Warranty Line'); // archived
    const before = await inbound(admin, { ...toronto('2026-11-10'), timezone: 'America/Toronto' });
    await t.database.db
      .insertInto('calls')
      .values(
        endedCall({ campaign_id: legacy, queued_at: '2026-11-10T17:00:00Z', queue_seconds: 20, talk_seconds: 100 }),
      )
      .execute();
    await rebuildRollups(t.database.db);
    const after = await inbound(admin, { ...toronto('2026-11-10'), timezone: 'America/Toronto' });
    expect(after.campaigns).toContain(legacy);
    expect(after.totals.allCalls).toBe((before.totals.allCalls ?? 0) + 1);
    const listed = await t.app.inject({ url: '/api/dashboards/campaigns?type=inbound', headers: as(admin) });
    expect((listed.json() as { id: number }[]).map((campaign) => campaign.id)).not.toContain(legacy);
  });
});

describe('bad input', () => {
  it('names the field and the reason', async () => {
    const cases: [object, string][] = [
      [{ start: 100, end: 50 }, 'end'],
      [{ start: 0, end: 401 * 86_400 }, 'end'],
      [{ start: 0, end: 10, timezone: 'Europe/Paris' }, 'timezone'],
      [{ start: 0, end: 10, dateOffset: -3.25 }, 'dateOffset'],
      [{ start: 0, end: 10, campaignType: 'email' }, 'campaignType'],
      [{ start: 'yesterday', end: 10 }, 'start'],
      [{ start: 0, end: 10, campaigns: ['x'] }, 'campaigns.0'],
    ];
    for (const [body, field] of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/dashboards/records-for-campaigns',
        headers: as(admin),
        payload: body,
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json().error.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
  });
});
