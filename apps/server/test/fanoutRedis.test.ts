import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { DatabaseHandle } from '../src/db/database.js';
import { openTestDatabase } from './support/databases.js';
import { connectSocket, waitForConnect, waitForEvent } from './support/socketClient.js';
import { as, demoEmail, login, type Session, testConfig } from './support/testApp.js';

/**
 * The same fan-out across two app instances joined only by Redis (as two processes behind a load balancer): the
 * page that asked for an approval dialog may be connected to the other instance (runs when REDIS_URL is set); and
 * with Redis unreachable, a page on the same instance still gets it and the app still closes.
 */
const redisUrl = process.env.REDIS_URL;
const NOW = Date.parse('2030-01-10T12:00:00Z');
let database: DatabaseHandle;
let appA: FastifyInstance;
let appB: FastifyInstance;
let urlB: string;
const sockets: Socket[] = [];

describe.skipIf(!redisUrl)('fan-out across app instances over Redis', () => {
  beforeAll(async () => {
    database = await openTestDatabase();
    const config = testConfig({ redisUrl: redisUrl as string });
    appA = await buildApp({ config, database, now: () => NOW });
    appB = await buildApp({ config, database, now: () => NOW });
    await appA.listen({ port: 0, host: '127.0.0.1' });
    urlB = await appB.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await appA?.close();
    await appB?.close();
    await database?.close();
  });

  async function page(cookie: string, onTeamCalendar: boolean): Promise<Socket> {
    const socket = connectSocket(urlB, cookie);
    sockets.push(socket);
    await waitForConnect(socket);
    if (onTeamCalendar) {
      const joined = waitForEvent(socket, 'join');
      socket.emit('join', { rooms: ['team-schedule'] });
      await joined;
    }
    return socket;
  }

  it('opens the dialog in the asking page on the other instance, and brings the decision to a team lead there', async () => {
    const scheduler = await login(appA, demoEmail('schedule_supervisor'));
    const agent = await login(appA, demoEmail('agent'));
    const lead = await login(appA, demoEmail('team_lead'));
    const [tab1, tab2, leadPage] = [
      await page(scheduler.cookie, false),
      await page(scheduler.cookie, true),
      await page(lead.cookie, true),
    ];
    const heardByTab1: string[] = [];
    tab1.onAny((event: string) => heardByTab1.push(event));

    const vacation = await askToApprove(appA, { agent, scheduler }, tab2, {
      start: '2030-03-04T05:00:00Z',
      end: '2030-03-06T05:00:00Z',
    });

    const decided = waitForEvent(tab1, 'vacation-decided', 10_000);
    const changed = waitForEvent<{ user_ids: number[] }>(leadPage, 'schedule-changed', 10_000);
    const approved = await appA.inject({
      method: 'POST',
      url: `/api/schedules/approve_vacation/${vacation.json().id}`,
      headers: as(scheduler),
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await decided).toEqual({ vacation_id: vacation.json().id, status: 'vac_approved' });
    expect((await changed).user_ids).toEqual([agent.userId]);
    expect(heardByTab1).not.toContain('startApproveVacation');
  });
});

/**
 * The agent requests days off on `app`, and the scheduler's page connected by `page` asks to approve them: the
 * approval dialog's event reaches that page. Answers the request.
 */
async function askToApprove(
  app: FastifyInstance,
  { agent, scheduler }: { agent: Session; scheduler: Session },
  page: Socket,
  range: { start: string; end: string },
) {
  const vacation = await app.inject({
    method: 'POST',
    url: '/api/schedules/create_vacation',
    headers: as(agent),
    payload: { ...range, reason: 'vacation' },
  });
  expect(vacation.statusCode, vacation.body).toBe(201);
  const started = waitForEvent<{ vacation_id: number }>(page, 'startApproveVacation', 10_000);
  const asked = await app.inject({
    method: 'POST',
    url: '/api/schedules/start_vacation_action',
    headers: { ...as(scheduler), 'x-socket-id': page.id ?? '' },
    payload: { action: 'approve', vacation_id: vacation.json().id },
  });
  expect(asked.statusCode, asked.body).toBe(200);
  expect((await started).vacation_id).toBe(vacation.json().id);
  return vacation;
}

describe('fan-out with Redis unreachable', () => {
  let alone: FastifyInstance;
  let aloneDatabase: DatabaseHandle;
  let url: string;
  beforeAll(async () => {
    aloneDatabase = await openTestDatabase();
    // Nothing listens on port 9: every Redis command fails at once.
    alone = await buildApp({
      config: testConfig({ redisUrl: 'redis://127.0.0.1:9' }),
      database: aloneDatabase,
      now: () => NOW,
    });
    url = await alone.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await alone?.close();
    await aloneDatabase?.close();
  });

  it('still opens the approval dialog in the asking page connected to this process', async () => {
    const scheduler = await login(alone, demoEmail('schedule_supervisor'));
    const agent = await login(alone, demoEmail('agent'));
    const socket = connectSocket(url, scheduler.cookie);
    sockets.push(socket);
    await waitForConnect(socket);
    await askToApprove(alone, { agent, scheduler }, socket, {
      start: '2030-03-11T04:00:00Z',
      end: '2030-03-12T04:00:00Z',
    });
  });
});
