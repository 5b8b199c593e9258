import { instantOf } from '@shiftline/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { iso, shiftBodiesIn } from './support/shiftBodies.js';
import { connectSocket, waitForConnect, waitForEvent } from './support/socketClient.js';
import { as, createTestUser, demoEmail, login, type Session, testAppForTests } from './support/testApp.js';

/** Who receives which live event, and how many times: pages by role, tabs of one user, the client portal. */
const NOW = Date.parse('2030-01-10T12:00:00Z');
const ZONE = 'America/Toronto';
const t = testAppForTests({}, { now: () => NOW });
let baseUrl: string;
let scheduler: Session;
let companyId: number;
let companyAgent: Session;
let outsideAgent: Session;
const sockets: Socket[] = [];

const shiftBody = shiftBodiesIn(ZONE);
const post = (session: Session, url: string, payload: object = {}, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: { ...as(session), ...headers }, payload });

/** A page of the user: its socket, the rooms it joined, and every event it heard, in order. */
type Page = { socket: Socket; heard: { event: string; payload: unknown }[]; rooms: string[] };
async function openPage(session: Session, onTeamCalendar: boolean): Promise<Page> {
  const socket = connectSocket(baseUrl, session.cookie);
  sockets.push(socket);
  const heard: Page['heard'] = [];
  socket.onAny((event: string, payload: unknown) => heard.push({ event, payload }));
  await waitForConnect(socket);
  let rooms: string[] = [];
  if (onTeamCalendar) {
    const joined = waitForEvent<{ rooms: string[] }>(socket, 'join');
    socket.emit('join', { rooms: ['team-schedule'] });
    rooms = (await joined).rooms;
  }
  heard.length = 0;
  return { socket, heard, rooms };
}
const heardOf = (page: Page, event: string) => page.heard.filter((entry) => entry.event === event);
/** Waits until `done` holds, then a little longer, so a second copy of an event would have arrived too. */
async function settle(done: () => boolean): Promise<void> {
  const until = Date.now() + 5000;
  while (!done() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
  await new Promise((resolve) => setTimeout(resolve, 300));
}

async function agentIn(email: string, campaignId: number): Promise<Session> {
  const id = await createTestUser(t.database, { email, timezone: ZONE });
  await t.database.db.insertInto('campaign_agents').values({ campaign_id: campaignId, user_id: id }).execute();
  return login(t.app, email);
}

beforeAll(async () => {
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  scheduler = await login(t.app, demoEmail('schedule_supervisor'));
  const { db } = t.database;
  const client = await db
    .selectFrom('users')
    .select('company_id')
    .where('role', '=', 'company_supervisor')
    .executeTakeFirstOrThrow();
  companyId = client.company_id as number;
  const campaigns = await db.selectFrom('campaigns').select(['id', 'company_id']).execute();
  const own = campaigns.find((c) => c.company_id === companyId) as { id: number };
  const outside = campaigns.find((c) => c.company_id !== companyId) as { id: number };
  companyAgent = await agentIn('fanout.company@test.local', own.id);
  outsideAgent = await agentIn('fanout.outside@test.local', outside.id);
});
async function closePages(): Promise<void> {
  for (const socket of sockets.splice(0)) socket.close();
  // The server notices the closes before the next test counts the supervisor's pages.
  await new Promise((resolve) => setTimeout(resolve, 200));
}
afterAll(async () => {
  await closePages();
});

describe('team calendar rooms', () => {
  it('seats a calendar page where its role sees the calendar, and ignores rooms it may not join', async () => {
    const lead = await openPage(await login(t.app, demoEmail('team_lead')), true);
    expect(lead.rooms).toContain('team-schedule');
    const agent = await openPage(await login(t.app, demoEmail('agent')), true);
    expect(agent.rooms).toContain('team-schedule:approved');
    expect(agent.rooms).not.toContain('team-schedule');
    const clientSession = await login(t.app, demoEmail('company_supervisor'));
    const client = await openPage(clientSession, true);
    expect(client.rooms).toContain(`team-schedule:company:${companyId}`);
    expect(client.rooms).not.toContain('team-schedule');
    // Asking for a room by its real name does not get anyone into another view.
    const joined = waitForEvent<{ rooms: string[] }>(client.socket, 'join');
    client.socket.emit('join', { rooms: ['team-schedule:approved', 'team-schedule:company:999', 'role:team_lead'] });
    expect((await joined).rooms.filter((room) => room.startsWith('team-schedule'))).toEqual([
      `team-schedule:company:${companyId}`,
    ]);
    const left = waitForEvent<{ rooms: string[] }>(lead.socket, 'leave');
    lead.socket.emit('leave', { rooms: ['team-schedule'] });
    expect((await left).rooms).not.toContain('team-schedule');
  });
});

describe('schedule changes', () => {
  it('reach every page showing the shift once: supervisor tabs, team lead and administrator on the calendar, the owner, their client portal', async () => {
    const pages = {
      schedulerTab1: await openPage(scheduler, true),
      schedulerTab2: await openPage(scheduler, false),
      lead: await openPage(await login(t.app, demoEmail('team_lead')), true),
      admin: await openPage(await login(t.app, demoEmail('administrator')), true),
      agentOnCalendar: await openPage(await login(t.app, demoEmail('agent')), true),
      ownerOnCalendar: await openPage(companyAgent, true),
      ownerElsewhere: await openPage(companyAgent, false),
      client: await openPage(await login(t.app, demoEmail('company_supervisor')), true),
      // Not on the calendar, and not the owner: nothing to refresh.
      agentSupervisorElsewhere: await openPage(await login(t.app, demoEmail('agent_supervisor')), false),
    };
    const shift = await post(companyAgent, '/api/schedules/save_new_event', shiftBody('2030-01-14', '09:00', '17:00'));
    expect(shift.statusCode, shift.body).toBe(201);
    for (const page of Object.values(pages)) page.heard.length = 0;

    const approved = await post(scheduler, `/api/schedules/approve_event/${shift.json().id}`);
    expect(approved.statusCode, approved.body).toBe(200);
    await settle(() => heardOf(pages.client, 'schedule-changed').length > 0);

    const counts = Object.fromEntries(
      Object.entries(pages).map(([name, page]) => [name, heardOf(page, 'schedule-changed').length]),
    );
    expect(counts).toEqual({
      schedulerTab1: 1,
      schedulerTab2: 1,
      lead: 1,
      admin: 1,
      agentOnCalendar: 1,
      ownerOnCalendar: 1,
      ownerElsewhere: 1,
      client: 1,
      agentSupervisorElsewhere: 0,
    });
    for (const page of Object.values(pages)) {
      for (const { payload } of heardOf(page, 'schedule-changed')) {
        expect(payload).toMatchObject({ user_ids: [companyAgent.userId] });
      }
    }
  });

  it("does not tell a client portal about another company's agents", async () => {
    const client = await openPage(await login(t.app, demoEmail('company_supervisor')), true);
    const lead = await openPage(await login(t.app, demoEmail('team_lead')), true);
    const shift = await post(scheduler, '/api/schedules/save_new_event', {
      ...shiftBody('2030-01-15', '09:00', '17:00'),
      user: outsideAgent.userId,
    });
    expect(shift.statusCode, shift.body).toBe(201);
    await post(scheduler, `/api/schedules/cancel_event/${shift.json().id}`, { reason: 'Overstaffed' });
    await settle(() => heardOf(lead, 'schedule-changed').length >= 1);
    expect(heardOf(lead, 'schedule-changed').length).toBe(1);
    expect(heardOf(client, 'schedule-changed')).toEqual([]);
  });

  it('tells those who see pending shifts, not agents, that shifts were sent for approval', async () => {
    const lead = await openPage(await login(t.app, demoEmail('team_lead')), true);
    const tab = await openPage(scheduler, true);
    const agent = await openPage(await login(t.app, demoEmail('agent')), true);
    const draft = await post(outsideAgent, '/api/schedules/save_new_event', shiftBody('2030-01-16', '09:00', '13:00'));
    expect(draft.statusCode, draft.body).toBe(201);
    expect((await post(outsideAgent, '/api/schedules/send_for_approval', {})).statusCode).toBe(200);
    await settle(() => heardOf(lead, 'shifts-sent-for-approval').length > 0);
    expect(heardOf(lead, 'shifts-sent-for-approval').length).toBe(1);
    expect(heardOf(tab, 'shifts-sent-for-approval').length).toBe(1);
    expect(heardOf(agent, 'shifts-sent-for-approval')).toEqual([]);
  });
});

describe('vacation approval host', () => {
  beforeEach(closePages);

  async function pendingVacation(from: string, to: string): Promise<number> {
    const response = await post(outsideAgent, '/api/schedules/create_vacation', {
      start: iso(instantOf(from, '00:00', ZONE)),
      end: iso(instantOf(to, '00:00', ZONE)),
      reason: 'vacation',
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id;
  }

  it('opens the dialog in the page that asked only, or in one page when it names none', async () => {
    const tab1 = await openPage(scheduler, false);
    const tab2 = await openPage(scheduler, true);
    const vacation = await pendingVacation('2030-02-03', '2030-02-05');
    const body = { action: 'approve', vacation_id: vacation };

    const asked = await post(scheduler, '/api/schedules/start_vacation_action', body, {
      'x-socket-id': tab2.socket.id ?? '',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    await settle(() => heardOf(tab2, 'startApproveVacation').length > 0);
    expect(heardOf(tab2, 'startApproveVacation')).toEqual([
      { event: 'startApproveVacation', payload: expect.objectContaining({ vacation_id: vacation }) },
    ]);
    expect(heardOf(tab1, 'startApproveVacation')).toEqual([]);

    // Another user's page id is not a way into their pages: the event stays with the supervisor's own.
    const lead = await openPage(await login(t.app, demoEmail('team_lead')), true);
    const headerSets: Record<string, string>[] = [{}, { 'x-socket-id': lead.socket.id ?? '' }];
    for (const headers of headerSets) {
      for (const page of [tab1, tab2]) page.heard.length = 0;
      expect((await post(scheduler, '/api/schedules/start_vacation_action', body, headers)).statusCode).toBe(200);
      await settle(() => [tab1, tab2].some((page) => heardOf(page, 'startApproveVacation').length > 0));
      expect(heardOf(tab1, 'startApproveVacation').length + heardOf(tab2, 'startApproveVacation').length).toBe(1);
    }
    expect(heardOf(lead, 'startApproveVacation')).toEqual([]);

    const malformed = await post(scheduler, '/api/schedules/start_vacation_action', body, {
      'x-socket-id': 'not a socket',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields).toHaveProperty('x-socket-id');
  });

  it('answers 409 when none of the supervisor’s pages is connected', async () => {
    const vacation = await pendingVacation('2030-02-10', '2030-02-11');
    const response = await post(scheduler, '/api/schedules/start_vacation_action', {
      action: 'approve',
      vacation_id: vacation,
    });
    expect(response.statusCode).toBe(409);
  });

  it('tells every supervisor page a request was decided, so a dialog open elsewhere closes', async () => {
    const tab1 = await openPage(scheduler, false);
    const tab2 = await openPage(scheduler, true);
    const lead = await openPage(await login(t.app, demoEmail('team_lead')), true);
    const vacation = await pendingVacation('2030-02-17', '2030-02-19');
    expect((await post(scheduler, `/api/schedules/approve_vacation/${vacation}`)).statusCode).toBe(200);
    await settle(() => heardOf(tab2, 'vacation-decided').length > 0 && heardOf(tab1, 'vacation-decided').length > 0);
    for (const tab of [tab1, tab2]) {
      expect(heardOf(tab, 'vacation-decided')).toEqual([
        { event: 'vacation-decided', payload: { vacation_id: vacation, status: 'vac_approved' } },
      ]);
    }
    expect(heardOf(lead, 'vacation-decided')).toEqual([]);
    // The approval itself reaches the team lead's calendar, once.
    expect(heardOf(lead, 'schedule-changed').length).toBe(1);
  });
});
