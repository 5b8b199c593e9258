import { can, instantOf, proposeBreaks, ROLES } from '@shiftline/shared';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactional } from '../src/db/transaction.js';
import { createPlannersRepository, createPlannersService } from '../src/features/planners/index.js';
import { createUsersRepository } from '../src/features/users/index.js';
import { as, createTestUser, demoEmail, login, type Session, startTestApp, type TestApp } from './support/testApp.js';

// Thursday 2030-01-10, 07:00 in Toronto. The clock is moved by the horizon and DST tests.
const NOW = Date.parse('2030-01-10T12:00:00Z');
const DAY = 86_400_000;
let clock = NOW;
let t: TestApp;
let scheduler: Session;

const WEEKDAYS_9_TO_5 = '0 9 MO,TU,WE,TH,FR/1 480 b+120,l+225';
const ONCE_8_TO_12 = '0 8 - 240 b+60';

beforeAll(async () => {
  t = await startTestApp({}, { now: () => clock });
  scheduler = await login(t.app, demoEmail('schedule_supervisor'));
  // The supervisor plans in Toronto time unless a test says otherwise.
  await t.app.inject({
    method: 'POST',
    url: '/api/profile/timezone',
    headers: as(scheduler),
    payload: { timezone: 'America/Toronto' },
  });
});
afterAll(() => t.close());

async function newAgent(email: string, timezone = 'America/Toronto'): Promise<Session> {
  await createTestUser(t.database, { email, timezone });
  return login(t.app, email);
}

const setPlanner = (session: Session, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/schedules/set_planner', headers: as(session), payload });

const getPlanner = (session: Session, user?: number) =>
  t.app.inject({ url: `/api/schedules/get_planner${user ? `?user=${user}` : ''}`, headers: as(session) });

/** The user's shifts, oldest first, with their breaks. */
async function shiftsOf(userId: number) {
  const shifts = await t.database.db
    .selectFrom('shifts')
    .select(['id', 'status', 'start_at', 'end_at', 'planner_id', 'sent_for_approval_at'])
    .where('user_id', '=', userId)
    .orderBy('start_at')
    .execute();
  const breaks = await t.database.db
    .selectFrom('shift_breaks')
    .select(['shift_id', 'type'])
    .where('shift_id', 'in', shifts.map((s) => s.id).concat(-1))
    .execute();
  return shifts.map((s) => ({ ...s, breaks: breaks.filter((b) => b.shift_id === s.id).map((b) => b.type) }));
}

const localStart = (date: Date, zone = 'America/Toronto') =>
  DateTime.fromJSDate(date, { zone }).toFormat("yyyy-MM-dd'T'HH:mm");

describe('who may set and load planners', () => {
  it('lets every role with a schedule save a single shift, repeats only for the schedule supervisor, and refuses the client portal', async () => {
    for (const role of ROLES) {
      const session = await login(t.app, demoEmail(role));
      const single = await setPlanner(session, { start: '2030-01-21', scheduler: [ONCE_8_TO_12], end_date: null });
      const repeating = await setPlanner(session, {
        start: '2030-01-21',
        scheduler: [WEEKDAYS_9_TO_5],
        end_date: '2030-02-01',
      });
      const loaded = await getPlanner(session);
      if (!can(role, 'schedule.planner')) {
        expect([single.statusCode, repeating.statusCode, loaded.statusCode], role).toEqual([403, 403, 403]);
        continue;
      }
      expect(single.statusCode, `${role}: ${single.body}`).toBe(200);
      expect(single.json().created, role).toBe(1);
      expect(repeating.statusCode, `${role}: ${repeating.body}`).toBe(role === 'schedule_supervisor' ? 200 : 403);
      expect(loaded.statusCode).toBe(200);
    }
  });

  it("saves an agent's single shift as an unsent pending draft, and explains the repeat refusal", async () => {
    const agent = await newAgent('planner.agent@test.local');
    const saved = await setPlanner(agent, { start: '2030-01-14', scheduler: [ONCE_8_TO_12] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      planner: { user_id: agent.userId, start_planner: '2030-01-14', end_planner: null, zone: 'America/Toronto' },
      created: 1,
      kept: 0,
      skipped: 0,
      removed: 0,
    });
    const [shift] = await shiftsOf(agent.userId);
    expect(shift).toMatchObject({ status: 'pending', sent_for_approval_at: null, breaks: ['break'] });
    expect(localStart(shift?.start_at as Date)).toBe('2030-01-14T08:00');

    const repeats = await setPlanner(agent, { start: '2030-01-14', scheduler: [WEEKDAYS_9_TO_5], end_date: null });
    expect(repeats.statusCode).toBe(403);
    expect(repeats.json().error.message).toBe(
      'Only a schedule supervisor may plan repeating shifts (scheduler.0 repeats); plan a single shift instead.',
    );
    // A weekly rule whose planner ends before its second date is a single shift, not a repeat.
    const single = await setPlanner(agent, {
      start: '2030-01-14',
      scheduler: ['0 9 MO/1 240 b+60'],
      end_date: '2030-01-20',
    });
    expect(single.statusCode).toBe(200);
    expect(single.json()).toMatchObject({ created: 1, removed: 1 });
    expect((await shiftsOf(agent.userId)).map((s) => localStart(s.start_at))).toEqual(['2030-01-14T09:00']);
  });

  it("loads one's own planner, another user's only for a schedule supervisor, and null when none is saved", async () => {
    const agent = await newAgent('planner.loader@test.local');
    const none = await getPlanner(agent);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
    await setPlanner(agent, { start: '2030-01-15', scheduler: ['  0 8 -  240 B+60 '], end_date: null });
    const own = (await getPlanner(agent)).json();
    expect(own).toEqual({
      id: expect.any(Number),
      user_id: agent.userId,
      start_planner: '2030-01-15',
      end_planner: null,
      // Stored in the canonical form.
      scheduler: [ONCE_8_TO_12],
      zone: 'America/Toronto',
    });
    expect((await getPlanner(scheduler, agent.userId)).json()).toEqual(own);
    const other = await login(t.app, demoEmail('agent'));
    expect((await getPlanner(other, agent.userId)).statusCode).toBe(403);
    expect(
      (await setPlanner(other, { start: '2030-01-15', scheduler: [ONCE_8_TO_12], user: agent.userId })).statusCode,
    ).toBe(403);
    expect((await getPlanner(scheduler, 999_999)).statusCode).toBe(404);
  });
});

describe('bad input', () => {
  it('answers 400 naming each broken rule, date and field', async () => {
    const bad = await setPlanner(scheduler, {
      start: '2030-01-09',
      scheduler: ['0 9 MO,XY/1 480 b+120,l+225', '0 9 * 480 b+120', 'nonsense', WEEKDAYS_9_TO_5],
      end_date: '2030-01-10',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({
      start: 'must not be in the past',
      end_date: 'must be tomorrow or later',
      'scheduler.0': "days: 'XY' is not a weekday (SU, MO, TU, WE, TH, FR, SA)",
      'scheduler.1': 'breaks: a shift of 480 minutes needs 1 break and 1 lunch',
      'scheduler.2': 'rule: must have 5 fields: minute hour days duration breaks',
    });
    const beforeStart = await setPlanner(scheduler, {
      start: '2030-02-01',
      scheduler: [WEEKDAYS_9_TO_5],
      end_date: '2030-01-20',
    });
    expect(beforeStart.json().error.fields).toEqual({ end_date: 'must not be before start' });
  });

  it('answers 400 for a malformed body before any rule is read', async () => {
    const empty = await setPlanner(scheduler, {});
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().error.fields).sort()).toEqual(['scheduler', 'start']);
    const shapes = await setPlanner(scheduler, { start: '10/01/2030', scheduler: [5], end_date: 'never' });
    expect(Object.keys(shapes.json().error.fields).sort()).toEqual(['end_date', 'scheduler.0', 'start']);
    expect((await setPlanner(scheduler, { start: '2030-01-14', scheduler: [] })).statusCode).toBe(400);
    const tooMany = await setPlanner(scheduler, { start: '2030-01-14', scheduler: Array(21).fill(ONCE_8_TO_12) });
    expect(tooMany.json().error.fields).toHaveProperty('scheduler');
    const zone = await setPlanner(scheduler, { start: '2030-01-14', scheduler: [ONCE_8_TO_12], zone: 'Mars/Olympus' });
    expect(zone.json().error.fields).toHaveProperty('zone');
    const badUser = await t.app.inject({ url: '/api/schedules/get_planner?user=abc', headers: as(scheduler) });
    expect(badUser.json().error.fields).toHaveProperty('user');
  });
});

describe('expanding a planner into shifts', () => {
  it('creates 40 approved shifts for a Monday–Friday rule over the 8-week horizon, with their breaks', async () => {
    const agent = await newAgent('planner.weekdays@test.local');
    const saved = await setPlanner(scheduler, {
      start: '2030-01-10',
      scheduler: [WEEKDAYS_9_TO_5],
      end_date: null,
      user: agent.userId,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      created: 40,
      kept: 0,
      skipped: 0,
      removed: 0,
      horizon: '2030-03-07T12:00:00.000Z',
    });
    const shifts = await shiftsOf(agent.userId);
    expect(shifts).toHaveLength(40);
    expect(shifts.every((s) => s.status === 'approved' && s.sent_for_approval_at !== null)).toBe(true);
    expect(shifts.every((s) => s.planner_id === saved.json().planner.id)).toBe(true);
    expect(shifts.every((s) => s.breaks.join() === 'break,lunch')).toBe(true);
    expect(localStart(shifts[0]?.start_at as Date)).toBe('2030-01-10T09:00');
    expect(localStart(shifts[39]?.start_at as Date)).toBe('2030-03-06T09:00');
    const weekdays = new Set(shifts.map((s) => DateTime.fromJSDate(s.start_at, { zone: 'America/Toronto' }).weekday));
    expect([...weekdays].sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('re-saving is idempotent: no duplicates, approved shifts kept and linked to the new planner', async () => {
    const agent = await newAgent('planner.resave@test.local');
    const body = { start: '2030-01-10', scheduler: [WEEKDAYS_9_TO_5], end_date: null, user: agent.userId };
    const first = (await setPlanner(scheduler, body)).json();
    const second = await setPlanner(scheduler, body);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ created: 0, kept: 40, skipped: 0, removed: 0 });
    expect(second.json().planner.id).not.toBe(first.planner.id);
    const shifts = await shiftsOf(agent.userId);
    expect(shifts).toHaveLength(40);
    expect(shifts.every((s) => s.planner_id === second.json().planner.id)).toBe(true);
    expect(
      await t.database.db.selectFrom('planners').select('id').where('user_id', '=', agent.userId).execute(),
    ).toHaveLength(1);
  });

  it("replaces the previous planner's future drafts but never its approved shifts", async () => {
    const self = await newAgent('planner.self@test.local');
    // A supervisor's own planner makes drafts, like their own single shifts; repeats are theirs to plan.
    await t.database.db
      .updateTable('users')
      .set({ role: 'schedule_supervisor' })
      .where('id', '=', self.userId)
      .execute();
    const first = await setPlanner(self, { start: '2030-01-14', scheduler: [WEEKDAYS_9_TO_5], end_date: '2030-02-08' });
    expect(first.json()).toMatchObject({ created: 20 });
    const drafts = await shiftsOf(self.userId);
    expect(drafts.every((s) => s.status === 'pending' && s.sent_for_approval_at === null)).toBe(true);
    const approvedIds = drafts.slice(0, 3).map((s) => s.id);
    await t.database.db.updateTable('shifts').set({ status: 'approved' }).where('id', 'in', approvedIds).execute();

    const moved = await setPlanner(self, {
      start: '2030-01-14',
      scheduler: ['0 10 MO,TU,WE,TH,FR/1 480 b+120,l+225'],
      end_date: '2030-02-08',
    });
    expect(moved.statusCode).toBe(200);
    // 17 drafts removed; the 3 approved 09:00 shifts stay, so the 10:00 shifts on those days are skipped.
    expect(moved.json()).toMatchObject({ removed: 17, created: 17, skipped: 3, kept: 0 });
    const after = await shiftsOf(self.userId);
    expect(after).toHaveLength(20);
    expect(after.filter((s) => s.status === 'approved').map((s) => s.id)).toEqual(approvedIds);
    expect(after.filter((s) => localStart(s.start_at).endsWith('T10:00'))).toHaveLength(17);
  });

  it('skips occurrences overlapping other shifts or approved days off, and reports them', async () => {
    const agent = await newAgent('planner.busy@test.local');
    const start = instantOf('2030-01-15', '16:00', 'America/Toronto');
    const end = instantOf('2030-01-15', '20:00', 'America/Toronto');
    const single = await t.app.inject({
      method: 'POST',
      url: '/api/schedules/save_new_event',
      headers: as(agent),
      payload: {
        start: new Date(start).toISOString(),
        end: new Date(end).toISOString(),
        breaks: proposeBreaks({ start, end }).map((b) => ({ type: b.type, start: new Date(b.start).toISOString() })),
      },
    });
    expect(single.statusCode).toBe(201);
    await t.database.db
      .insertInto('vacations')
      .values({
        user_id: agent.userId,
        status: 'vac_approved',
        start_at: new Date(instantOf('2030-01-21', '00:00', 'America/Toronto')),
        end_at: new Date(instantOf('2030-01-23', '00:00', 'America/Toronto')),
        reason: 'vacation',
      })
      .execute();
    const saved = await setPlanner(scheduler, {
      start: '2030-01-14',
      scheduler: [WEEKDAYS_9_TO_5],
      end_date: '2030-01-25',
      user: agent.userId,
    });
    expect(saved.json()).toMatchObject({ created: 7, skipped: 3, kept: 0 });
    // Which days, and why, so the dialog can say so.
    expect(saved.json().skipped_days).toEqual([
      { date: '2030-01-15', reason: 'shift' },
      { date: '2030-01-21', reason: 'days_off' },
      { date: '2030-01-22', reason: 'days_off' },
    ]);
    const dates = (await shiftsOf(agent.userId))
      .filter((s) => s.planner_id !== null)
      .map((s) => localStart(s.start_at).slice(0, 10));
    expect(dates).toEqual([
      '2030-01-14',
      '2030-01-16',
      '2030-01-17',
      '2030-01-18',
      '2030-01-23',
      '2030-01-24',
      '2030-01-25',
    ]);
  });

  it("skips occurrences before the user's display-from date", async () => {
    const email = 'planner.joiner@test.local';
    await createTestUser(t.database, {
      email,
      timezone: 'America/Toronto',
      displayFrom: new Date(instantOf('2030-01-21', '00:00', 'America/Toronto')),
    });
    const joiner = await login(t.app, email);
    const saved = await setPlanner(scheduler, {
      start: '2030-01-14',
      scheduler: [WEEKDAYS_9_TO_5],
      end_date: '2030-01-25',
      user: joiner.userId,
    });
    expect(saved.json()).toMatchObject({ created: 5, skipped: 5 });
    expect(saved.json().skipped_days).toEqual(
      ['2030-01-14', '2030-01-15', '2030-01-16', '2030-01-17', '2030-01-18'].map((date) => ({
        date,
        reason: 'before_display_from',
      })),
    );
  });

  it('plans for a new hire who has no shifts at all yet', async () => {
    const hire = await newAgent('planner.newhire@test.local');
    expect(await shiftsOf(hire.userId)).toEqual([]);
    const saved = await setPlanner(scheduler, {
      start: '2030-01-14',
      scheduler: [WEEKDAYS_9_TO_5],
      end_date: '2030-01-18',
      user: hire.userId,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ created: 5, skipped: 0, skipped_days: [] });
    expect((await shiftsOf(hire.userId)).map((s) => s.status)).toEqual(Array(5).fill('approved'));
  });

  it('lets only one of simultaneous saves create the shifts', async () => {
    const agent = await newAgent('planner.race@test.local');
    const body = { start: '2030-01-14', scheduler: [WEEKDAYS_9_TO_5], end_date: '2030-01-25', user: agent.userId };
    const responses = await Promise.all(Array.from({ length: 5 }, () => setPlanner(scheduler, body)));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(responses.map((r) => r.json().created).sort()).toEqual([0, 0, 0, 0, 10]);
    expect(await shiftsOf(agent.userId)).toHaveLength(10);
  });
});

describe('clock changes and the rolling horizon', () => {
  it('keeps 09:00 Toronto time across the March change, and a night shift its real 8 hours', async () => {
    clock = Date.parse('2030-03-05T12:00:00Z');
    try {
      const agent = await newAgent('planner.dst@test.local');
      const saved = await setPlanner(scheduler, {
        start: '2030-03-05',
        scheduler: [WEEKDAYS_9_TO_5, '0 22 SA/1 480 b+120,l+225'],
        end_date: '2030-03-16',
        user: agent.userId,
      });
      expect(saved.json()).toMatchObject({ created: 11, skipped: 0 });
      const shifts = await shiftsOf(agent.userId);
      const days = shifts.filter((s) => s.breaks.length === 2 && localStart(s.start_at).endsWith('T09:00'));
      expect(days.map((s) => s.start_at.toISOString().slice(5, 16))).toEqual([
        '03-05T14:00',
        '03-06T14:00',
        '03-07T14:00',
        '03-08T14:00',
        '03-11T13:00',
        '03-12T13:00',
        '03-13T13:00',
        '03-14T13:00',
        '03-15T13:00',
      ]);
      const nights = shifts.filter((s) => localStart(s.start_at).endsWith('T22:00'));
      expect(nights.map((s) => [localStart(s.start_at), localStart(s.end_at)])).toEqual([
        ['2030-03-09T22:00', '2030-03-10T07:00'],
        ['2030-03-16T22:00', '2030-03-17T06:00'],
      ]);
      expect(nights.every((s) => s.end_at.getTime() - s.start_at.getTime() === 8 * 3_600_000)).toBe(true);
    } finally {
      clock = NOW;
    }
  });

  it('tops every active planner up to 8 weeks ahead, once', async () => {
    const agent = await newAgent('planner.horizon@test.local');
    await setPlanner(scheduler, {
      start: '2030-01-10',
      scheduler: [WEEKDAYS_9_TO_5],
      end_date: null,
      user: agent.userId,
    });
    const service = createPlannersService({
      planners: createPlannersRepository(t.database.db),
      users: createUsersRepository(t.database.db),
      inTransaction: transactional(t.database.db, createPlannersRepository),
      now: () => clock,
    });
    const sameDay = await service.extendPlannerHorizons(NOW);
    expect(sameDay.failed).toEqual([]);
    expect((await shiftsOf(agent.userId)).length).toBe(40);

    const weekLater = NOW + 7 * DAY;
    const [first, again] = [
      await service.extendPlannerHorizons(weekLater),
      await service.extendPlannerHorizons(weekLater),
    ];
    expect(first.failed).toEqual([]);
    expect(first.created).toBeGreaterThanOrEqual(5);
    expect(again).toMatchObject({ planners: 0, created: 0 });
    const shifts = await shiftsOf(agent.userId);
    expect(shifts).toHaveLength(45);
    expect(localStart(shifts.at(-1)?.start_at as Date)).toBe('2030-03-13T09:00');
    expect(new Set(shifts.map((s) => s.start_at.getTime())).size).toBe(45);
    const planner = await t.database.db
      .selectFrom('planners')
      .select('expanded_until')
      .where('user_id', '=', agent.userId)
      .executeTakeFirstOrThrow();
    expect(planner.expanded_until.toISOString()).toBe(new Date(weekLater + 56 * DAY).toISOString());
  });
});
