import type { MyWork, ToApprove } from '@shiftline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestUser, demoEmail, login, type Session, startTestApp, type TestApp } from './support/testApp.js';

// A fixed clock years after the demo's data, so only this file's rows are still ahead.
const NOW = Date.parse('2031-03-10T12:00:00Z');
const HOUR = 3_600_000;
let t: TestApp;
let supervisor: Session;
let agent: Session;
let ids: Record<'ended' | 'tomorrow' | 'draft' | 'sent' | 'canceled' | 'later', number>;
let daysOff: Record<'pending' | 'approved' | 'cancelRequested', number>;

const at = (hours: number) => new Date(NOW + hours * HOUR);

async function shift(status: 'pending' | 'approved' | 'canceled', fromHours: number, sent: boolean) {
  const row = await t.database.db
    .insertInto('shifts')
    .values({
      user_id: agent.userId,
      status,
      start_at: at(fromHours),
      end_at: at(fromHours + 8),
      sent_for_approval_at: sent ? at(-48) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function vacation(status: 'vac_pending' | 'vac_approved' | 'vac_cancel_requested', fromDays: number) {
  const row = await t.database.db
    .insertInto('vacations')
    .values({
      user_id: agent.userId,
      status,
      start_at: at(fromDays * 24),
      end_at: at((fromDays + 2) * 24),
      reason: 'vacation',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  t = await startTestApp({}, { now: () => NOW });
  supervisor = await login(t.app, demoEmail('schedule_supervisor'));
  await createTestUser(t.database, { email: 'home.agent@test.local', timezone: 'America/Toronto' });
  agent = await login(t.app, 'home.agent@test.local');
  ids = {
    ended: await shift('approved', -20, true),
    later: await shift('approved', 72, true),
    tomorrow: await shift('approved', 20, true),
    draft: await shift('pending', 44, false),
    sent: await shift('pending', 30, true),
    canceled: await shift('canceled', 50, true),
  };
  daysOff = {
    pending: await vacation('vac_pending', 10),
    approved: await vacation('vac_approved', 20),
    cancelRequested: await vacation('vac_cancel_requested', 5),
  };
});
afterAll(() => t.close());

const get = async <T>(session: Session, path: string) => {
  const response = await t.app.inject({ url: `/api/home/${path}`, headers: as(session) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
};

describe('the home page calls', () => {
  it('gives an agent their next shifts and their requests waiting for an answer, soonest first', async () => {
    const work = await get<MyWork>(agent, 'my_work');
    expect(work.next_shifts.items.map((item) => item.id)).toEqual([ids.tomorrow, ids.sent, ids.draft, ids.later]);
    expect(work.next_shifts.count).toBe(4);
    expect(work.pending_shifts.items.map((item) => [item.id, item.sent_for_approval])).toEqual([
      [ids.sent, true],
      [ids.draft, false],
    ]);
    expect(work.pending_days_off).toEqual({
      count: 2,
      items: [
        expect.objectContaining({ id: daysOff.cancelRequested, status: 'vac_cancel_requested' }),
        expect.objectContaining({
          id: daysOff.pending,
          status: 'vac_pending',
          name: 'Test home.agent',
          timezone: 'America/Toronto',
        }),
      ],
    });
    expect(work.next_shifts.items[0]?.start_utc).toBe(at(20).toISOString());
  });

  it('gives a schedule supervisor the shifts sent for approval (not drafts) and the days-off requests', async () => {
    const work = await get<ToApprove>(supervisor, 'to_approve');
    const shiftIds = work.pending_shifts.items.map((item) => item.id);
    expect(shiftIds).toContain(ids.sent);
    expect(shiftIds).not.toContain(ids.draft);
    const requestIds = work.days_off_requests.items.map((item) => item.id);
    expect(requestIds).toEqual(expect.arrayContaining([daysOff.pending, daysOff.cancelRequested]));
    expect(requestIds).not.toContain(daysOff.approved);
    // The counts are everything waiting, not just the first few listed.
    const sentPending = await t.database.db
      .selectFrom('shifts')
      .innerJoin('users', 'users.id', 'shifts.user_id')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('shifts.status', '=', 'pending')
      .where('shifts.sent_for_approval_at', 'is not', null)
      .where('shifts.end_at', '>', new Date(NOW))
      .where('users.archived', '=', false)
      .executeTakeFirstOrThrow();
    expect(work.pending_shifts.count).toBe(Number(sentPending.n));
    expect(work.pending_shifts.items.length).toBe(Math.min(5, Number(sentPending.n)));
  });

  it('keeps the supervisor list to schedule supervisors, and the client portal out of both', async () => {
    const refused = await t.app.inject({ url: '/api/home/to_approve', headers: as(agent) });
    expect(refused.statusCode).toBe(403);
    const client = await login(t.app, demoEmail('company_supervisor'));
    expect((await t.app.inject({ url: '/api/home/my_work', headers: as(client) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/home/to_approve', headers: as(client) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/home/my_work' })).statusCode).toBe(401);
  });
});
