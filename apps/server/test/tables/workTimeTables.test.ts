import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForTests } from '../support/testApp.js';
import { JAN_15_16, JANUARY, NOW, seedWorkTime, TORONTO, tableRequests, type WorkTimeSet } from './workTimeData.js';

/*
 * The login report and the performance breakdown on the hand-built set (workTimeData.ts): rows and columns of each
 * role, sorting, filtering and paging, and hostile sort and filter values refused before any SQL.
 */

const t = testAppForTests({}, { now: () => NOW });
const { page, raw } = tableRequests(() => t);
let s: WorkTimeSet;

beforeAll(async () => {
  s = await seedWorkTime(t);
});

const ours = () => [s.a.userId, s.b.userId];
const headerValues = (body: { headers: { value: string }[] }) => body.headers.map((header) => header.value);

describe('login report', () => {
  it('lists one row per session with its length and time per group, newest first', async () => {
    const body = await page(s.admin, 'login_report', { period: JAN_15_16, agents: ours() });
    expect(body.options.totalCount).toBe(4);
    expect(body.items.map((row) => [row.user_id, row.start_time, row.end_time, row.session_seconds])).toEqual([
      [s.b.userId, '2030-01-16T15:00:00.000Z', '2030-01-16T15:30:00.000Z', 1800],
      [s.a.userId, '2030-01-15T18:00:00.000Z', '2030-01-15T18:40:00.000Z', 2400],
      [s.b.userId, '2030-01-15T16:00:00.000Z', '2030-01-15T17:00:00.000Z', 3600],
      [s.a.userId, '2030-01-15T14:00:00.000Z', '2030-01-15T15:25:00.000Z', 5100],
    ]);
    const first = body.items.find((row) => row.id === s.ids.a1);
    expect(first).toMatchObject({ billable_work: 2400, productive: 1800, unproductive: 900, unclassified: 0 });
    expect(first?.agent_group).toBe('WT-1');
    expect(body.totals).toMatchObject({ session_seconds: 12_900, billable_work: 6000, unproductive: 2700 });
    expect(body.options.tableHeaderGroups.map((group) => group.text)).toContain('Status time');
  });

  it('gives an agent only their own sessions and no edit action; staff every agent, editors the action', async () => {
    const own = await page(s.a, 'login_report', { period: JAN_15_16 });
    expect(new Set(own.items.map((row) => row.user_id))).toEqual(new Set([s.a.userId]));
    expect(own.options.totalCount).toBe(2);
    expect(headerValues(own)).not.toContain('actions');
    const agents = own.additionals_filters.find((filter) => filter.name === 'agents');
    expect(agents?.items?.map((item) => item.value)).toEqual([s.a.userId]);
    // Another agent is not one of the filter's items: refused.
    expect((await raw(s.a, 'login_report', { period: JAN_15_16, agents: [s.b.userId] })).statusCode).toBe(400);

    const lead = await page(s.teamLead, 'login_report', { period: JAN_15_16, agents: ours() });
    expect(lead.options.totalCount).toBe(4);
    expect(headerValues(lead)).not.toContain('actions');
    const scheduler = await page(s.scheduler, 'login_report', { period: JAN_15_16, agents: ours() });
    expect(headerValues(scheduler)).toContain('actions');
    expect((await raw(s.client, 'login_report', { period: JAN_15_16 })).statusCode).toBe(403);
  });

  it('sorts on the declared columns, filters by group and pages', async () => {
    const byAgent = await page(
      s.admin,
      'login_report',
      { period: JAN_15_16, agents: ours() },
      '&sortBy=agent&sortDesc=false',
    );
    expect(byAgent.items.map((row) => row.user_id)).toEqual([s.a.userId, s.a.userId, s.b.userId, s.b.userId]);
    const wt2 = await page(s.admin, 'login_report', { period: JANUARY, groups: [s.groups[1]] });
    expect(wt2.options.totalCount).toBe(13);
    const values = { period: JANUARY, agents: [s.c.userId] };
    const first = await page(s.admin, 'login_report', values, '&items_per_page=10&sortBy=start_time&sortDesc=false');
    const second = await page(
      s.admin,
      'login_report',
      values,
      '&items_per_page=10&page=2&sortBy=start_time&sortDesc=false',
    );
    expect(first.items).toHaveLength(10);
    expect(second.items.map((row) => row.start_time)).toEqual(['2030-01-11T14:00:00.000Z']);
    expect(first.items[0]?.start_time).toBe('2030-01-01T14:00:00.000Z');
    expect(first.options.totalCount).toBe(11);
  });

  it('refuses unknown and hostile sort and filter values', async () => {
    const refused = async (values: Record<string, unknown>, extra = '') => {
      const response = await raw(s.admin, 'login_report', values, extra);
      expect(response.statusCode, response.body).toBe(400);
      return response.json().error.fields as Record<string, string>;
    };
    expect(await refused({}, '&sortBy=start_time;DROP TABLE users')).toHaveProperty('sortBy');
    expect(await refused({}, '&sortBy=billable_work')).toHaveProperty('sortBy');
    expect(Object.keys(await refused({ agents: ["1' OR '1'='1"] }))[0]).toMatch(/^chosenValues\.agents/);
    expect(Object.keys(await refused({ agents: [2_147_483_648] }))[0]).toMatch(/^chosenValues\.agents/);
    expect(await refused({ 'ls.user_id': 1 })).toHaveProperty(['chosenValues.ls.user_id']);
    expect(Object.keys(await refused({ period: { start: 'now()', end: 1 } }))[0]).toMatch(/^chosenValues\.period/);
    expect(Object.keys(await refused({ groups: Array.from({ length: 600 }, (_, i) => i + 1) }))[0]).toMatch(
      /^chosenValues\.groups/,
    );
  });
});

describe('performance breakdown', () => {
  it('shows time per sub-category per agent-day under the productivity groups, with the day total', async () => {
    const body = await page(s.admin, 'performance_breakdown', { period: JAN_15_16, agents: ours() }, '&sortBy=total');
    expect(body.items.map((row) => [row.user_id, row.date, row.total])).toEqual([
      [s.a.userId, '2030-01-15', 7500],
      [s.b.userId, '2030-01-15', 3600],
      [s.b.userId, '2030-01-16', 1800],
    ]);
    expect(body.items[0]).toMatchObject({
      row_key: `${s.a.userId}:2030-01-15`,
      on_call: 1800,
      after_work: 600,
      ready_time: 3000,
      meeting: 1200,
      breaks: 900,
      meal: 0,
    });
    expect(body.totals).toMatchObject({ total: 12_900, on_call: 5400, meal: 1800 });
    expect(body.options.tableHeaderGroups.map((group) => group.text)).toEqual([
      '',
      'Billable Work',
      'Productive',
      'Unproductive',
      'Unclassified',
      '',
    ]);
  });

  it("counts days in the viewer's zone, on the half-hour grid for St. John's", async () => {
    const { db } = t.database;
    await db.updateTable('users').set({ timezone: 'America/St_Johns' }).where('id', '=', s.teamLead.userId).execute();
    try {
      // 2030-01-15 and 16 in St. John's (UTC-3:30): B's 16th lunch (11:30 local) stays on the 16th.
      const stJohns = { start: JAN_15_16.start - 5400, end: JAN_15_16.end - 5400 };
      const body = await page(
        s.teamLead,
        'performance_breakdown',
        { period: stJohns, agents: ours() },
        '&sortBy=total',
      );
      expect(body.items.map((row) => [row.user_id, row.date, row.total])).toEqual([
        [s.a.userId, '2030-01-15', 7500],
        [s.b.userId, '2030-01-15', 3600],
        [s.b.userId, '2030-01-16', 1800],
      ]);
    } finally {
      await db.updateTable('users').set({ timezone: TORONTO }).where('id', '=', s.teamLead.userId).execute();
    }
  });

  it('narrows to the viewer: an agent their own days, the client portal nothing', async () => {
    const own = await page(s.b, 'performance_breakdown', { period: JAN_15_16 });
    expect(own.items.map((row) => row.date)).toEqual(['2030-01-16', '2030-01-15']);
    expect(headerValues(own)).not.toContain('actions');
    const lead = await page(s.teamLead, 'performance_breakdown', { period: JAN_15_16, agents: ours() });
    expect(lead.options.totalCount).toBe(3);
    expect((await raw(s.client, 'performance_breakdown', {})).statusCode).toBe(403);
  });

  it('filters by group and sorts by agent and date', async () => {
    const wt1 = await page(s.admin, 'performance_breakdown', { period: JAN_15_16, groups: [s.groups[0]] });
    expect(wt1.items.map((row) => row.user_id)).toEqual([s.a.userId]);
    const sorted = await page(
      s.admin,
      'performance_breakdown',
      { period: JAN_15_16, agents: ours() },
      '&sortBy=date&sortDesc=false',
    );
    expect(sorted.items.map((row) => row.date)).toEqual(['2030-01-15', '2030-01-15', '2030-01-16']);
    expect((await raw(s.admin, 'performance_breakdown', {}, '&sortBy=on_call')).statusCode).toBe(400);
    expect((await raw(s.admin, 'performance_breakdown', {}, '&items_per_page=7')).statusCode).toBe(400);
  });
});

describe('export', () => {
  it('streams both tables as CSV with the page columns (no actions), hh:mm:ss and the viewer-zone dates', async () => {
    const login = await raw(s.scheduler, 'login_report', { period: JAN_15_16, agents: ours() }, '&exportFile=true');
    expect(login.statusCode, login.body).toBe(200);
    const lines = login.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('Agent,Group,Start Time,End Time,Session,Billable Work,Productive,Unproductive,Unclassified');
    expect(lines).toHaveLength(5);
    expect(lines).toContain(
      'Test wt-a,WT-1,2030-01-15 09:00:00,2030-01-15 10:25:00,01:25:00,00:40:00,00:30:00,00:15:00,00:00:00',
    );
    const breakdown = await raw(
      s.admin,
      'performance_breakdown',
      { period: JAN_15_16, agents: ours() },
      '&exportFile=true',
    );
    expect(breakdown.statusCode, breakdown.body).toBe(200);
    const rows = breakdown.body.trim().split('\n');
    expect(rows).toHaveLength(4);
    expect(rows[0]).toContain('On Call');
    expect(rows.some((row) => row.startsWith('Test wt-b,WT-2,2030-01-16,'))).toBe(true);
  });
});
