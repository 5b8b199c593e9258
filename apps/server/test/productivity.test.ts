import {
  dayRangeToUnix,
  type ProductivityPayrolls,
  type ProductivityResult,
  type ProductivitySeriesAgents,
} from '@shiftline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCallsToRollups, addStatesToRollups } from '../src/rollups/index.js';
import { as, createTestUser, demoEmail, login, type Session, startTestApp, type TestApp } from './support/testApp.js';

/**
 * A hand-made data set in January 2030 (Toronto UTC-5, St. John's UTC-3:30, no clock changes), on fresh users so
 * the demo's own history never changes the numbers.
 *
 * Agent A (rate $20.00) on 2030-01-15, Toronto local times:
 *   09:50 pre_shift 600 s · 10:00 on_call 1800 s (campaign X) · 10:30 ready 6000 s → capped 3600 (X)
 *   13:00 break 900 s · 14:00 after_call_work 600 s (Y) · 14:10 did_ringing 60 s (no group, login time)
 *   16:00 logged_out 14400 s (no group, not login time)
 *   A: Billable 2400 (On Call 1800, After Work 600) · Productive 3600 · Unproductive 900 · Unclassified 600
 *      total 7500, paid 6900, login 7560.
 * Agent B (rate $18.00): 11:00 on_call 3600 s (X) · 12:00 lunch 1800 s → Billable 3600, Unproductive 1800.
 * Together: Billable 6000 (On Call 5400, After Work 600), Productive 3600, Unproductive 2700 (Breaks 900,
 *   Meal 1800), Unclassified 600; total 12900, on call 5400, paid 12300, login 12960.
 */
let t: TestApp;
let admin: Session;
let agentA: Session;
let agentB: Session;
let teamLead: Session;
let stJohnsAgent: Session;
let archivedId: number;
let systemId: number;
let campaignX: number;
let campaignY: number;

const TORONTO = 'America/Toronto';
const ST_JOHNS = 'America/St_Johns';
const jan15 = dayRangeToUnix({ start: '2030-01-15', end: '2030-01-15' }, TORONTO);
const firstHalfOfJanuary = dayRangeToUnix({ start: '2030-01-01', end: '2030-01-15' }, TORONTO);

type StateRecord = { state: string; start: string; seconds: number; campaign?: number | null };

async function addStates(userId: number, records: StateRecord[]): Promise<void> {
  const rows = await t.database.db
    .insertInto('agent_state_log')
    .values(
      records.map((record) => ({
        user_id: userId,
        state: record.state,
        start_at: new Date(record.start),
        end_at: new Date(new Date(record.start).getTime() + record.seconds * 1000),
        campaign_id: record.campaign ?? null,
      })),
    )
    .returning('id')
    .execute();
  await addStatesToRollups(
    t.database.db,
    rows.map((row) => row.id),
  );
}

async function addLead(agentId: number, createdAt: string, sold: boolean, commissionCents: number): Promise<void> {
  const call = await t.database.db
    .insertInto('calls')
    .values({
      campaign_id: campaignX,
      direction: 'outbound',
      agent_id: agentId,
      queued_at: new Date(createdAt),
      answered_at: new Date(createdAt),
      ended_at: new Date(createdAt),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.database.db
    .insertInto('sales_leads')
    .values({
      call_id: call.id,
      campaign_id: campaignX,
      agent_id: agentId,
      created_at: new Date(createdAt),
      valid: true,
      sold,
      amount_cents: 10_000,
      commission_cents: commissionCents,
    })
    .execute();
  await addCallsToRollups(t.database.db, [call.id]);
}

async function addPayment(
  userId: number,
  period: [string, string],
  cents: { hourly: number; statutory: number; commission: number },
): Promise<void> {
  await t.database.db
    .insertInto('agent_payments')
    .values({
      user_id: userId,
      period_start: period[0],
      period_end: period[1],
      paid_at: new Date(`${period[1]}T20:00:00Z`),
      hourly_cents: cents.hourly,
      statutory_cents: cents.statutory,
      commission_cents: cents.commission,
    })
    .execute();
}

async function newAgent(email: string, role: 'agent' | 'team_lead', rateCents: number): Promise<Session> {
  const id = await createTestUser(t.database, { email, timezone: TORONTO, role });
  await t.database.db.updateTable('users').set({ pay_rate_cents: rateCents }).where('id', '=', id).execute();
  return login(t.app, email);
}

/** Posts the page's choices to a productivity call as the session's user. */
const post = (url: string, session: Session, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: as(session), payload: body });

/** The call's answer, which must be a 200. */
async function answered<T>(url: string, session: Session, body: Record<string, unknown>): Promise<T> {
  const response = await post(url, session, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
}

const load = (session: Session, body: Record<string, unknown>) => post('/api/productivity/load', session, body);
const loaded = (session: Session, body: Record<string, unknown>) =>
  answered<ProductivityResult>('/api/productivity/load', session, body);
const payrollsResponse = (session: Session, body: Record<string, unknown>) =>
  post('/api/productivity/payrolls', session, body);
const payrollsOf = (session: Session, body: Record<string, unknown>) =>
  answered<ProductivityPayrolls>('/api/productivity/payrolls', session, body);
const seriesAgents = (session: Session, body: Record<string, unknown>) =>
  answered<ProductivitySeriesAgents>('/api/productivity/series-agents', session, body);

const groupOf = (result: ProductivityResult, name: string) => result.groups.find((group) => group.group === name);
const subOf = (result: ProductivityResult, group: string, sub: string) =>
  groupOf(result, group)?.subCategories.find((entry) => entry.subCategory === sub);

beforeAll(async () => {
  t = await startTestApp();
  admin = await login(t.app, demoEmail('administrator'));
  const campaigns = await t.database.db
    .selectFrom('campaigns')
    .select(['id', 'name'])
    .where('name', 'in', ['Northwind Patient Line', 'Maple Telecom Billing'])
    .execute();
  campaignX = (campaigns.find((c) => c.name === 'Northwind Patient Line') as { id: number }).id;
  campaignY = (campaigns.find((c) => c.name === 'Maple Telecom Billing') as { id: number }).id;

  agentA = await newAgent('prod.a@test.local', 'agent', 2000);
  agentB = await newAgent('prod.b@test.local', 'agent', 1800);
  teamLead = await newAgent('prod.lead@test.local', 'team_lead', 2500);
  stJohnsAgent = await newAgent('prod.nl@test.local', 'agent', 1500);
  archivedId = await createTestUser(t.database, { email: 'prod.gone@test.local', timezone: TORONTO });
  await t.database.db.updateTable('users').set({ archived: true }).where('id', '=', archivedId).execute();
  systemId = (
    await t.database.db.selectFrom('users').select('id').where('is_system', '=', true).executeTakeFirstOrThrow()
  ).id;

  await addStates(agentA.userId, [
    { state: 'pre_shift', start: '2030-01-15T14:50:00Z', seconds: 600 },
    { state: 'on_call', start: '2030-01-15T15:00:00Z', seconds: 1800, campaign: campaignX },
    { state: 'ready', start: '2030-01-15T15:30:00Z', seconds: 6000, campaign: campaignX },
    { state: 'break', start: '2030-01-15T18:00:00Z', seconds: 900 },
    { state: 'after_call_work', start: '2030-01-15T19:00:00Z', seconds: 600, campaign: campaignY },
    { state: 'did_ringing', start: '2030-01-15T19:10:00Z', seconds: 60 },
    { state: 'logged_out', start: '2030-01-15T21:00:00Z', seconds: 14_400 },
  ]);
  await addStates(agentB.userId, [
    { state: 'on_call', start: '2030-01-15T16:00:00Z', seconds: 3600, campaign: campaignX },
    { state: 'lunch', start: '2030-01-15T17:00:00Z', seconds: 1800 },
  ]);
  await addStates(teamLead.userId, [{ state: 'meeting', start: '2030-01-15T15:00:00Z', seconds: 1200 }]);
  await addStates(archivedId, [{ state: 'ready', start: '2030-01-15T15:00:00Z', seconds: 1200 }]);
  await addStates(systemId, [{ state: 'ready', start: '2030-01-15T15:00:00Z', seconds: 1200 }]);
  // St. John's midnight on 2030-01-20 is 03:30 UTC.
  await addStates(stJohnsAgent.userId, [
    { state: 'ready', start: '2030-01-20T03:00:00Z', seconds: 600 }, // 23:30 on the 19th
    { state: 'ready', start: '2030-01-20T03:30:00Z', seconds: 900 }, // 00:00 on the 20th
    { state: 'ready', start: '2030-01-20T04:29:00Z', seconds: 60 }, // 00:59 on the 20th
    { state: 'ready', start: '2030-01-21T03:20:00Z', seconds: 300 }, // 23:50 on the 20th
    { state: 'ready', start: '2030-01-21T03:30:00Z', seconds: 1200 }, // 00:00 on the 21st
  ]);

  await addLead(agentA.userId, '2030-01-15T16:00:00Z', true, 1250);
  await addLead(agentA.userId, '2030-01-15T16:30:00Z', false, 999); // not sold: no commission
  await addLead(agentA.userId, '2030-01-20T16:00:00Z', true, 700); // after the range
  await addPayment(agentA.userId, ['2030-01-01', '2030-01-07'], { hourly: 1000, statutory: 40, commission: 0 });
  await addPayment(agentA.userId, ['2029-12-25', '2030-01-07'], { hourly: 9999, statutory: 0, commission: 0 });
  await addPayment(agentB.userId, ['2030-01-08', '2030-01-14'], { hourly: 4800, statutory: 200, commission: 0 });
});
afterAll(() => t.close());

describe('productivity for a staff viewer', () => {
  it('sums the capped rollup per group and sub-category with the three percents', async () => {
    const result = await loaded(admin, {
      ...jan15,
      timezone: TORONTO,
      ids: [agentA.userId, agentB.userId],
    });
    expect(result.agents.map((agent) => agent.id)).toEqual([agentA.userId, agentB.userId]);
    expect(result).toMatchObject({ totalSeconds: 12_900, onCallSeconds: 5400, paidSeconds: 12_300 });
    // Login: 12,900 classified + 60 DID Ringing; Logged out is not login time.
    expect(result.loginSeconds).toBe(12_960);
    expect(result.groups.map((group) => [group.group, group.seconds])).toEqual([
      ['Billable Work', 6000],
      ['Productive', 3600], // the 6,000 s Ready record counts 3,600
      ['Unproductive', 2700],
      ['Unclassified', 600],
    ]);
    expect(groupOf(result, 'Billable Work')).toMatchObject({
      minutes: 100,
      percentOfTotal: 46.51, // 6000 / 12900
      percentOfOnCall: 111.11, // 6000 / 5400
      percentOfPaid: 48.78, // 6000 / 12300
    });
    expect(subOf(result, 'Unproductive', 'Meal')).toMatchObject({
      seconds: 1800,
      minutes: 30,
      percentOfTotal: 13.95, // 1800 / 12900
      percentOfOnCall: 33.33, // 1800 / 5400
      percentOfPaid: 14.63, // 1800 / 12300
    });
  });

  it('lists the agents of one series for the drill-down, most first, under the same choices', async () => {
    const body = { ...jan15, timezone: TORONTO, ids: [agentA.userId, agentB.userId] };
    expect(await seriesAgents(admin, { ...body, group: 'Billable Work', subCategory: 'On Call' })).toEqual({
      group: 'Billable Work',
      subCategory: 'On Call',
      seconds: 5400,
      agents: [
        // 3600 / 5400 of the series; 3600 / 12900 of the total
        {
          agentId: agentB.userId,
          name: 'Test prod.b',
          seconds: 3600,
          minutes: 60,
          percentOfSeries: 66.67,
          percentOfTotal: 27.91,
        },
        {
          agentId: agentA.userId,
          name: 'Test prod.a',
          seconds: 1800,
          minutes: 30,
          percentOfSeries: 33.33,
          percentOfTotal: 13.95,
        },
      ],
    });
    expect((await seriesAgents(admin, { ...body, group: 'Productive' })).agents).toEqual([
      {
        agentId: agentA.userId,
        name: 'Test prod.a',
        seconds: 3600,
        minutes: 60,
        percentOfSeries: 100,
        percentOfTotal: 27.91,
      },
    ]);
    // Agents without time in a series are left out of its list.
    expect(
      (await seriesAgents(admin, { ...body, group: 'Billable Work', subCategory: 'Emails and Tickets' })).agents,
    ).toEqual([]);
    // The time-of-day filter narrows the list too: from 10 to 11 only on-call time counts (A 1800, B 3600).
    const morning = await seriesAgents(admin, { ...body, startHour: 10, endHour: 11, group: 'Billable Work' });
    expect(morning.agents.map((agent) => [agent.agentId, agent.seconds, agent.percentOfTotal])).toEqual([
      [agentB.userId, 3600, 40], // 3600 / 9000
      [agentA.userId, 1800, 20],
    ]);
    // The load itself carries no per-agent lists.
    const loadedResult = await loaded(admin, body);
    expect(JSON.stringify(loadedResult)).not.toContain('percentOfSeries');
  });

  it('gives an agent only their own line in a drill-down, and refuses a sub-category of another group', async () => {
    const own = await seriesAgents(agentA, {
      ...jan15,
      timezone: TORONTO,
      ids: [agentB.userId],
      group: 'Billable Work',
    });
    expect(own.agents.map((agent) => agent.agentId)).toEqual([agentA.userId]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/productivity/series-agents',
      headers: as(admin),
      payload: { ...jan15, timezone: TORONTO, group: 'Productive', subCategory: 'Meal' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ subCategory: 'is not a sub-category of Productive' });
  });

  it('counts only hours whose local start is within the time-of-day filter, wrapping past midnight', async () => {
    const tenToEleven = await loaded(admin, {
      ...jan15,
      timezone: TORONTO,
      startHour: 10,
      endHour: 11,
      ids: [agentA.userId, agentB.userId],
    });
    // A's on call at 10:00 and capped Ready at 10:30 (bucket 10:00), B's on call at 11:00; the 09:50 pre-shift,
    // B's 12:00 lunch and the afternoon are out.
    expect(tenToEleven.totalSeconds).toBe(1800 + 3600 + 3600);
    expect(tenToEleven.groups.map((group) => group.seconds)).toEqual([5400, 3600, 0, 0]);
    // Pay covers the whole period whatever the hours shown.
    expect(tenToEleven.pay?.hourlyCents).toBe(3833 + 2700);

    const night = await loaded(admin, { ...jan15, timezone: TORONTO, startHour: 16, endHour: 9, ids: [agentA.userId] });
    expect(night.totalSeconds).toBe(600); // 09:50 pre-shift; 16:00 logged out belongs to no group
    expect(night.loginSeconds).toBe(600);
  });

  it("counts St. John's local days on half-hour buckets", async () => {
    const day = dayRangeToUnix({ start: '2030-01-20', end: '2030-01-20' }, ST_JOHNS);
    const result = await loaded(admin, { ...day, timezone: ST_JOHNS, ids: [stJohnsAgent.userId] });
    // 00:00 (900) + 00:59 (60) + 23:50 (300); 23:30 on the 19th and 00:00 on the 21st are other days.
    expect(result.totalSeconds).toBe(1260);
    const midnightHour = await loaded(admin, {
      ...day,
      timezone: ST_JOHNS,
      startHour: 0,
      endHour: 0,
      ids: [stJohnsAgent.userId],
    });
    expect(midnightHour.totalSeconds).toBe(960);
    // The same instants seen from Toronto: the 20th there runs 05:00Z–05:00Z, holding only the 23:50 NST record.
    const toronto = await loaded(admin, {
      ...dayRangeToUnix({ start: '2030-01-20', end: '2030-01-20' }, TORONTO),
      timezone: TORONTO,
      ids: [stJohnsAgent.userId],
    });
    expect(toronto.totalSeconds).toBe(300 + 1200);
  });

  it('reads long ranges from whole months and days and gets the same seconds as hour by hour', async () => {
    const agent = await newAgent('months.of.ready@shiftline.test', 'agent', 2000);
    // One ready hour at 15:00 UTC on every day from 20 Feb to 10 Apr 2031: days, a whole March, and hour edges.
    const days = Array.from({ length: 50 }, (_, day) => new Date(Date.UTC(2031, 1, 20 + day, 15)).toISOString());
    await addStates(
      agent.userId,
      days.map((start) => ({ state: 'ready', start, seconds: 3600 })),
    );
    for (const zone of [TORONTO, ST_JOHNS]) {
      const range = dayRangeToUnix({ start: '2031-02-20', end: '2031-04-10' }, zone);
      const whole = await loaded(admin, { ...range, timezone: zone, ids: [agent.userId] });
      expect(whole.totalSeconds, zone).toBe(50 * 3600);
      // With an hour filter (1 AM – 11 PM, which every record passes) only hour rows are read: the same answer.
      const byHours = await loaded(admin, { ...range, timezone: zone, ids: [agent.userId], startHour: 1, endHour: 23 });
      expect(byHours.totalSeconds, zone).toBe(whole.totalSeconds);
      const marchOnly = await loaded(admin, {
        ...dayRangeToUnix({ start: '2031-03-01', end: '2031-03-31' }, zone),
        timezone: zone,
        ids: [agent.userId],
      });
      expect(marchOnly.totalSeconds, zone).toBe(31 * 3600);
    }
  });

  it('leaves out archived agents and system accounts whatever is asked', async () => {
    const result = await loaded(admin, { ...jan15, timezone: TORONTO, ids: [agentA.userId, archivedId, systemId] });
    expect(result.agents.map((agent) => agent.id)).toEqual([agentA.userId]);
    expect(result.totalSeconds).toBe(7500);
    const everyone = await loaded(admin, { ...jan15, timezone: TORONTO });
    const ids = everyone.agents.map((agent) => agent.id);
    expect(ids).toEqual(expect.arrayContaining([agentA.userId, agentB.userId, teamLead.userId]));
    expect(ids).not.toContain(archivedId);
    expect(ids).not.toContain(systemId);
    expect(ids).not.toContain(admin.userId);
  });

  it('shows the administrator everyone’s pay: hourly, statutory, commissions, already paid, to be paid', async () => {
    const result = await loaded(admin, {
      ...firstHalfOfJanuary,
      timezone: TORONTO,
      ids: [agentA.userId, agentB.userId],
    });
    // Hourly: A 6900 s × 2000 / 3600 = 3833.33 → 3833; B 5400 s × 1800 / 3600 = 2700. Statutory 4 % of 6533.
    // Already paid: A's 2030-01-01..07 (1040) and B's 08..14 (5000); A's payment from 2029-12-25 is not inside.
    expect(result.pay).toMatchObject({
      hourlyCents: 6533,
      statutoryCents: 261,
      earnedCents: 6794,
      commissionCents: 1250,
      alreadyPaidCents: 6040,
      toBePaidCents: 6794 + 1250 - 6040,
    });
    expect(result.pay?.payrollCount).toBe(2);
    const { payrolls } = await payrollsOf(admin, {
      ...firstHalfOfJanuary,
      timezone: TORONTO,
      ids: [agentA.userId, agentB.userId],
    });
    expect(
      payrolls.map((payroll) => [payroll.name, payroll.periodStart, payroll.periodEnd, payroll.totalCents]),
    ).toEqual([
      ['Test prod.a', '2030-01-01', '2030-01-07', 1040],
      ['Test prod.b', '2030-01-08', '2030-01-14', 5000],
    ]);
    expect(payrolls[0]).toMatchObject({
      agentId: agentA.userId,
      hourlyCents: 1000,
      statutoryCents: 40,
      commissionCents: 0,
    });
    expect(payrolls[0]?.paidAt).toBe('2030-01-07T20:00:00.000Z');
  });

  it('hides other agents’ pay from a team lead, and shows a team lead their own', async () => {
    const others = await loaded(teamLead, { ...jan15, timezone: TORONTO, ids: [agentA.userId, agentB.userId] });
    expect(others.totalSeconds).toBe(12_900);
    expect(others.pay).toBeNull();
    const own = await loaded(teamLead, { ...jan15, timezone: TORONTO, ids: [teamLead.userId] });
    expect(own.totalSeconds).toBe(1200);
    // 1200 s × 2500 / 3600 = 833.33 → 833; statutory 33.32 → 33.
    expect(own.pay).toMatchObject({ hourlyCents: 833, statutoryCents: 33, earnedCents: 866, toBePaidCents: 866 });
    // Their payrolls follow the same rule as the cards.
    const refused = await payrollsResponse(teamLead, {
      ...firstHalfOfJanuary,
      timezone: TORONTO,
      ids: [agentA.userId, agentB.userId],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'forbidden', message: 'You may only see your own pay.' });
    expect(
      (await payrollsOf(teamLead, { ...firstHalfOfJanuary, timezone: TORONTO, ids: [teamLead.userId] })).payrolls,
    ).toEqual([]);
  });
});

describe('productivity for an agent', () => {
  it('gives an agent only their own time, whatever ids they send, with their pay', async () => {
    const result = await loaded(agentA, {
      ...firstHalfOfJanuary,
      timezone: TORONTO,
      mode: 'agents',
      ids: [agentB.userId],
    });
    expect(result.agents).toEqual([{ id: agentA.userId, name: 'Test prod.a' }]);
    expect(result.totalSeconds).toBe(7500);
    expect(result.paidSeconds).toBe(6900);
    expect(result.loginSeconds).toBe(7560);
    // 3833 + 153 statutory (4 % of 3833 = 153.32) + 1250 commission − 1040 paid.
    expect(result.pay).toMatchObject({
      hourlyCents: 3833,
      statutoryCents: 153,
      earnedCents: 3986,
      commissionCents: 1250,
      alreadyPaidCents: 1040,
      toBePaidCents: 4196,
    });
    expect(result.pay?.payrollCount).toBe(1);
    // Whatever ids an agent sends, the payrolls are their own.
    const { payrolls } = await payrollsOf(agentA, {
      ...firstHalfOfJanuary,
      timezone: TORONTO,
      ids: [agentB.userId],
    });
    expect(payrolls.map((payroll) => [payroll.agentId, payroll.totalCents])).toEqual([[agentA.userId, 1040]]);
  });

  it('narrows an agent to some of their campaigns in campaigns mode', async () => {
    const result = await loaded(agentA, { ...jan15, timezone: TORONTO, mode: 'campaigns', ids: [campaignX] });
    expect(result.mode).toBe('campaigns');
    expect(result.totalSeconds).toBe(1800 + 3600);
    expect(result.groups.map((group) => group.seconds)).toEqual([1800, 3600, 0, 0]);
  });

  it('never lets To Be Paid go below zero', async () => {
    const result = await loaded(agentB, { ...firstHalfOfJanuary, timezone: TORONTO });
    // 2700 + 108 earned, 5000 already paid.
    expect(result.pay).toMatchObject({ earnedCents: 2808, alreadyPaidCents: 5000, toBePaidCents: 0 });
  });
});

describe('productivity access and validation', () => {
  it('refuses the client portal', async () => {
    const client = await login(t.app, demoEmail('company_supervisor'));
    const response = await load(client, { ...jan15, timezone: TORONTO });
    expect(response.statusCode).toBe(403);
    const drill = await t.app.inject({
      method: 'POST',
      url: '/api/productivity/series-agents',
      headers: as(client),
      payload: { ...jan15, timezone: TORONTO, group: 'Productive' },
    });
    expect(drill.statusCode).toBe(403);
    expect((await payrollsResponse(client, { ...jan15, timezone: TORONTO })).statusCode).toBe(403);
  });

  it('answers 400 naming the fields', async () => {
    const reversed = await load(admin, { start: jan15.end, end: jan15.start, timezone: TORONTO });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error.fields).toEqual({ end: 'must not be before start' });
    const tooLong = await load(admin, { start: jan15.start, end: jan15.start + 401 * 86_400, timezone: TORONTO });
    expect(tooLong.json().error.fields).toEqual({ end: 'must be within 400 days of start' });
    const bad = await load(admin, { ...jan15, timezone: 'Europe/Paris', startHour: 24, mode: 'teams', ids: ['x'] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['ids.0', 'mode', 'startHour', 'timezone']);
    const badPayrolls = await payrollsResponse(admin, { start: jan15.end, end: jan15.start, timezone: TORONTO });
    expect(badPayrolls.statusCode).toBe(400);
    expect(badPayrolls.json().error.fields).toEqual({ end: 'must not be before start' });
  });
});
