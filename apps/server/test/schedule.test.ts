import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shiftBodyIn } from './support/shiftBodies.js';
import { as, createTestUser, demoEmail, login, type Session, startTestApp, type TestApp } from './support/testApp.js';

const NOW = Date.parse('2030-01-10T12:00:00Z');
let t: TestApp;
let agent: Session;
let scheduler: Session;

beforeAll(async () => {
  t = await startTestApp({}, { now: () => NOW });
  await createTestUser(t.database, { email: 'toronto@test.local', timezone: 'America/Toronto' });
  agent = await login(t.app, 'toronto@test.local');
  scheduler = await login(t.app, demoEmail('schedule_supervisor'));
});
afterAll(() => t.close());

const shiftBody = (day: string, from: string, to: string, zone: string, toDay = day) =>
  shiftBodyIn(zone, day, from, to, toDay);

const save = (session: Session, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/schedules/save_new_event', headers: as(session), payload });

const deleteShift = (session: Session, id: number) =>
  t.app.inject({ method: 'POST', url: `/api/schedules/delete_event/${id}`, headers: as(session) });

const month = (session: Session, user?: number) =>
  t.app.inject({
    url: `/api/schedules/get_user_schedule?start_period=2030-01-01T00:00:00Z&end_period=2030-02-15T00:00:00Z${user ? `&user=${user}` : ''}`,
    headers: as(session),
  });

describe('creating shifts', () => {
  it('saves a 9-hour shift with a break, a lunch and a second break as a pending draft', async () => {
    const response = await save(agent, shiftBody('2030-01-14', '09:00', '18:00', 'America/Toronto'));
    expect(response.statusCode).toBe(201);
    const shift = response.json();
    expect(shift).toMatchObject({
      type: 'shift',
      status: 'pending',
      sent_for_approval: false,
      start: '2030-01-14T09:00:00-05:00',
      end: '2030-01-14T18:00:00-05:00',
      start_utc: '2030-01-14T14:00:00.000Z',
      end_utc: '2030-01-14T23:00:00.000Z',
      name: 'Test toronto',
      role_name: 'Agent',
    });
    expect(shift.breaks.map((b: { type: string }) => b.type)).toEqual(['break', 'lunch', 'break']);
    expect(shift.breaks[1]).toEqual({
      type: 'lunch',
      start: '2030-01-14T13:15:00-05:00',
      end: '2030-01-14T13:45:00-05:00',
    });
  });

  it('names the field of each broken rule with a 400', async () => {
    const offStep = { ...shiftBody('2030-01-15', '09:00', '13:00', 'America/Toronto'), start: '2030-01-15T14:05:00Z' };
    expect((await save(agent, offStep)).json().error.fields.start).toBe('must be on a 15-minute step');
    const backwards = { start: '2030-01-15T18:00:00Z', end: '2030-01-15T14:00:00Z', breaks: [] };
    expect((await save(agent, backwards)).json().error.fields.end).toBe('must be after start');
    const noBreaks = { ...shiftBody('2030-01-15', '09:00', '18:00', 'America/Toronto'), breaks: [] };
    const missing = await save(agent, noBreaks);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.breaks).toBe('a shift of 540 minutes needs 2 breaks and 1 lunch');
    const past = await save(agent, shiftBody('2030-01-09', '09:00', '13:00', 'America/Toronto'));
    expect(past.json().error.fields.start).toBe('must not be in the past');
    const garbage = await save(agent, { start: 'tomorrow', end: 5, breaks: 'none' });
    expect(garbage.statusCode).toBe(400);
    expect(Object.keys(garbage.json().error.fields).sort()).toEqual(['breaks', 'end', 'start']);
  });

  it('refuses with 409 a shift overlapping another shift or an approved vacation', async () => {
    const overlap = await save(agent, shiftBody('2030-01-14', '17:00', '22:00', 'America/Toronto'));
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().error.fields).toEqual({ start: 'overlaps another of your shifts' });
    await t.database.db
      .insertInto('vacations')
      .values({
        user_id: agent.userId,
        status: 'vac_approved',
        start_at: new Date('2030-01-20T05:00:00Z'),
        end_at: new Date('2030-01-22T05:00:00Z'),
        reason: 'vacation',
      })
      .execute();
    const onVacation = await save(agent, shiftBody('2030-01-21', '09:00', '13:00', 'America/Toronto'));
    expect(onVacation.statusCode).toBe(409);
    expect(onVacation.json().error.fields).toEqual({ start: 'overlaps an approved vacation' });
    // A shift touching the end of another is fine.
    expect((await save(agent, shiftBody('2030-01-14', '18:00', '20:00', 'America/Toronto'))).statusCode).toBe(201);
  });

  it('lets only one of ten simultaneous requests take the same free time', async () => {
    const body = shiftBody('2030-01-16', '09:00', '13:00', 'America/Toronto');
    const responses = await Promise.all(Array.from({ length: 10 }, () => save(agent, body)));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
  });

  it('refuses a day before the display-from date', async () => {
    await createTestUser(t.database, {
      email: 'late.joiner@test.local',
      timezone: 'America/Halifax',
      displayFrom: new Date('2030-02-01T04:00:00Z'),
    });
    const joiner = await login(t.app, 'late.joiner@test.local');
    const response = await save(joiner, shiftBody('2030-01-20', '09:00', '13:00', 'America/Halifax'));
    expect(response.json().error.fields.start).toBe('must not be before your display-from date');
  });
});

describe('midnight and clock changes', () => {
  it("stores a St. John's night shift across midnight and reads it back in the viewer's zone", async () => {
    await createTestUser(t.database, { email: 'stjohns@test.local', timezone: 'America/St_Johns' });
    const nfld = await login(t.app, 'stjohns@test.local');
    const created = await save(nfld, shiftBody('2030-01-17', '22:00', '06:30', 'America/St_Johns', '2030-01-18'));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      start: '2030-01-17T22:00:00-03:30',
      end: '2030-01-18T06:30:00-03:30',
      start_utc: '2030-01-18T01:30:00.000Z',
      end_utc: '2030-01-18T10:00:00.000Z',
    });
  });

  it('counts real hours over spring-forward and fall-back nights (Toronto, Los Angeles)', async () => {
    // Los Angeles, not Vancouver: British Columbia keeps daylight time all year from 2026 on (tzdb 2026).
    await createTestUser(t.database, { email: 'dst@test.local', timezone: 'America/Los_Angeles' });
    const dst = await login(t.app, 'dst@test.local');
    // 2030-03-10: clocks jump from 02:00 to 03:00; 22:00 → 06:00 is 7 hours, so one break and a lunch.
    const spring = shiftBody('2030-03-09', '22:00', '06:00', 'America/Los_Angeles', '2030-03-10');
    expect(spring.breaks.map((b) => b.type)).toEqual(['break', 'lunch']);
    expect((await save(dst, spring)).json()).toMatchObject({
      start: '2030-03-09T22:00:00-08:00',
      end: '2030-03-10T06:00:00-07:00',
    });
    // 2030-11-03: clocks fall back; the same wall-clock night is 9 hours and needs a second break.
    const autumn = shiftBody('2030-11-02', '22:00', '06:00', 'America/Los_Angeles', '2030-11-03');
    expect(autumn.breaks.map((b) => b.type)).toEqual(['break', 'lunch', 'break']);
    const saved = await save(dst, autumn);
    expect(saved.statusCode).toBe(201);
    expect(Date.parse(saved.json().end_utc) - Date.parse(saved.json().start_utc)).toBe(9 * 3_600_000);
    // Sending the spring shift without the second break it does not need is accepted; the autumn one is not.
    const autumnMissing = {
      ...shiftBody('2030-11-09', '22:00', '07:00', 'America/Los_Angeles', '2030-11-10'),
      breaks: spring.breaks,
    };
    expect((await save(dst, autumnMissing)).statusCode).toBe(400);
  });
});

describe('reading a schedule', () => {
  it("returns the user's shifts and vacations with forself, in the viewer's zone", async () => {
    const response = await month(agent);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.forself).toBe(true);
    expect(body.shifts.length).toBeGreaterThanOrEqual(3);
    expect(body.shifts[0]).toMatchObject({ type: 'shift', start: '2030-01-14T09:00:00-05:00', count: 2 });
    expect(body.vacations).toEqual([
      expect.objectContaining({
        type: 'vacation',
        status: 'vac_approved',
        reason: 'vacation',
        reason_name: 'Vacation',
        start: '2030-01-20T00:00:00-05:00',
      }),
    ]);
  });

  it("lets a schedule supervisor read an agent's schedule, in the supervisor's own zone", async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/profile/timezone',
      headers: as(scheduler),
      payload: { timezone: 'America/Los_Angeles' },
    });
    const response = await month(scheduler, agent.userId);
    expect(response.statusCode).toBe(200);
    expect(response.json().forself).toBe(false);
    expect(response.json().shifts[0].start).toBe('2030-01-14T06:00:00-08:00');
  });

  it("refuses another user's schedule to an agent and every schedule to the client portal", async () => {
    const demoAgent = await login(t.app, demoEmail('agent'));
    expect((await month(demoAgent, agent.userId)).statusCode).toBe(403);
    const client = await login(t.app, demoEmail('company_supervisor'));
    expect((await month(client)).statusCode).toBe(403);
  });

  it('refuses a period that ends before it starts or is too long', async () => {
    const backwards = await t.app.inject({
      url: '/api/schedules/get_user_schedule?start_period=2030-02-01T00:00:00Z&end_period=2030-01-01T00:00:00Z',
      headers: as(agent),
    });
    expect(backwards.json().error.fields).toEqual({ end_period: 'must be after start_period' });
    const tooLong = await t.app.inject({
      url: '/api/schedules/get_user_schedule?start_period=2030-01-01T00:00:00Z&end_period=2031-01-01T00:00:00Z',
      headers: as(agent),
    });
    expect(tooLong.statusCode).toBe(400);
    const missing = await t.app.inject({ url: '/api/schedules/get_user_schedule', headers: as(agent) });
    expect(Object.keys(missing.json().error.fields).sort()).toEqual(['end_period', 'start_period']);
  });
});

describe('send for approval and delete', () => {
  it("sends the user's draft shifts once, then has nothing left to send", async () => {
    expect(
      (await t.app.inject({ url: '/api/schedules/unsent_count', headers: as(agent) })).json().count,
    ).toBeGreaterThan(0);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/schedules/send_for_approval',
      headers: as(agent),
      payload: {},
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().sent.length).toBeGreaterThan(0);
    expect((await t.app.inject({ url: '/api/schedules/unsent_count', headers: as(agent) })).json().count).toBe(0);
    const again = await t.app.inject({ method: 'POST', url: '/api/schedules/send_for_approval', headers: as(agent) });
    expect(again.statusCode).toBe(409);
    const shifts = (await month(agent)).json().shifts as { sent_for_approval: boolean; status: string }[];
    expect(shifts.filter((s) => s.status === 'pending').every((s) => s.sent_for_approval)).toBe(true);
  });

  it("lets an agent delete their own pending shift but not another user's, nor an approved one", async () => {
    const mine = (await save(agent, shiftBody('2030-01-24', '09:00', '13:00', 'America/Toronto'))).json();
    const demoAgent = await login(t.app, demoEmail('agent'));
    const notMine = await deleteShift(demoAgent, mine.id);
    expect(notMine.statusCode).toBe(403);
    await t.database.db.updateTable('shifts').set({ status: 'approved' }).where('id', '=', mine.id).execute();
    const approved = await deleteShift(agent, mine.id);
    expect(approved.statusCode).toBe(409);
    expect(approved.json().error.message).toBe('An approved shift can only be canceled by a schedule supervisor.');
    await t.database.db.updateTable('shifts').set({ status: 'pending' }).where('id', '=', mine.id).execute();
    const own = await deleteShift(agent, mine.id);
    expect(own.statusCode).toBe(200);
    const gone = await deleteShift(agent, mine.id);
    expect(gone.statusCode).toBe(404);
  });

  it("lets a schedule supervisor plan an agent's shift (approved at once) and delete any shift", async () => {
    const planned = await save(scheduler, {
      ...shiftBody('2030-01-25', '09:00', '13:00', 'America/Toronto'),
      user: agent.userId,
    });
    expect(planned.statusCode).toBe(201);
    expect(planned.json()).toMatchObject({ status: 'approved', user_id: agent.userId });
    const deleted = await deleteShift(scheduler, planned.json().id);
    expect(deleted.statusCode).toBe(200);
    const forOther = await save(agent, {
      ...shiftBody('2030-01-25', '09:00', '13:00', 'America/Toronto'),
      user: scheduler.userId,
    });
    expect(forOther.statusCode).toBe(403);
  });
});
