import { expect } from 'vitest';
import { addStatesToRollups } from '../../src/rollups/index.js';
import { signedInRequests } from '../support/requests.js';
import { createTestUser, demoEmail, login, type Session, type TestApp } from '../support/testApp.js';

/*
 * A hand-built work-time data set in January 2030 (Toronto, UTC-5; nothing else is generated then), on fresh agents:
 *
 * A (group WT-1), 2030-01-15, UTC:
 *   12:00 logged_out · session 1: 14:00 on_call 1800 (X) · 14:30 ready 1800 (X) · 15:00 break 900 · 15:15
 *   after_call_work 600 (X) · 15:25 logged_out · session 2: 18:00 ready 1200 (X) · 18:20 meeting 1200 · 18:40 logged
 *   out (open). Breakdown of the day: On Call 1800, After Work 600, Ready Time 3000, Meeting 1200, Breaks 900 = 7500
 *   (X 5400, no campaign 2100). Sessions: 5100 s (Billable 2400, Productive 1800, Unproductive 900) and 2400 s.
 * B (group WT-2): 2030-01-15 16:00 on_call 3600 (X), 17:00 logged_out 1800; 2030-01-16 15:00 lunch 1800, 15:30
 *   logged out (open). Breakdown: 01-15 On Call 3600; 01-16 Meal 1800.
 * C (group WT-2): eleven one-hour Ready sessions, 2030-01-01 … 2030-01-11 at 14:00 UTC, each followed by logged out.
 */

export const TORONTO = 'America/Toronto';
/** The tests' clock: after the data set. */
export const NOW = Date.UTC(2030, 1, 1);
const at = (iso: string) => new Date(`${iso}Z`);
/** 2030-01-15 and 2030-01-16, Toronto days, in Unix seconds (both ends included). */
export const JAN_15_16 = { start: Date.UTC(2030, 0, 15, 5) / 1000, end: Date.UTC(2030, 0, 17, 5) / 1000 - 1 };
export const JANUARY = { start: Date.UTC(2030, 0, 1, 5) / 1000, end: Date.UTC(2030, 1, 1, 5) / 1000 - 1 };

export type WorkTimeSet = {
  admin: Session;
  scheduler: Session;
  teamLead: Session;
  client: Session;
  a: Session;
  b: Session;
  c: Session;
  campaignX: number;
  groups: [number, number];
  /** State row ids by name: 'a1' (A's first session), 'a2', 'aReady' (a row inside session 1), 'b1'… */
  ids: Record<string, string>;
};

type Row = { state: string; start: string; end: string | null; campaign?: number | null; name?: string };

async function addRows(t: TestApp, userId: number, rows: Row[], ids: Record<string, string>) {
  const inserted = await t.database.db
    .insertInto('agent_state_log')
    .values(
      rows.map((row) => ({
        user_id: userId,
        state: row.state,
        start_at: at(row.start),
        end_at: row.end === null ? null : at(row.end),
        campaign_id: row.campaign ?? null,
      })),
    )
    .returning(['id', 'end_at'])
    .execute();
  rows.forEach((row, index) => {
    if (row.name) ids[row.name] = String(inserted[index]?.id);
  });
  await addStatesToRollups(
    t.database.db,
    inserted.filter((row) => row.end_at !== null).map((row) => row.id),
  );
}

export async function seedWorkTime(t: TestApp): Promise<WorkTimeSet> {
  const { db } = t.database;
  const groups = await db
    .insertInto('agent_groups')
    .values([{ name: 'WT-1' }, { name: 'WT-2' }])
    .returning('id')
    .execute();
  const group = (index: number) => groups[index]?.id as number;
  const newAgent = async (email: string, groupId: number) => {
    const id = await createTestUser(t.database, { email, timezone: TORONTO });
    await db.updateTable('users').set({ agent_group_id: groupId }).where('id', '=', id).execute();
    return login(t.app, email);
  };
  const a = await newAgent('wt-a@shiftline.test', group(0));
  const b = await newAgent('wt-b@shiftline.test', group(1));
  const c = await newAgent('wt-c@shiftline.test', group(1));
  const campaignX = (await db.selectFrom('campaigns').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  const ids: Record<string, string> = {};
  await addRows(
    t,
    a.userId,
    [
      { state: 'logged_out', start: '2030-01-15T12:00:00', end: '2030-01-15T14:00:00', name: 'aOut0' },
      { state: 'on_call', start: '2030-01-15T14:00:00', end: '2030-01-15T14:30:00', campaign: campaignX, name: 'a1' },
      { state: 'ready', start: '2030-01-15T14:30:00', end: '2030-01-15T15:00:00', campaign: campaignX, name: 'aReady' },
      { state: 'break', start: '2030-01-15T15:00:00', end: '2030-01-15T15:15:00' },
      { state: 'after_call_work', start: '2030-01-15T15:15:00', end: '2030-01-15T15:25:00', campaign: campaignX },
      { state: 'logged_out', start: '2030-01-15T15:25:00', end: '2030-01-15T18:00:00', name: 'aOut1' },
      { state: 'ready', start: '2030-01-15T18:00:00', end: '2030-01-15T18:20:00', campaign: campaignX, name: 'a2' },
      { state: 'meeting', start: '2030-01-15T18:20:00', end: '2030-01-15T18:40:00' },
      { state: 'logged_out', start: '2030-01-15T18:40:00', end: null },
    ],
    ids,
  );
  await addRows(
    t,
    b.userId,
    [
      { state: 'on_call', start: '2030-01-15T16:00:00', end: '2030-01-15T17:00:00', campaign: campaignX, name: 'b1' },
      { state: 'logged_out', start: '2030-01-15T17:00:00', end: '2030-01-16T15:00:00' },
      { state: 'lunch', start: '2030-01-16T15:00:00', end: '2030-01-16T15:30:00', name: 'b2' },
      { state: 'logged_out', start: '2030-01-16T15:30:00', end: null },
    ],
    ids,
  );
  const cRows: Row[] = [];
  for (let day = 1; day <= 11; day += 1) {
    const date = `2030-01-${String(day).padStart(2, '0')}`;
    const next = `2030-01-${String(day + 1).padStart(2, '0')}`;
    cRows.push({ state: 'ready', start: `${date}T14:00:00`, end: `${date}T15:00:00`, campaign: campaignX });
    cRows.push({ state: 'logged_out', start: `${date}T15:00:00`, end: day === 11 ? null : `${next}T14:00:00` });
  }
  await addRows(t, c.userId, cRows, ids);

  const staff = {
    admin: await login(t.app, demoEmail('administrator')),
    scheduler: await login(t.app, demoEmail('schedule_supervisor')),
    teamLead: await login(t.app, demoEmail('team_lead')),
    client: await login(t.app, demoEmail('company_supervisor')),
  };
  // Every viewer reads days in Toronto, as the data set is described.
  await db.updateTable('users').set({ timezone: TORONTO }).where('role', '!=', 'company_supervisor').execute();
  return { ...staff, a, b, c, campaignX, groups: [group(0), group(1)], ids };
}

/** GET a table page; the answer must be a 200. */
export function tableRequests(t: () => TestApp) {
  const { get, post } = signedInRequests(t);
  const url = (name: string, values: Record<string, unknown>, extra = '') =>
    `/api/tables/${name}?chosenValues=${encodeURIComponent(JSON.stringify(values))}${extra}`;
  return {
    get,
    post,
    raw: (session: Session, name: string, values: Record<string, unknown>, extra = '') =>
      get(session, url(name, values, extra)),
    page: async (session: Session, name: string, values: Record<string, unknown>, extra = '') => {
      const response = await get(session, url(name, values, extra));
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as {
        items: Record<string, unknown>[];
        headers: { value: string }[];
        totals: Record<string, number | null> | null;
        options: { totalCount: number; tableHeaderGroups: { text: string; colspan: number }[] };
        additionals_filters: { name: string; items?: { value: unknown }[] }[];
      };
    },
  };
}
