import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isOpenAt, type WorkingHours } from '@shiftline/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.js';
import { dailyArrivals } from '../../src/db/demo/history/arrivals.js';
import { createRandom } from '../../src/db/demo/random.js';
import { migrations } from '../../src/db/migrations/index.js';
import { signedInRequests } from '../support/requests.js';
import { demoEmail, login, type Session, testAppForTests } from '../support/testApp.js';

/*
 * Working hours in the campaign's own zone (issue 25 item 4) through the server: the administration writes and audits
 * them, every list answers them, hostile bodies change nothing, the simulated traffic follows the shared rule across a
 * clock change, and the migration turns the old UTC windows into local hours.
 */

const t = testAppForTests();
const { get, post } = signedInRequests(() => t);
let admin: Session;

const ST_JOHNS: WorkingHours = {
  time_zone: 'America/St_Johns',
  weekly: [...Array(5).fill({ open: '09:00', close: '17:00' }), { open: '10:00', close: '24:00' }, null],
  holidays: [
    { date: '2026-07-01', name: 'Canada Day' },
    { date: '2099-12-25', name: null },
  ],
};

const campaignBody = (uniqueName: string, fields: Record<string, unknown> = {}) => ({
  name: `Hours ${uniqueName}`,
  unique_name: uniqueName,
  type: 'inbound',
  company_id: null,
  active: true,
  archived: false,
  billing_rate_cents: 0,
  agent_ids: [],
  ...fields,
});

const auditOf = (id: number) =>
  t.database.db
    .selectFrom('audit_log')
    .select(['action', 'details'])
    .where('subject', '=', `campaign:${id}`)
    .orderBy('id')
    .execute();

beforeAll(async () => {
  admin = await login(t.app, demoEmail('administrator'));
});

describe('the administration', () => {
  let id: number;

  it('creates a campaign with local hours, open around the clock when left out', async () => {
    const created = await post(
      admin,
      '/api/admin/campaigns',
      campaignBody('hours-st-johns', { working_hours: ST_JOHNS }),
    );
    expect(created.statusCode, created.body).toBe(201);
    id = created.json().id;
    expect((await get(admin, `/api/admin/campaigns/${id}`)).json().working_hours).toEqual(ST_JOHNS);

    const plain = await post(admin, '/api/admin/campaigns', campaignBody('hours-default'));
    expect((await get(admin, `/api/admin/campaigns/${plain.json().id}`)).json().working_hours).toEqual({
      time_zone: 'America/Toronto',
      weekly: Array(7).fill({ open: '00:00', close: '24:00' }),
      holidays: [],
    });
  });

  it('keeps the hours on an edit that leaves them out, and audits a change with before and after', async () => {
    expect((await post(admin, `/api/admin/campaigns/${id}`, campaignBody('hours-st-johns'))).statusCode).toBe(200);
    expect((await get(admin, `/api/admin/campaigns/${id}`)).json().working_hours).toEqual(ST_JOHNS);

    const changed = { ...ST_JOHNS, weekly: [...ST_JOHNS.weekly.slice(0, 6), { open: '22:00', close: '06:00' }] };
    expect(
      (await post(admin, `/api/admin/campaigns/${id}`, campaignBody('hours-st-johns', { working_hours: changed })))
        .statusCode,
    ).toBe(200);
    const audit = await auditOf(id);
    expect(audit.map((row) => row.action)).toEqual(['campaign.create', 'campaign.edit', 'campaign.edit']);
    const last = audit.at(-1)?.details as {
      before: { working_hours: WorkingHours };
      after: { working_hours: WorkingHours };
    };
    expect(last.before.working_hours).toEqual(ST_JOHNS);
    expect(last.after.working_hours).toEqual(changed);
  });

  it('refuses hostile hours with the field named, changing nothing', async () => {
    const before = (await get(admin, `/api/admin/campaigns/${id}`)).json();
    const refused = async (hours: unknown, field: string) => {
      const response = await post(
        admin,
        `/api/admin/campaigns/${id}`,
        campaignBody('hours-st-johns', { working_hours: hours }),
      );
      expect(response.statusCode, response.body).toBe(400);
      expect(Object.keys(response.json().error.fields)).toContain(field);
    };
    await refused({ ...ST_JOHNS, time_zone: 'Europe/Paris' }, 'working_hours.time_zone');
    await refused({ ...ST_JOHNS, weekly: ST_JOHNS.weekly.slice(0, 6) }, 'working_hours.weekly');
    await refused(
      { ...ST_JOHNS, holidays: [{ date: '2026-07-01', name: 'Canada\u0000Day' }] },
      'working_hours.holidays.0.name',
    );
    await refused({ ...ST_JOHNS, holidays: [{ date: '2026-02-29', name: null }] }, 'working_hours.holidays.0.date');
    const many = Array.from({ length: 5000 }, (_, day) => ({
      date: new Date(Date.UTC(2026, 0, 1 + day)).toISOString().slice(0, 10),
      name: null,
    }));
    await refused({ ...ST_JOHNS, holidays: many }, 'working_hours.holidays');
    expect((await get(admin, `/api/admin/campaigns/${id}`)).json()).toEqual(before);
  });

  it('50 identical edits at once leave one set of hours', async () => {
    const hours = { ...ST_JOHNS, time_zone: 'America/Halifax' };
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        post(admin, `/api/admin/campaigns/${id}`, campaignBody('hours-st-johns', { working_hours: hours })),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(50).fill(200));
    expect((await get(admin, `/api/admin/campaigns/${id}`)).json().working_hours).toEqual(hours);
  });

  it('every list answers the same hours: campaigns, the team schedule and the administration table', async () => {
    const demoHours = (name: string, campaigns: { name: string; working_hours: WorkingHours }[]) =>
      campaigns.find((campaign) => campaign.name === name)?.working_hours;
    const listed = (await get(admin, '/api/dashboards/campaigns')).json();
    expect(demoHours('Maple Telecom Retention', listed)?.time_zone).toBe('America/St_Johns');
    const schedule = (
      await get(
        admin,
        '/api/schedules/get_all_campaigns?start_period=2030-01-01T00:00:00Z&end_period=2030-01-02T00:00:00Z',
      )
    ).json();
    expect(demoHours('Maple Telecom Retention', schedule)).toEqual(demoHours('Maple Telecom Retention', listed));
    const table = (
      await get(
        admin,
        `/api/tables/admin_campaigns?${new URLSearchParams({ chosenValues: JSON.stringify({ search: 'Maple Telecom Retention' }) })}`,
      )
    ).json();
    const row = table.items.find((item: { name: string }) => item.name === 'Maple Telecom Retention');
    expect(row?.work_window).toMatch(/^Mon–Fri 09:30–17:30 \(St Johns\)/);
    expect(row).not.toHaveProperty('working_hours');
  });
});

describe('simulated traffic follows the shared rule', () => {
  it("brings calls only while the campaign is open, on both sides of St John's spring change", () => {
    const hours: WorkingHours = { ...ST_JOHNS, holidays: [] };
    // Saturday 7 March (NST, UTC−3:30) and Monday 9 March (NDT, UTC−2:30); Sunday 8 March is closed.
    for (const day of ['2026-03-07', '2026-03-08', '2026-03-09']) {
      const dayStart = Date.parse(`${day}T00:00:00Z`) / 1000;
      const arrivals = dailyArrivals(hours, dayStart, 400, dayStart + 86_400, createRandom(7));
      for (const time of arrivals) expect(isOpenAt(hours, time * 1000), new Date(time * 1000).toISOString()).toBe(true);
      if (day === '2026-03-08') expect(arrivals.filter((time) => time >= dayStart + 6 * 3600)).toEqual([]);
      else expect(arrivals.length).toBeGreaterThan(100);
    }
    // Monday opens at 09:00 NDT, 11:30 UTC: the first quarter hour after that has calls, none before.
    const monday = Date.parse('2026-03-09T00:00:00Z') / 1000;
    const arrivals = dailyArrivals(hours, monday, 2000, monday + 86_400, createRandom(3));
    expect(Math.min(...arrivals)).toBeGreaterThanOrEqual(Date.parse('2026-03-09T11:30:00Z') / 1000);
    expect(Math.min(...arrivals)).toBeLessThan(Date.parse('2026-03-09T12:00:00Z') / 1000);
  });
});

describe('the migration', () => {
  let database: Awaited<ReturnType<typeof openDatabase>>;
  let dataDir = '';
  afterAll(async () => {
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('turns each UTC window into the same local hours every day in Toronto (standard time); none is all day', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'shiftline-hours-'));
    database = await openDatabase({ databaseUrl: null, dataDir });
    const db = database.db as never;
    const names = Object.keys(migrations).sort();
    const at = names.indexOf('20261129_0030_working_hours');
    for (const name of names.slice(0, at)) await migrations[name]?.up(db);
    await sql`INSERT INTO campaigns (name, unique_name, type, start_work_time, end_work_time) VALUES
      ('Day', 'day', 'inbound', '14:00', '22:00'),
      ('Night', 'night', 'inbound', '23:00', '05:00'),
      ('Equal', 'equal', 'inbound', '10:00', '10:00'),
      ('None', 'none', 'outbound', NULL, NULL)`.execute(db);
    await migrations['20261129_0030_working_hours']?.up(db);
    const rows = await database.db
      .selectFrom('campaigns')
      .select(['unique_name', 'time_zone', 'working_hours', 'holidays'])
      .orderBy('id')
      .execute();
    const allDay = { open: '00:00', close: '24:00' };
    expect(rows).toEqual([
      {
        unique_name: 'day',
        time_zone: 'America/Toronto',
        working_hours: Array(7).fill({ open: '09:00', close: '17:00' }),
        holidays: [],
      },
      {
        unique_name: 'night',
        time_zone: 'America/Toronto',
        working_hours: Array(7).fill({ open: '18:00', close: '24:00' }),
        holidays: [],
      },
      { unique_name: 'equal', time_zone: 'America/Toronto', working_hours: Array(7).fill(allDay), holidays: [] },
      { unique_name: 'none', time_zone: 'America/Toronto', working_hours: Array(7).fill(allDay), holidays: [] },
    ]);
  });
});
