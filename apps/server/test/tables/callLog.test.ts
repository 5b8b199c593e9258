import { EXPORT_NEEDS_PERIOD } from '@shiftline/shared';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { addCallsToRollups } from '../../src/rollups/index.js';
import { signedInRequests } from '../support/requests.js';
import { demoEmail, login, type Session, testAppForTests } from '../support/testApp.js';

/*
 * The call log on a hand-built set of calls (days in 2026-03 where nothing else was generated): paging, sorting,
 * every filter, the row rules of each role, totals and the count from the rollups against the rows themselves, hostile
 * query values, and the CSV export.
 */

const t = testAppForTests();
const { get } = signedInRequests(() => t);

type Call = {
  id: string;
  campaign: number;
  agent: number | null;
  at: number;
  queue: number;
  talk: number;
  outcome: string;
};
const calls: Call[] = [];
let admin: Session;
let agent: Session;
let client: Session;
let agentId: number;
let otherAgentId: number;
let companyCampaign: number;
let otherCampaign: number;
let phoneClientId: number;

/** 2026-03-10 00:00 UTC and the three days the set spans. */
const DAY0 = Date.UTC(2026, 2, 10) / 1000;
const PERIOD = { start: DAY0, end: DAY0 + 3 * 86_400 - 1 };

const query = (values: Record<string, unknown>, extra = '') =>
  `?chosenValues=${encodeURIComponent(JSON.stringify(values))}${extra}`;
const page = async (session: Session, values: Record<string, unknown> = { period: PERIOD }, extra = '') => {
  const response = await get(session, `/api/tables/call_log${query(values, extra)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

beforeAll(async () => {
  admin = await login(t.app, demoEmail('administrator'));
  agent = await login(t.app, demoEmail('agent'));
  client = await login(t.app, demoEmail('company_supervisor'));
  agentId = agent.userId;
  const { db } = t.database;
  const viewer = await db
    .selectFrom('users')
    .select('company_id')
    .where('id', '=', client.userId)
    .executeTakeFirstOrThrow();
  companyCampaign = (
    await db
      .selectFrom('campaigns')
      .select('id')
      .where('company_id', '=', viewer.company_id)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
  otherCampaign = (
    await db
      .selectFrom('campaigns')
      .select('id')
      .where((eb) => eb.or([eb('company_id', 'is', null), eb('company_id', '!=', viewer.company_id)]))
      .where('type', '=', 'inbound')
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
  otherAgentId = (
    await db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'agent')
      .where('id', '!=', agentId)
      .where('archived', '=', false)
      .where('is_system', '=', false)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
  phoneClientId = (
    await db
      .insertInto('clients')
      .values({ phone: '+14165550199', first_name: '=HYPERLINK("x")', last_name: 'Smith' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const outcomes = ['answered', 'answered', 'abandoned', 'missed', 'unanswered'] as const;
  for (let index = 0; index < 24; index += 1) {
    const at = DAY0 + index * 3 * 3600 + 60; // every 3 hours over three days, a minute past the hour
    const outcome = outcomes[index % outcomes.length] as (typeof outcomes)[number];
    const answered = outcome === 'answered';
    const campaign = index % 3 === 0 ? companyCampaign : otherCampaign;
    const agentOf =
      outcome === 'abandoned' || outcome === 'unanswered' ? null : index % 2 === 0 ? agentId : otherAgentId;
    const queue = 10 + index;
    const talk = answered ? 100 + index * 7 : 0;
    const row = await db
      .insertInto('calls')
      .values({
        campaign_id: campaign,
        direction: 'inbound',
        client_id: index === 5 ? phoneClientId : null,
        agent_id: agentOf,
        queued_at: new Date(at * 1000),
        answered_at: answered ? new Date((at + queue) * 1000) : null,
        ended_at: new Date((at + queue + talk + 1) * 1000),
        queue_seconds: queue,
        talk_seconds: talk,
        abandoned: outcome === 'abandoned',
        missed: outcome === 'missed',
        status: 'ended',
      })
      .returning(sql<string>`id::text`.as('id'))
      .executeTakeFirstOrThrow();
    calls.push({ id: row.id, campaign, agent: agentOf, at, queue, talk, outcome });
  }
  await addCallsToRollups(
    db,
    calls.map((call) => call.id),
  );
});

const newestFirst = () => [...calls].sort((a, b) => b.at - a.at);

describe('GET /api/tables/call_log', () => {
  it('pages newest first with the count and totals of every filtered row', async () => {
    const first = await page(admin, { period: PERIOD }, '&items_per_page=10');
    expect(first.options).toMatchObject({
      totalCount: 24,
      page: 1,
      items_per_page: 10,
      sortBy: 'queued_at',
      sortDesc: true,
    });
    expect(first.items.map((row: { id: string }) => row.id)).toEqual(
      newestFirst()
        .slice(0, 10)
        .map((call) => call.id),
    );
    const third = await page(admin, { period: PERIOD }, '&items_per_page=10&page=3');
    expect(third.items.map((row: { id: string }) => row.id)).toEqual(
      newestFirst()
        .slice(20)
        .map((call) => call.id),
    );
    expect(first.totals.talk_seconds).toBe(calls.reduce((sum, call) => sum + call.talk, 0));
    expect(first.totals.queue_seconds).toBeCloseTo(calls.reduce((sum, call) => sum + call.queue, 0) / calls.length, 6);
    expect(first.options.tableHeaderGroups.map((group: { text: string }) => group.text)).toContain('Client');
    // Administrators do not handle calls: the row opens its details, not the call page.
    expect(first.items[0].url).toBeNull();
    expect(first.clickable_row).toBe(true);
  });

  it('counts the same from the rollups (on the hour) as from the rows (off the hour)', async () => {
    const onGrid = await page(admin, { period: PERIOD });
    const offGrid = await page(admin, { period: { start: PERIOD.start + 1, end: PERIOD.end - 1 } });
    expect(offGrid.options.totalCount).toBe(onGrid.options.totalCount);
    expect(offGrid.totals.talk_seconds).toBe(onGrid.totals.talk_seconds);
    expect(offGrid.totals.queue_seconds).toBeCloseTo(onGrid.totals.queue_seconds, 6);
    const byCampaign = await page(admin, { period: PERIOD, campaigns: [companyCampaign] });
    const byCampaignRows = await page(admin, {
      period: { start: PERIOD.start + 1, end: PERIOD.end },
      campaigns: [companyCampaign],
    });
    expect(byCampaign.options.totalCount).toBe(calls.filter((call) => call.campaign === companyCampaign).length);
    expect(byCampaignRows.options.totalCount).toBe(byCampaign.options.totalCount);
  });

  it('sorts oldest first and by call id on request', async () => {
    const oldest = await page(admin, { period: PERIOD }, '&sortDesc=false&items_per_page=10');
    expect(oldest.items[0].id).toBe(calls[0]?.id);
    const byId = await page(admin, { period: PERIOD }, '&sortBy=id&sortDesc=true&items_per_page=10');
    expect(byId.items[0].id).toBe(calls.at(-1)?.id);
  });

  it('filters by outcome, agent, campaign, direction and client phone', async () => {
    const counts = async (values: Record<string, unknown>) =>
      (await page(admin, { period: PERIOD, ...values })).options.totalCount;
    for (const outcome of ['answered', 'abandoned', 'missed', 'unanswered']) {
      expect(await counts({ outcome }), outcome).toBe(calls.filter((call) => call.outcome === outcome).length);
    }
    expect(await counts({ agents: [otherAgentId] })).toBe(calls.filter((call) => call.agent === otherAgentId).length);
    expect(await counts({ direction: 'outbound' })).toBe(0);
    const byPhone = await page(admin, { period: PERIOD, client_phone: '4165550199' });
    expect(byPhone.items.map((row: { id: string }) => row.id)).toEqual([calls[5]?.id]);
  });

  it('shows an agent only their calls and the client portal only its company', async () => {
    const own = await page(agent);
    expect(own.options.totalCount).toBe(calls.filter((call) => call.agent === agentId).length);
    expect(own.items[0].url).toBe(`/inquiries/call/${own.items[0].id}`);
    expect(own.items.every((row: { agent_id: number }) => row.agent_id === agentId)).toBe(true);
    const agentsFilter = own.headers.find((header: { value: string }) => header.value === 'agent_name').filters;
    expect(agentsFilter.items.map((item: { value: number }) => item.value)).toEqual([agentId]);
    // Another agent's id is not one of the agent's filter items.
    const peek = await get(agent, `/api/tables/call_log${query({ period: PERIOD, agents: [otherAgentId] })}`);
    expect(peek.statusCode).toBe(400);
    expect(peek.json().error.fields).toHaveProperty('chosenValues.agents');
    const company = await page(client);
    expect(company.options.totalCount).toBe(calls.filter((call) => call.campaign === companyCampaign).length);
    const other = await get(client, `/api/tables/call_log${query({ period: PERIOD, campaigns: [otherCampaign] })}`);
    expect(other.statusCode).toBe(400);
  });

  it('refuses unknown and hostile sort, filter and paging values without reaching SQL', async () => {
    const refused = async (url: string, field: string) => {
      const response = await get(admin, url);
      expect(response.statusCode, url).toBe(400);
      expect(Object.keys(response.json().error.fields ?? {}).join(','), url).toContain(field);
    };
    await refused('/api/tables/call_log?sortBy=talk_seconds', 'sortBy');
    await refused(`/api/tables/call_log?sortBy=${encodeURIComponent('queued_at; DROP TABLE calls;--')}`, 'sortBy');
    await refused(`/api/tables/call_log?sortBy=${encodeURIComponent('c.id\0')}`, 'sortBy');
    await refused('/api/tables/call_log?items_per_page=7', 'items_per_page');
    await refused('/api/tables/call_log?items_per_page=0', 'items_per_page');
    await refused('/api/tables/call_log?page=-1', 'page');
    await refused('/api/tables/call_log?sortDesc=maybe', 'sortDesc');
    await refused('/api/tables/call_log?chosenValues=%7Bnot%20json', 'chosenValues');
    await refused(`/api/tables/call_log${query({ '1=1; --': 1 })}`, 'chosenValues.1=1; --');
    await refused(`/api/tables/call_log${query({ outcome: "answered' OR '1'='1" })}`, 'chosenValues.outcome');
    await refused(`/api/tables/call_log${query({ campaigns: [2_147_483_648] })}`, 'chosenValues.campaigns');
    await refused(
      `/api/tables/call_log${query({ campaigns: Array.from({ length: 501 }, (_, i) => i + 1) })}`,
      'chosenValues.campaigns',
    );
    await refused(`/api/tables/call_log${query({ client_phone: 'a\0b' })}`, 'chosenValues.client_phone');
    await refused(
      `/api/tables/call_log${query({ period: { start: 0, end: 253_402_300_800 } })}`,
      'chosenValues.period',
    );
    await refused(`/api/tables/call_log${query({ period: { start: 200, end: 100 } })}`, 'chosenValues.period');
    expect((await get(admin, '/api/tables/no_such_table')).statusCode).toBe(404);
    const far = await page(admin, { period: PERIOD }, '&page=2147483647');
    expect(far.items).toEqual([]);
    expect(far.options.totalCount).toBe(24);
  });

  it('exports every filtered row as CSV, newest first, formula cells neutralised', async () => {
    const response = await get(admin, `/api/tables/call_log${query({ period: PERIOD }, '&exportFile=true')}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="call_log_\d{12}\.csv"$/);
    expect(response.headers['x-total-rows']).toBe('24');
    const lines = response.body.split('\n').filter((line) => line !== '');
    expect(lines[0]?.startsWith('\uFEFFDate,Call ID,Direction,Campaign,Client,Phone,Agent,Outcome')).toBe(true);
    expect(lines).toHaveLength(25);
    expect(lines[1]?.split(',')[1]).toBe(newestFirst()[0]?.id);
    const hostile = lines.find((line) => line.includes('HYPERLINK'));
    expect(hostile).toContain(`"'=HYPERLINK(""x"") Smith"`);
    // Times in the viewer's zone (the admin's), hh:mm:ss durations.
    const zone = (
      await t.database.db
        .selectFrom('users')
        .select('timezone')
        .where('id', '=', admin.userId)
        .executeTakeFirstOrThrow()
    ).timezone;
    const oldest = calls[0] as Call;
    const local = new Intl.DateTimeFormat('sv-SE', { timeZone: zone, dateStyle: 'short', timeStyle: 'medium' }).format(
      oldest.at * 1000,
    );
    expect(lines.at(-1)?.startsWith(local)).toBe(true);
    expect(lines.at(-1)).toContain(',00:00:10,');
  });

  it('needs a period to export', async () => {
    const response = await get(admin, `/api/tables/call_log${query({ period: null }, '&exportFile=true')}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(EXPORT_NEEDS_PERIOD);
  });
});

describe('GET /api/tables/audit_log', () => {
  it('is for administrators', async () => {
    expect((await get(agent, '/api/tables/audit_log')).statusCode).toBe(403);
    await t.database.db
      .insertInto('audit_log')
      .values({
        actor_id: admin.userId,
        action: 'user.update',
        subject: 'user 5',
        details: JSON.stringify({ before: { a: 1 }, after: { a: 2 } }),
      })
      .execute();
    const audit = await get(admin, '/api/tables/audit_log');
    expect(audit.statusCode).toBe(200);
    const row = audit.json().items.find((item: { subject: string }) => item.subject === 'user 5');
    expect(row).toMatchObject({
      action: 'user.update',
      before: '{"a": 1}',
      after: '{"a": 2}',
      actor_name: 'Adrian Admin',
    });
  });
});
