import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_PENDING_VACATIONS } from '../src/features/vacations/vacations.service.js';
import { dayRangeIn } from './support/shiftBodies.js';
import { as, createTestUser, demoEmail, login, type Session, testAppForTests } from './support/testApp.js';

const NOW = Date.parse('2030-01-10T12:00:00Z');
const ZONE = 'America/Toronto';
const t = testAppForTests({}, { now: () => NOW });
let scheduler: Session;

const days = dayRangeIn(ZONE);
const request = (session: Session, body: object) =>
  t.app.inject({ method: 'POST', url: '/api/schedules/create_vacation', headers: as(session), payload: body });
const rowsOf = async (userId: number) =>
  t.database.db.selectFrom('vacations').select(['id', 'status']).where('user_id', '=', userId).execute();

let agents = 0;
async function newAgent(): Promise<Session> {
  agents += 1;
  const email = `days.off.${agents}@test.local`;
  await createTestUser(t.database, { email, timezone: ZONE });
  return login(t.app, email);
}

beforeAll(async () => {
  scheduler = await login(t.app, demoEmail('schedule_supervisor'));
});

describe('days-off requests', () => {
  it('refuses days off starting in the past, more than a year ahead, or longer than 60 days, naming the field', async () => {
    const agent = await newAgent();
    const cases = [
      { body: days('2030-01-09', '2030-01-11'), field: 'start' },
      { body: days('2031-01-20', '2031-01-22'), field: 'start' },
      { body: days('2030-02-01', '2030-04-15'), field: 'end' },
      { body: { start: '9999-12-30T00:00:00Z', end: '9999-12-31T00:00:00Z' }, field: 'start' },
    ];
    for (const { body, field } of cases) {
      const response = await request(agent, { ...body, reason: 'vacation' });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json().error.fields)).toContain(field);
    }
    // Today (in the agent's zone) is allowed.
    expect((await request(agent, { ...days('2030-01-10', '2030-01-11'), reason: 'sick' })).statusCode).toBe(201);
    expect(await rowsOf(agent.userId)).toHaveLength(1);
  });

  it("refuses days overlapping the agent's own waiting or approved requests, not rejected ones", async () => {
    const agent = await newAgent();
    const first = await request(agent, { ...days('2030-02-03', '2030-02-06'), reason: 'vacation' });
    expect(first.statusCode).toBe(201);
    const overPending = await request(agent, { ...days('2030-02-05', '2030-02-08'), reason: 'personal' });
    expect(overPending.statusCode).toBe(409);
    expect(overPending.json().error.code).toBe('vacation_overlap');
    expect(overPending.json().error.message).toContain('already requested');

    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/schedules/approve_vacation/${first.json().id}`,
      headers: as(scheduler),
    });
    expect(approve.statusCode).toBe(200);
    const overApproved = await request(agent, { ...days('2030-02-01', '2030-02-04'), reason: 'personal' });
    expect(overApproved.statusCode).toBe(409);
    expect(overApproved.json().error.message).toContain('already approved');
    // Touching days (ending where the other starts) do not overlap.
    expect((await request(agent, { ...days('2030-02-06', '2030-02-07'), reason: 'family' })).statusCode).toBe(201);

    const rejected = await request(agent, { ...days('2030-03-02', '2030-03-04'), reason: 'vacation' });
    await t.app.inject({
      method: 'POST',
      url: `/api/schedules/reject_vacation/${rejected.json().id}`,
      headers: as(scheduler),
    });
    expect((await request(agent, { ...days('2030-03-02', '2030-03-04'), reason: 'vacation' })).statusCode).toBe(201);

    // A supervisor entering days off may overlap: approving them then says 'Cannot be approved!'.
    const entered = await request(scheduler, {
      ...days('2030-02-04', '2030-02-05'),
      reason: 'training',
      user: agent.userId,
    });
    expect(entered.statusCode).toBe(201);
  });

  it('creates the same request sent 50 times at once exactly once; the others get a 4xx', async () => {
    const agent = await newAgent();
    const body = { ...days('2030-04-06', '2030-04-08'), reason: 'vacation' };
    const responses = await Promise.all(Array.from({ length: 50 }, () => request(agent, body)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.every((status) => status === 201 || status === 409 || status === 429)).toBe(true);
    expect(await rowsOf(agent.userId)).toHaveLength(1);
  });

  it(`caps the requests waiting for a decision at ${MAX_PENDING_VACATIONS} per person`, async () => {
    const agent = await newAgent();
    for (let index = 0; index < MAX_PENDING_VACATIONS; index += 1) {
      const day = `2030-05-${String(index * 2 + 1).padStart(2, '0')}`;
      const next = `2030-05-${String(index * 2 + 2).padStart(2, '0')}`;
      expect((await request(agent, { ...days(day, next), reason: 'personal' })).statusCode).toBe(201);
    }
    const one = await request(agent, { ...days('2030-06-10', '2030-06-11'), reason: 'personal' });
    expect(one.statusCode).toBe(409);
    expect(one.json().error.message).toContain(`${MAX_PENDING_VACATIONS} days-off requests waiting`);
    expect(await rowsOf(agent.userId)).toHaveLength(MAX_PENDING_VACATIONS);
  });

  it('limits one person to 20 requests an hour, refused ones included; a supervisor entering days off is not limited', async () => {
    const agent = await newAgent();
    const statuses = [];
    for (let index = 0; index < 21; index += 1) {
      statuses.push((await request(agent, { ...days('2030-01-01', '2030-01-02'), reason: 'sick' })).statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
    for (let index = 0; index < 25; index += 1) {
      const response = await request(scheduler, { ...days('2030-01-01', '2030-01-02'), reason: 'sick', user: 999_999 });
      expect(response.statusCode).toBe(404);
    }
  });
});

describe('the days-off list', () => {
  it('comes in pages, newest days first, with the total; an agent sees only their own', async () => {
    const agent = await newAgent();
    for (let index = 0; index < 7; index += 1) {
      const day = 10 + index * 2;
      await request(agent, { ...days(`2030-07-${day}`, `2030-07-${day + 1}`), reason: 'vacation' });
    }
    const page = async (session: Session, query: string) =>
      t.app.inject({ url: `/api/schedules/get_days_off?${query}`, headers: as(session) });
    const first = (await page(agent, 'page_size=5')).json();
    expect(first).toMatchObject({ total: 7, page: 1, page_size: 5 });
    expect(first.days_off).toHaveLength(5);
    const starts = first.days_off.map((row: { start_utc: string }) => row.start_utc);
    expect(starts).toEqual([...starts].sort().reverse());
    const second = (await page(agent, 'page_size=5&page=2')).json();
    expect(second.days_off).toHaveLength(2);
    const ids = [...first.days_off, ...second.days_off].map((row: { id: number }) => row.id);
    expect(new Set(ids).size).toBe(7);

    const everyone = (await page(scheduler, 'status=vac_pending&page_size=200')).json();
    expect(everyone.total).toBeGreaterThan(7);
    expect(everyone.days_off.every((row: { status: string }) => row.status === 'vac_pending')).toBe(true);
    expect(everyone.days_off.some((row: { user_id: number }) => row.user_id !== agent.userId)).toBe(true);

    for (const bad of ['page_size=201', 'page=0', 'page=0x10', 'page_size=1e3']) {
      const response = await page(scheduler, bad);
      expect(response.statusCode, bad).toBe(400);
      const field = bad.split('=')[0] as string;
      expect(Object.keys(response.json().error.fields), bad).toEqual([field]);
      expect(response.json().error.fields[field], bad).not.toContain('id');
    }
  });
});
