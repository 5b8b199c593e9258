import { instantOf } from '@shiftline/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInRequests } from './support/requests.js';
import { as, createTestUser, demoEmail, login, type Session, testAppForTests } from './support/testApp.js';

// The supervisor month's summary and day calls (get_month_summary, get_day_schedule).
const NOW = Date.parse('2030-01-10T12:00:00Z');
const ZONE = 'America/Toronto';
const t = testAppForTests({}, { now: () => NOW });
let scheduler: Session;
let campaignId: number;
let otherCampaignId: number;
const ids: Record<'alpha' | 'bravo' | 'charlie' | 'delta', number> = { alpha: 0, bravo: 0, charlie: 0, delta: 0 };
let pendingId: number;
let nightId: number;

const at = (day: string, time: string) => new Date(instantOf(day, time, ZONE));
const MONTH = `start_period=${at('2030-01-01', '00:00').toISOString()}&end_period=${at('2030-02-01', '00:00').toISOString()}`;
const dayQuery = (day: string, next: string) =>
  `start_period=${at(day, '00:00').toISOString()}&end_period=${at(next, '00:00').toISOString()}`;
const { get } = signedInRequests(() => t);

async function addShift(userId: number, status: 'pending' | 'approved' | 'canceled', from: Date, to: Date) {
  const row = await t.database.db
    .insertInto('shifts')
    .values({
      user_id: userId,
      status,
      start_at: from,
      end_at: to,
      notes: null,
      reason: null,
      created_by: null,
      sent_for_approval_at: from,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  const insertCampaign = (name: string) =>
    t.database.db
      .insertInto('campaigns')
      .values({
        name,
        unique_name: name.toLowerCase().replaceAll(' ', '_'),
        type: 'inbound',
        company_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  campaignId = (await insertCampaign('Month Test')).id;
  otherCampaignId = (await insertCampaign('Month Test Two')).id;
  for (const name of Object.keys(ids) as (keyof typeof ids)[]) {
    ids[name] = await createTestUser(t.database, { email: `${name}@month.test`, timezone: ZONE });
    await t.database.db.insertInto('campaign_agents').values({ campaign_id: campaignId, user_id: ids[name] }).execute();
  }
  // Bravo works the second campaign no more: disabled there.
  await t.database.db
    .insertInto('campaign_agents')
    .values([
      { campaign_id: otherCampaignId, user_id: ids.alpha },
      { campaign_id: otherCampaignId, user_id: ids.bravo, is_disabled: true },
    ])
    .execute();
  await t.database.db.updateTable('users').set({ role: 'agent_supervisor' }).where('id', '=', ids.charlie).execute();
  await t.database.db.updateTable('users').set({ role: 'campaign_manager' }).where('id', '=', ids.delta).execute();

  pendingId = await addShift(ids.alpha, 'pending', at('2030-01-14', '09:00'), at('2030-01-14', '17:00'));
  // 8 PM to 4 AM: touches the 15th and the 16th.
  nightId = await addShift(ids.alpha, 'approved', at('2030-01-15', '20:00'), at('2030-01-16', '04:00'));
  await addShift(ids.bravo, 'approved', at('2030-01-15', '09:00'), at('2030-01-15', '17:00'));
  await addShift(ids.charlie, 'approved', at('2030-01-15', '10:00'), at('2030-01-15', '14:00'));
  await addShift(ids.delta, 'canceled', at('2030-01-15', '10:00'), at('2030-01-15', '14:00'));
  await t.database.db
    .insertInto('vacations')
    .values({
      user_id: ids.delta,
      status: 'vac_approved',
      start_at: at('2030-01-20', '00:00'),
      end_at: at('2030-01-22', '00:00'),
      reason: 'vacation',
    })
    .execute();

  scheduler = await login(t.app, demoEmail('schedule_supervisor'));
  await t.app.inject({
    method: 'POST',
    url: '/api/profile/timezone',
    headers: as(scheduler),
    payload: { timezone: ZONE },
  });
});

describe('get_month_summary', () => {
  it('counts pending shifts, days off and the scheduled headcount per local day, with the first atoms', async () => {
    const response = await get(scheduler, `/api/schedules/get_month_summary?${MONTH}&campaigns=${campaignId}`);
    expect(response.statusCode).toBe(200);
    const month = response.json();
    expect(month.days['2030-01-14']).toEqual({
      count_shifts: 1,
      pending_ids: [pendingId],
      count_vacations: 0,
      headcount: 1,
      atoms: [ids.alpha],
    });
    // A canceled shift schedules nobody; the starred agent supervisor comes first, then by name.
    expect(month.days['2030-01-15']).toMatchObject({ count_shifts: 0, headcount: 3 });
    expect(month.days['2030-01-15'].atoms).toEqual([ids.charlie, ids.alpha]);
    // The night shift counts on the day it ends too.
    expect(month.days['2030-01-16']).toMatchObject({ headcount: 1, atoms: [ids.alpha] });
    expect(month.days['2030-01-20']).toMatchObject({ count_vacations: 1, headcount: 0 });
    expect(month.days['2030-01-21']).toMatchObject({ count_vacations: 1 });
    expect(month.days['2030-01-22']).toBeUndefined();
    expect(month.pending_ids).toEqual([pendingId]);
    expect(month.agents[ids.charlie]).toMatchObject({ role_name: 'Agent Supervisor', starred: true });
    expect(month.agents[ids.alpha]).toMatchObject({ name: 'Test alpha', starred: false });
  });

  it('counts a period longer than a day mask holds (62 days) in pieces, a shift across their seam on both days', async () => {
    // 2029-12-01 + 62 days: the first piece ends on Jan 31, the second starts on Feb 1.
    const seam = await addShift(ids.bravo, 'pending', at('2030-01-31', '22:00'), at('2030-02-01', '02:00'));
    try {
      const long = `start_period=${at('2029-12-01', '00:00').toISOString()}&end_period=${at('2030-03-01', '00:00').toISOString()}`;
      const response = await get(scheduler, `/api/schedules/get_month_summary?${long}&campaigns=${campaignId}`);
      expect(response.statusCode).toBe(200);
      const months = response.json();
      const january = (
        await get(scheduler, `/api/schedules/get_month_summary?${MONTH}&campaigns=${campaignId}`)
      ).json();
      for (const day of ['2030-01-14', '2030-01-15', '2030-01-16', '2030-01-20']) {
        expect(months.days[day]).toEqual(january.days[day]);
      }
      expect(months.days['2030-01-31']).toEqual({
        count_shifts: 1,
        pending_ids: [seam],
        count_vacations: 0,
        headcount: 1,
        atoms: [ids.bravo],
      });
      // Pending counts on the day it starts; it schedules bravo on the next day too.
      expect(months.days['2030-02-01']).toEqual({
        count_shifts: 0,
        pending_ids: [],
        count_vacations: 0,
        headcount: 1,
        atoms: [ids.bravo],
      });
      expect(months.pending_ids).toEqual([pendingId, seam]);
    } finally {
      await t.database.db.deleteFrom('shifts').where('id', '=', seam).execute();
    }
  });

  it('counts non-approved shifts only for the roles that may see them (spec §6)', async () => {
    for (const role of ['team_lead', 'agent_supervisor', 'campaign_manager', 'administrator', 'super_admin'] as const) {
      const month = (
        await get(
          await login(t.app, demoEmail(role)),
          `/api/schedules/get_month_summary?${MONTH}&campaigns=${campaignId}`,
        )
      ).json();
      expect(month.pending_ids, role).toEqual([pendingId]);
    }
    const agent = await login(t.app, demoEmail('agent'));
    const month = (await get(agent, `/api/schedules/get_month_summary?${MONTH}&campaigns=${campaignId}`)).json();
    expect(month.pending_ids).toEqual([]);
    // The pending shift is alpha's only one that day: for an agent nobody is scheduled then.
    expect(month.days['2030-01-14']?.headcount ?? 0).toBe(0);
    expect(month.days['2030-01-15'].headcount).toBe(3);
  });

  it('leaves out agents disabled in the chosen campaign', async () => {
    const month = (
      await get(scheduler, `/api/schedules/get_month_summary?${MONTH}&campaigns=${otherCampaignId}`)
    ).json();
    expect(month.days['2030-01-15'].atoms).toEqual([ids.alpha]);
    const team = (await get(scheduler, `/api/schedules/get_schedule?${MONTH}&campaigns=${otherCampaignId}`)).json();
    expect(team.data_points.map((point: { user_id: number }) => point.user_id)).toEqual([ids.alpha]);
  });

  it('refuses a malformed period, naming the field', async () => {
    const response = await get(scheduler, '/api/schedules/get_month_summary?start_period=x&end_period=y');
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields ?? {})).toContain('start_period');
  });
});

describe('get_day_schedule', () => {
  it("gives one day's data points with their shifts and breaks, a night shift on both days", async () => {
    const response = await get(
      scheduler,
      `/api/schedules/get_day_schedule?${dayQuery('2030-01-16', '2030-01-17')}&campaigns=${campaignId}`,
    );
    expect(response.statusCode).toBe(200);
    const day = response.json();
    expect(day.data_points.map((point: { user_id: number }) => point.user_id)).toEqual([ids.alpha]);
    expect(day.data_points[0].time_points.map((point: { id: number }) => point.id)).toEqual([nightId]);
  });

  it('stars agent supervisors and team leads only (spec §2, §6), not campaign managers', async () => {
    const day = (
      await get(
        scheduler,
        `/api/schedules/get_day_schedule?${dayQuery('2030-01-15', '2030-01-16')}&campaigns=${campaignId}`,
      )
    ).json();
    const starred = Object.fromEntries(
      day.data_points.map((point: { user_id: number; starred: boolean }) => [point.user_id, point.starred]),
    );
    expect(starred).toEqual({ [ids.alpha]: false, [ids.bravo]: false, [ids.charlie]: true, [ids.delta]: false });
  });

  it('shows an agent approved points only', async () => {
    const agent = await login(t.app, demoEmail('agent'));
    const day = (
      await get(
        agent,
        `/api/schedules/get_day_schedule?${dayQuery('2030-01-14', '2030-01-15')}&campaigns=${campaignId}`,
      )
    ).json();
    expect(day.data_points).toEqual([]);
  });

  it('refuses more than a day', async () => {
    const response = await get(scheduler, `/api/schedules/get_day_schedule?${dayQuery('2030-01-14', '2030-01-16')}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty('end_period');
  });
});
