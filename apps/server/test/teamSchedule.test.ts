import { instantOf } from '@shiftline/shared';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { cannotApproveMessage } from '../src/features/vacations/index.js';
import { approveOverlappingDaysOff, signedInRequests } from './support/requests.js';
import { dayRangeIn, shiftBodiesIn } from './support/shiftBodies.js';
import { createTestUser, demoEmail, login, type Session, testAppForTests } from './support/testApp.js';

const NOW = Date.parse('2030-01-10T12:00:00Z');
const ZONE = 'America/Toronto';
const t = testAppForTests({}, { now: () => NOW });
let scheduler: Session;
let agent: Session;
let campaignId: number;

const shiftBody = shiftBodiesIn(ZONE);
const vacationStatus = async (id: number) =>
  (await t.database.db.selectFrom('vacations').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const { get, post } = signedInRequests(() => t);
const teamMonth = (session: Session) =>
  get(session, '/api/schedules/get_schedule?start_period=2030-01-01T00:00:00Z&end_period=2030-02-01T00:00:00Z');

/** The agent's shift on a local day of the test's zone, as saved. */
const agentShift = async (day: string, from: string, to: string) =>
  (await post(agent, '/api/schedules/save_new_event', shiftBody(day, from, to))).json();
/** Offers a free shift of the test campaign, on a local day of the test's zone. */
const offerFreeShift = (day: string, from: string, to: string, countAgents: number) =>
  post(scheduler, '/api/schedules/set_free_shift', {
    ...shiftBody(day, from, to),
    count_agents: countAgents,
    campaigns: [campaignId],
  });
/** The session's notification of a free shift, if it has one. */
const freeShiftNotice = async (session: Session, freeShiftId: number) =>
  (await get(session, '/api/notification/get_notifications'))
    .json()
    .notifications.find((n: { free_shift_id: number }) => n.free_shift_id === freeShiftId);

async function newAgent(email: string): Promise<Session> {
  const id = await createTestUser(t.database, { email, timezone: ZONE });
  await t.database.db.insertInto('campaign_agents').values({ campaign_id: campaignId, user_id: id }).execute();
  return login(t.app, email);
}

beforeAll(async () => {
  const campaign = await t.database.db
    .selectFrom('campaigns')
    .select('id')
    .where('name', '=', 'After-Hours Support')
    .executeTakeFirstOrThrow();
  campaignId = campaign.id;
  scheduler = await login(t.app, demoEmail('schedule_supervisor'));
  // Messages and summaries are in the viewer's zone; pin the supervisor's to the test's.
  await post(scheduler, '/api/profile/timezone', { timezone: ZONE });
  agent = await newAgent('team.agent@test.local');
});

describe('team schedule visibility', () => {
  it('shows pending points and counts to supervisory roles, approved only to agents', async () => {
    const pending = await post(agent, '/api/schedules/save_new_event', shiftBody('2030-01-14', '09:00', '17:00'));
    expect(pending.statusCode).toBe(201);
    const approved = await post(scheduler, '/api/schedules/save_new_event', {
      ...shiftBody('2030-01-15', '09:00', '17:00'),
      user: agent.userId,
    });
    expect(approved.json().status).toBe('approved');

    const asSupervisor = (await teamMonth(scheduler)).json();
    const mine = asSupervisor.data_points.find((point: { user_id: number }) => point.user_id === agent.userId);
    expect(mine.time_points.map((p: { status: string }) => p.status).sort()).toEqual(['approved', 'pending']);
    expect(mine).toMatchObject({
      userUrl: `/schedule/users/${agent.userId}`,
      role_name: 'Agent',
      starred: false,
      campaigns: [campaignId],
    });
    expect(mine.bg_color).toEqual({ bg: expect.stringMatching(/^#/), text: expect.stringMatching(/^#/) });
    expect(asSupervisor.summary['2030-01-14'].count_shifts).toBeGreaterThanOrEqual(1);

    for (const role of ['team_lead', 'agent_supervisor', 'campaign_manager', 'administrator', 'super_admin'] as const) {
      const seen = (await teamMonth(await login(t.app, demoEmail(role)))).json();
      const point = seen.data_points.find((p: { user_id: number }) => p.user_id === agent.userId);
      expect(point.time_points.length, role).toBe(2);
    }
    const asAgent = (await teamMonth(await login(t.app, demoEmail('agent')))).json();
    const seenByAgent = asAgent.data_points.find((p: { user_id: number }) => p.user_id === agent.userId);
    expect(seenByAgent.time_points.map((p: { status: string }) => p.status)).toEqual(['approved']);
    expect(asAgent.summary['2030-01-14']?.count_shifts ?? 0).toBe(0);
  });

  it('gives the campaign timelines non-approved shifts only for a schedule supervisor', async () => {
    const url = '/api/schedules/get_all_campaigns?start_period=2030-01-01T00:00:00Z&end_period=2030-02-01T00:00:00Z';
    const forSupervisor = (await get(scheduler, url)).json();
    const night = forSupervisor.find((c: { id: number }) => c.id === campaignId);
    // Local hours in the campaign's zone: a night window, 18:00 to 02:00 Toronto time, every day.
    expect(night.working_hours.time_zone).toBe('America/Toronto');
    expect(night.working_hours.weekly).toEqual(Array(7).fill({ open: '18:00', close: '02:00' }));
    expect(night.users).toContain(agent.userId);
    expect(night.shifts.map((s: { status: string }) => s.status).sort()).toEqual(['approved', 'pending']);
    const forLead = (await get(await login(t.app, demoEmail('team_lead')), url)).json();
    expect(
      forLead.find((c: { id: number }) => c.id === campaignId).shifts.map((s: { status: string }) => s.status),
    ).toEqual(['approved']);
  });

  it("limits a client-portal user to their company's agents", async () => {
    const client = await login(t.app, demoEmail('company_supervisor'));
    const seen = (await teamMonth(client)).json();
    expect(seen.data_points.some((p: { user_id: number }) => p.user_id === agent.userId)).toBe(false);
  });
});

describe('shift transitions', () => {
  it('approves, cancels, refuses a second cancel and restores; only a schedule supervisor may', async () => {
    const created = await agentShift('2030-01-16', '09:00', '13:00');
    const lead = await login(t.app, demoEmail('team_lead'));
    expect((await post(lead, `/api/schedules/approve_event/${created.id}`)).statusCode).toBe(403);
    expect((await post(scheduler, `/api/schedules/approve_event/${created.id}`)).json()).toEqual({
      status: 'ok',
      ids: [created.id],
    });
    expect((await post(scheduler, `/api/schedules/approve_event/${created.id}`)).statusCode).toBe(409);
    expect(
      (await post(scheduler, `/api/schedules/cancel_event/${created.id}`, { reason: 'Overstaffed' })).statusCode,
    ).toBe(200);
    const again = await post(scheduler, `/api/schedules/cancel_event/${created.id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Canceled shifts cannot be canceled again.');
    expect((await post(scheduler, `/api/schedules/restore_event/${created.id}`)).statusCode).toBe(200);
    const row = await t.database.db
      .selectFrom('shifts')
      .select(['status', 'reason'])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'approved', reason: 'Overstaffed' });
    const notes = (await get(agent, '/api/notification/get_notifications')).json();
    expect(notes.notifications.map((n: { type: string }) => n.type)).toEqual(
      expect.arrayContaining(['shift_approved', 'shift_canceled']),
    );
  });

  it('approves all or nothing', async () => {
    const a = await agentShift('2030-01-17', '09:00', '13:00');
    const b = await agentShift('2030-01-18', '09:00', '13:00');
    await post(scheduler, `/api/schedules/approve_event/${b.id}`);
    const mixed = await post(scheduler, '/api/schedules/approve_all', { ids: [a.id, b.id] });
    expect(mixed.statusCode).toBe(409);
    expect(
      (await t.database.db.selectFrom('shifts').select('status').where('id', '=', a.id).executeTakeFirstOrThrow())
        .status,
    ).toBe('pending');
    expect((await post(scheduler, '/api/schedules/approve_all', { ids: [a.id] })).statusCode).toBe(200);
    expect((await post(scheduler, '/api/schedules/approve_all', { ids: [] })).statusCode).toBe(400);
  });
});

describe('free shifts', () => {
  it('refuses a notice without a campaign or with no agents', async () => {
    const base = shiftBody('2030-01-20', '09:00', '13:00');
    const noCampaign = await post(scheduler, '/api/schedules/set_free_shift', {
      ...base,
      count_agents: 2,
      campaigns: [],
    });
    expect(noCampaign.json().error.fields.campaigns).toBe('choose at least one campaign');
    const noAgents = await post(scheduler, '/api/schedules/set_free_shift', {
      ...base,
      count_agents: 0,
      campaigns: [campaignId],
    });
    expect(noAgents.json().error.fields.count_agents).toBe('must be above 0');
  });

  it('notifies the available agents only, and accepting adds the shift', async () => {
    const busy = await newAgent('busy.agent@test.local');
    await post(busy, '/api/schedules/save_new_event', shiftBody('2030-01-21', '08:00', '12:00'));
    const offer = await offerFreeShift('2030-01-21', '09:00', '13:00', 1);
    expect(offer.statusCode).toBe(201);
    const busyList = (await get(busy, '/api/notification/get_notifications')).json();
    expect(busyList.notifications.some((n: { free_shift_id: number }) => n.free_shift_id === offer.json().id)).toBe(
      false,
    );
    const list = (await get(agent, '/api/notification/get_notifications')).json();
    const notice = list.notifications.find((n: { free_shift_id: number }) => n.free_shift_id === offer.json().id);
    expect(notice).toMatchObject({ type: 'free_shift', status: 0, can_accept: true });
    expect(list.unread).toBeGreaterThan(0);
    const accepted = await post(agent, `/api/notification/accept_notification/${notice.id}`);
    expect(accepted.json()).toEqual({ status: 'ok', message: 'The free shift is now in your schedule.' });
    const again = await post(agent, `/api/notification/accept_notification/${notice.id}`);
    expect(again.statusCode).toBe(409);
    const schedule = (
      await get(
        agent,
        '/api/schedules/get_user_schedule?start_period=2030-01-21T00:00:00Z&end_period=2030-01-22T05:00:00Z',
      )
    ).json();
    expect(schedule.shifts.map((s: { status: string }) => s.status)).toContain('approved');
  });

  it('marks the notification read with the accept, in one transaction: a refused accept leaves it unread', async () => {
    const first = await newAgent('accept.read1@test.local');
    const second = await newAgent('accept.read2@test.local');
    const offer = await offerFreeShift('2030-01-28', '10:00', '14:00', 1);
    const noticeOf = (session: Session) => freeShiftNotice(session, offer.json().id);
    const firstNotice = await noticeOf(first);
    const secondNotice = await noticeOf(second);
    expect((await post(first, `/api/notification/accept_notification/${firstNotice.id}`)).statusCode).toBe(200);
    expect((await post(second, `/api/notification/accept_notification/${secondNotice.id}`)).statusCode).toBe(409);
    expect((await noticeOf(first)).status).toBe(1);
    expect((await noticeOf(second)).status).toBe(0);
  });

  it('takes no place of the offer when marking the notification read fails half-way through an accept', async () => {
    const taker = await newAgent('accept.fail@test.local');
    const offer = await offerFreeShift('2030-01-29', '10:00', '14:00', 1);
    const noticeOf = (session: Session) => freeShiftNotice(session, offer.json().id);
    const notice = await noticeOf(taker);
    await sql
      .raw(`CREATE FUNCTION refuse_read() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'disk on fire'; END $$ LANGUAGE plpgsql;
            CREATE TRIGGER refuse_read BEFORE UPDATE ON notifications FOR EACH ROW EXECUTE FUNCTION refuse_read();`)
      .execute(t.database.db);
    try {
      expect((await post(taker, `/api/notification/accept_notification/${notice.id}`)).statusCode).toBe(500);
    } finally {
      await sql.raw('DROP TRIGGER refuse_read ON notifications; DROP FUNCTION refuse_read();').execute(t.database.db);
    }
    const taken = await t.database.db
      .selectFrom('shifts')
      .select('id')
      .where('free_shift_id', '=', offer.json().id)
      .execute();
    expect(taken).toHaveLength(0);
    expect(await noticeOf(taker)).toMatchObject({ status: 0, can_accept: true });
  });

  it('gives a free shift for 3 agents to exactly 3 of 50 simultaneous accepts', async () => {
    const agents: Session[] = [];
    for (let index = 0; index < 50; index += 1) agents.push(await newAgent(`rush${index}@test.local`));
    const offer = await offerFreeShift('2030-01-25', '10:00', '14:00', 3);
    const freeShiftId = offer.json().id;
    const noticeIds = await Promise.all(
      agents.map(async (session) => (await freeShiftNotice(session, freeShiftId)).id as number),
    );
    const answers = await Promise.all(
      agents.map((session, index) => post(session, `/api/notification/accept_notification/${noticeIds[index]}`)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(47);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().error.message).toBe(
      'Sorry, this free shift has already been taken.',
    );
    const taken = await t.database.db
      .selectFrom('shifts')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('free_shift_id', '=', freeShiftId)
      .executeTakeFirstOrThrow();
    expect(Number(taken.n)).toBe(3);
    const row = await t.database.db
      .selectFrom('free_shifts')
      .select('accepted')
      .where('id', '=', freeShiftId)
      .executeTakeFirstOrThrow();
    expect(row.accepted).toBe(3);
  });
});

describe('vacations', () => {
  const days = dayRangeIn(ZONE);
  /** The agent's request for days off (the first day to the day after the last), as answered. */
  const agentDaysOff = async (first: string, dayAfterLast: string, reason: string) =>
    (await post(agent, '/api/schedules/create_vacation', { ...days(first, dayAfterLast), reason })).json();

  it('approves directly when nothing overlaps, and refuses overlapping approved days off', async () => {
    // The agent may not request days over their own approved ones; a supervisor entering them may.
    const { requested, refused } = await approveOverlappingDaysOff(
      () => t,
      { agent, scheduler },
      days('2030-02-03', '2030-02-06'),
      days('2030-02-05', '2030-02-08'),
    );
    expect(requested.statusCode).toBe(201);
    expect(requested.json().status).toBe('vac_pending');
    expect(refused.json().error.code).toBe('vacation_overlap');
    expect(refused.json().error.message).toBe(
      cannotApproveMessage(
        new Date(instantOf('2030-02-05', '00:00', ZONE)),
        new Date(instantOf('2030-02-08', '00:00', ZONE)),
        'America/Toronto',
      ),
    );
    expect(refused.json().error.message).toMatch(
      /^Cannot be approved! The days from the selected period 2\/5\/2030 - 2\/7\/2030 have already been approved as days off\.$/,
    );
  });

  it('asks for a choice when shifts overlap, then approves and deletes them', async () => {
    const shift = await agentShift('2030-02-11', '09:00', '13:00');
    const vacation = await agentDaysOff('2030-02-11', '2030-02-12', 'sick');
    const choice = await post(scheduler, `/api/schedules/approve_vacation/${vacation.id}`);
    expect(choice.statusCode).toBe(409);
    expect(choice.json().error).toMatchObject({ code: 'shifts_overlap', fields: { shifts: String(shift.id) } });
    const byDates = (
      await get(
        scheduler,
        `/api/schedules/get_user_shifts_by_dates/${agent.userId}/${days('2030-02-11', '2030-02-12').start}/${days('2030-02-11', '2030-02-12').end}`,
      )
    ).json();
    expect(byDates.map((s: { id: number }) => s.id)).toEqual([shift.id]);
    expect(
      (await post(scheduler, `/api/schedules/approve_vacation/${vacation.id}`, { delete_shifts: true })).statusCode,
    ).toBe(200);
    expect(
      await t.database.db.selectFrom('shifts').select('id').where('id', '=', shift.id).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('cancels the shifts and offers the chosen ones to other available agents, approving the vacation in one go', async () => {
    const other = await newAgent('taker@test.local');
    const first = await agentShift('2030-02-18', '09:00', '13:00');
    const second = await agentShift('2030-02-19', '09:00', '13:00');
    const vacation = await agentDaysOff('2030-02-18', '2030-02-20', 'family');
    const sent = await post(scheduler, '/api/schedules/cancel_and_send_notification', {
      vacation_id: vacation.id,
      shifts: [first.id, second.id],
      free_shifts: [first.id],
      is_schedule_page: false,
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().notified).toBeGreaterThan(0);
    const statuses = await t.database.db
      .selectFrom('shifts')
      .select(['id', 'status'])
      .where('id', 'in', [first.id, second.id])
      .orderBy('id')
      .execute();
    expect(statuses.map((s) => s.status)).toEqual(['canceled', 'canceled']);
    expect(await vacationStatus(vacation.id)).toBe('vac_approved');
    const offered = (await get(other, '/api/notification/get_notifications'))
      .json()
      .notifications.find((n: { type: string }) => n.type === 'free_shift');
    expect(offered.can_accept).toBe(true);
    expect((await post(other, `/api/notification/accept_notification/${offered.id}`)).statusCode).toBe(200);
    const mine = (await get(agent, '/api/notification/get_notifications')).json().notifications;
    expect(mine.some((n: { free_shift_id: number | null }) => n.free_shift_id === offered.free_shift_id)).toBe(false);
  });

  it('leaves nothing changed when a shift deletion fails half-way through an approval', async () => {
    const keep = await agentShift('2030-02-25', '06:00', '10:00');
    const poisoned = await agentShift('2030-02-25', '12:00', '16:00');
    const vacation = await agentDaysOff('2030-02-25', '2030-02-26', 'vacation');
    await sql
      .raw(`CREATE FUNCTION refuse_delete() RETURNS trigger AS $$ BEGIN
              IF OLD.id = ${poisoned.id} THEN RAISE EXCEPTION 'disk on fire'; END IF; RETURN OLD; END $$ LANGUAGE plpgsql;
            CREATE TRIGGER refuse_delete BEFORE DELETE ON shifts FOR EACH ROW EXECUTE FUNCTION refuse_delete();`)
      .execute(t.database.db);
    try {
      const failed = await post(scheduler, `/api/schedules/approve_vacation/${vacation.id}`, { delete_shifts: true });
      expect(failed.statusCode).toBe(500);
    } finally {
      await sql.raw('DROP TRIGGER refuse_delete ON shifts; DROP FUNCTION refuse_delete();').execute(t.database.db);
    }
    const left = await t.database.db
      .selectFrom('shifts')
      .select('id')
      .where('id', 'in', [keep.id, poisoned.id])
      .execute();
    expect(left).toHaveLength(2);
    expect(await vacationStatus(vacation.id)).toBe('vac_pending');
  });

  it('lets the owner ask to cancel approved days off and the supervisor reject or approve that', async () => {
    const vacation = await agentDaysOff('2030-03-04', '2030-03-05', 'training');
    await post(scheduler, `/api/schedules/approve_vacation/${vacation.id}`);
    const lead = await login(t.app, demoEmail('team_lead'));
    expect((await post(lead, `/api/schedules/request_vacation_cancellation/${vacation.id}`)).statusCode).toBe(404);
    expect((await post(agent, `/api/schedules/request_vacation_cancellation/${vacation.id}`)).statusCode).toBe(200);
    expect((await post(scheduler, `/api/schedules/reject_vacation_cancellation/${vacation.id}`)).statusCode).toBe(200);
    expect((await post(scheduler, `/api/schedules/reject_vacation_cancellation/${vacation.id}`)).statusCode).toBe(409);
    const own = (await get(agent, '/api/schedules/get_days_off')).json().days_off;
    expect(own.every((row: { user_id: number }) => row.user_id === agent.userId)).toBe(true);
    expect(own.find((row: { id: number }) => row.id === vacation.id)).toMatchObject({
      status: 'vac_approved',
      reason_name: 'Training',
    });
    const all = (await get(scheduler, '/api/schedules/get_days_off?status=vac_pending')).json().days_off;
    expect(all.every((row: { status: string }) => row.status === 'vac_pending')).toBe(true);
    expect(
      (
        await get(
          lead,
          `/api/schedules/get_user_vacations_by_dates/${agent.userId}/2030-03-01T00:00:00Z/2030-03-10T00:00:00Z`,
        )
      ).statusCode,
    ).toBe(403);
  });
});

describe('notifications', () => {
  it('marks read, deletes one and deletes all, only the owner’s', async () => {
    const list = (await get(agent, '/api/notification/get_notifications')).json();
    const [first, second] = list.notifications as { id: number }[];
    expect((await post(agent, '/api/notification/set_read_status', { notifications: [first?.id] })).json()).toEqual({
      status: 'ok',
      updated: 1,
    });
    const stranger = await login(t.app, demoEmail('agent'));
    expect(
      (await post(stranger, '/api/notification/set_read_status', { notifications: [second?.id] })).json().updated,
    ).toBe(0);
    expect((await post(stranger, `/api/notification/delete_notification/${second?.id}`)).statusCode).toBe(404);
    expect((await post(agent, `/api/notification/delete_notification/${second?.id}`)).statusCode).toBe(200);
    expect((await post(agent, '/api/notification/delete_all_notifications')).statusCode).toBe(200);
    expect((await get(agent, '/api/notification/get_notifications')).json()).toEqual({ notifications: [], unread: 0 });
  });
});
