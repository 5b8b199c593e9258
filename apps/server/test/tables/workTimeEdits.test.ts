import { type EditRowForm, type ProductivityResult, VALIDATION_ERRORS_ALERT } from '@shiftline/shared';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { rebuildRollups } from '../../src/rollups/index.js';
import type { Session } from '../support/testApp.js';
import { testAppForTests } from '../support/testApp.js';
import { JAN_15_16, NOW, seedWorkTime, TORONTO, tableRequests, type WorkTimeSet } from './workTimeData.js';

/*
 * The edit forms on the hand-built set (workTimeData.ts): the performance breakdown's sum rule (400 naming the row,
 * then ok), the login report's session times, each edit audited and shown by the breakdown and by productivity, and
 * still there after the rollups are rebuilt.
 */

const t = testAppForTests({}, { now: () => NOW });
const { get, post, page } = tableRequests(() => t);
let s: WorkTimeSet;

beforeAll(async () => {
  s = await seedWorkTime(t);
});

const formUrl = (table: string, name: string, type: string, value: string) =>
  `/api/get_edit_table_row_data?table_name=${table}&identifier_name=${name}&identifier_type=${type}&identifier_value=${encodeURIComponent(value)}`;

async function breakdownForm(session: Session, key: string): Promise<EditRowForm> {
  const response = await get(session, formUrl('performance_breakdown', 'row_key', 'string', key));
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const breakdownOfA = async () =>
  (await page(s.admin, 'performance_breakdown', { period: JAN_15_16, agents: [s.a.userId] })).items[0];

async function productivityOf(userId: number): Promise<ProductivityResult> {
  const response = await post(s.admin, '/api/productivity/load', {
    start: JAN_15_16.start,
    end: JAN_15_16.start + 86_399,
    timezone: TORONTO,
    ids: [userId],
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const subCategory = (result: ProductivityResult, group: string, name: string) =>
  result.groups.find((entry) => entry.group === group)?.subCategories.find((sub) => sub.subCategory === name)?.seconds;

const audits = (action: string) =>
  t.database.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

describe('performance breakdown form', () => {
  it("opens 'Edit Record for {date}' with a row per campaign, the day's total read only, and the sum rule", async () => {
    const form = await breakdownForm(s.scheduler, `${s.a.userId}:2030-01-15`);
    expect(form.title).toBe('Edit Record for 2030-01-15');
    expect(form.save_url).toBe('/api/save_performance_breakdown_data');
    expect(form.rule).toMatchObject({ type: 'sum_equals', comparison: 'total' });
    expect(form.rule?.related).toContain('on_call');
    expect(form.rows.map((row) => [row.campaign_id, row.total, row.editable])).toEqual([
      [0, '00:35:00', true],
      [s.campaignX, '01:30:00', true],
      [null, '02:05:00', false],
    ]);
    expect(form.rows[1]).toMatchObject({ on_call: '00:30:00', ready_time: '00:50:00', after_work: '00:10:00' });
  });

  it('is for editors only: agents and team leads get 403, nobody gets a hostile key', async () => {
    const key = `${s.a.userId}:2030-01-15`;
    expect((await get(s.a, formUrl('performance_breakdown', 'row_key', 'string', key))).statusCode).toBe(403);
    expect((await get(s.teamLead, formUrl('performance_breakdown', 'row_key', 'string', key))).statusCode).toBe(403);
    for (const bad of ["1' OR 1=1", '99999999999:2030-01-15', `${s.a.userId}:2030-13-45`]) {
      const response = await get(s.scheduler, formUrl('performance_breakdown', 'row_key', 'string', bad));
      expect(response.statusCode, bad).toBe(400);
    }
    const save = await post(s.a, '/api/save_performance_breakdown_data', { tableData: [] });
    expect(save.statusCode).toBe(403);
  });

  it('refuses rows that break the sum rule with the server message on that row, then saves the fixed rows', async () => {
    const form = await breakdownForm(s.scheduler, `${s.a.userId}:2030-01-15`);
    const campaignRow = form.rows[1] as Record<string, unknown>;
    // 10 minutes more On Call without taking them from anywhere: 01:40:00 against a total of 01:30:00.
    const broken = form.rows.map((row, index) => (index === 1 ? { ...row, on_call: '00:40:00' } : row));
    const refused = await post(s.scheduler, '/api/save_performance_breakdown_data', { tableData: broken });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error.fields).toEqual({ 'tableData.1.total': form.rule?.message });
    expect(form.rule?.message).not.toBe(VALIDATION_ERRORS_ALERT);
    const moreTime = form.rows.map((row, index) =>
      index === 1 ? { ...row, on_call: '00:40:00', total: '01:40:00' } : row,
    );
    const grown = await post(s.scheduler, '/api/save_performance_breakdown_data', { tableData: moreTime });
    expect(grown.json().error.fields).toEqual({ 'tableData.1.total': 'must stay the recorded total' });
    const badCell = form.rows.map((row, index) => (index === 0 ? { ...row, breaks: '15 min' } : row));
    const unreadable = await post(s.scheduler, '/api/save_performance_breakdown_data', { tableData: badCell });
    expect(unreadable.json().error.fields).toEqual({ 'tableData.0.breaks': 'must be hh:mm:ss' });
    expect(await audits('performance_breakdown.edit')).toHaveLength(0);

    // The fix: the 10 minutes come out of Ready Time. The non-editable day-total row is not checked.
    const fixed = form.rows.map((row, index) =>
      index === 1 ? { ...campaignRow, on_call: '00:40:00', ready_time: '00:40:00' } : row,
    );
    const saved = await post(s.scheduler, '/api/save_performance_breakdown_data', { tableData: fixed });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ status: 'ok' });
    // The same form again: opened before that save, it would undo it with its old numbers.
    const stale = await post(s.scheduler, '/api/save_performance_breakdown_data', { tableData: fixed });
    expect(stale.statusCode, stale.body).toBe(409);

    expect(await breakdownOfA()).toMatchObject({ on_call: 2400, ready_time: 2400, total: 7500 });
    const productivity = await productivityOf(s.a.userId);
    expect(subCategory(productivity, 'Billable Work', 'On Call')).toBe(2400);
    expect(subCategory(productivity, 'Productive', 'Ready Time')).toBe(2400);
    expect(productivity.totalSeconds).toBe(7500);
    const [audit] = await audits('performance_breakdown.edit');
    expect(audit).toMatchObject({ actor_id: s.scheduler.userId, subject: `user:${s.a.userId}` });
    const details = audit?.details as { before: { seconds: Record<string, number> }[]; after: typeof details.before };
    expect(details.before.find((row) => row.seconds.on_call === 1800)).toBeDefined();
    expect(details.after.find((row) => row.seconds.on_call === 2400)).toBeDefined();
  });
});

describe('all or nothing', () => {
  it('leaves the adjustments and the rollups as they were when the audit entry fails', async () => {
    const { db } = t.database;
    const form = await breakdownForm(s.admin, `${s.b.userId}:2030-01-15`);
    const moved = form.rows.map((row) =>
      row.editable ? { ...row, on_call: '00:30:00', administrative: '00:30:00' } : row,
    );
    await sql`CREATE FUNCTION wt_fail() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'injected failure'; END $$`.execute(db);
    await sql`CREATE TRIGGER wt_fail BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION wt_fail()`.execute(db);
    try {
      const failed = await post(s.admin, '/api/save_performance_breakdown_data', { tableData: moved });
      expect(failed.statusCode).toBe(500);
    } finally {
      await sql`DROP TRIGGER wt_fail ON audit_log`.execute(db);
      await sql`DROP FUNCTION wt_fail()`.execute(db);
    }
    const adjustments = await db
      .selectFrom('agent_time_adjustments')
      .select('id')
      .where('user_id', '=', s.b.userId)
      .execute();
    expect(adjustments).toHaveLength(0);
    const day = await page(s.admin, 'performance_breakdown', { period: JAN_15_16, agents: [s.b.userId] });
    expect(day.items.find((row) => row.date === '2030-01-15')).toMatchObject({ on_call: 3600, administrative: 0 });
  });
});

describe('login report form', () => {
  const loginForm = (session: Session, id: string) => get(session, formUrl('login_report', 'id', 'int', id));
  const save = (session: Session, body: Record<string, unknown>) => post(session, '/api/save_login_report_data', body);

  it("opens 'Edit Login Time' with the agent read only, and refuses a row that starts no session", async () => {
    const response = await loginForm(s.admin, s.ids.a1 as string);
    expect(response.statusCode, response.body).toBe(200);
    const form = response.json() as EditRowForm;
    expect(form.title).toBe('Edit Login Time');
    expect(form.fields.map((field) => [field.name, field.readonly])).toEqual([
      ['agent', true],
      ['start_time', false],
      ['end_time', false],
    ]);
    expect(form.rows[0]).toMatchObject({
      agent: 'Test wt-a',
      start_time: '2030-01-15T14:00:00.000Z',
      end_time: '2030-01-15T15:25:00.000Z',
    });
    expect((await loginForm(s.admin, s.ids.aReady as string)).statusCode).toBe(404);
    expect((await loginForm(s.teamLead, s.ids.a1 as string)).statusCode).toBe(403);
  });

  it('refuses times that do not fit the session, naming the field', async () => {
    const id = Number(s.ids.a1);
    const refused = async (body: Record<string, unknown>, field: string) => {
      const response = await save(s.admin, { id, ...body });
      expect(response.statusCode, response.body).toBe(400);
      expect(Object.keys(response.json().error.fields)).toEqual([field]);
    };
    await refused({ start_time: '2030-01-15T15:00:00Z', end_time: '2030-01-15T14:30:00Z' }, 'end_time');
    await refused({ start_time: '2030-01-15T11:00:00Z', end_time: '2030-01-15T15:25:00Z' }, 'start_time');
    await refused({ start_time: '2030-01-15T14:00:00Z', end_time: '2030-01-15T18:30:00Z' }, 'end_time');
    await refused({ start_time: '2030-01-15T14:00:00Z', end_time: null }, 'end_time');
    await refused({ start_time: "2030-01-15'; DROP TABLE users", end_time: null }, 'start_time');
    expect((await save(s.admin, { id: 2 ** 31, start_time: '2030-01-15T14:00:00Z', end_time: null })).statusCode).toBe(
      400,
    );
  });

  it('moves the start earlier and the end earlier: states, neighbours, breakdown and productivity follow', async () => {
    const saved = await save(s.admin, {
      id: Number(s.ids.a1),
      agent: 'Test wt-a',
      start_time: '2030-01-15T13:50:00.000Z',
      end_time: '2030-01-15T15:20:00.000Z',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ status: 'ok' });
    const { db } = t.database;
    const before = await db
      .selectFrom('agent_state_log')
      .selectAll()
      .where('id', '=', s.ids.aOut0 as string)
      .executeTakeFirstOrThrow();
    expect(before.end_at?.toISOString()).toBe('2030-01-15T13:50:00.000Z');
    const after = await db
      .selectFrom('agent_state_log')
      .selectAll()
      .where('id', '=', s.ids.aOut1 as string)
      .executeTakeFirstOrThrow();
    expect(after.start_at.toISOString()).toBe('2030-01-15T15:20:00.000Z');

    const sessions = await page(s.admin, 'login_report', { period: JAN_15_16, agents: [s.a.userId] });
    expect(sessions.items.find((row) => row.id === s.ids.a1)).toMatchObject({
      start_time: '2030-01-15T13:50:00.000Z',
      end_time: '2030-01-15T15:20:00.000Z',
      session_seconds: 5400,
      billable_work: 2700,
    });
    // On Call: 1800 + 600 (the earlier start) + 600 (the breakdown edit above); After Work 600 → 300.
    expect(await breakdownOfA()).toMatchObject({ on_call: 3000, after_work: 300, total: 7800 });
    const productivity = await productivityOf(s.a.userId);
    expect(subCategory(productivity, 'Billable Work', 'On Call')).toBe(3000);
    expect(subCategory(productivity, 'Billable Work', 'After Work')).toBe(300);
    const [audit] = await audits('login_report.edit');
    expect(audit?.details).toMatchObject({
      session: Number(s.ids.a1),
      before: { start_time: '2030-01-15T14:00:00.000Z', end_time: '2030-01-15T15:25:00.000Z' },
      after: { start_time: '2030-01-15T13:50:00.000Z', end_time: '2030-01-15T15:20:00.000Z' },
    });
  });

  it('removes the states a later start leaves out', async () => {
    const saved = await save(s.scheduler, {
      id: Number(s.ids.a2),
      start_time: '2030-01-15T18:25:00Z',
      end_time: '2030-01-15T18:40:00Z',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const gone = await t.database.db
      .selectFrom('agent_state_log')
      .select('id')
      .where('id', '=', s.ids.a2 as string)
      .execute();
    expect(gone).toHaveLength(0);
    // The session now starts at its meeting, whose row is the session's id.
    const sessions = await page(s.admin, 'login_report', { period: JAN_15_16, agents: [s.a.userId] });
    expect(sessions.items[0]).toMatchObject({ start_time: '2030-01-15T18:25:00.000Z', session_seconds: 900 });
    expect(await breakdownOfA()).toMatchObject({ ready_time: 1200, meeting: 900 });
  });

  it('keeps every edit when the rollups are rebuilt from the state log and the adjustments', async () => {
    const edited = await breakdownOfA();
    await rebuildRollups(t.database.db);
    expect(await breakdownOfA()).toEqual(edited);
  });
});
