import { COUNTED_STATE_IDS, isOpenAt, ROLLUP_GRAIN, type WorkingHours } from '@shiftline/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { windowPosition } from '../src/db/demo/history/arrivals.js';
import { FULL_HISTORY_LOAD } from '../src/db/demo/history/generateHistory.js';
import type { SimulatedTelephony } from '../src/features/calls/index.js';
import { foldRollupBacklog } from '../src/rollups/index.js';
import { createSimulator, type Simulator } from '../src/simulator/index.js';
import { PERSON_IDLE_SECONDS } from '../src/simulator/peopleCallers.js';
import { createTestUser, demoEmail, startTestApp, type TestApp } from './support/testApp.js';

// A Monday, on a pinned clock the simulator moves: the engine and the simulator read the same instant.
const HOUR_START = Date.parse('2030-03-04T14:00:00Z');
let clock = HOUR_START;
const at = (time: string) => new Date(`2030-03-04T${time}:00Z`);

let t: TestApp;
let simulator: Simulator;
let person: { id: number; role: 'agent'; agent_call_type: null };
/** Local hours in St John's (UTC−3:30 on this March day): 08:30 there is 12:00 UTC. */
const campaigns: Record<'main' | 'short' | 'sales' | 'quiet', { id: number; open: string; close: string }> = {
  main: { id: 0, open: '08:30', close: '16:30' },
  // Nobody is scheduled on it, so history's traffic brings it nothing: its calls are the person's own callers.
  quiet: { id: 0, open: '08:30', close: '16:30' },
  // Closes half way through the simulated hour (11:00 St John's is 14:30 UTC): no call may arrive after it.
  short: { id: 0, open: '09:30', close: '11:00' },
  sales: { id: 0, open: '08:30', close: '16:30' },
};
const hoursOf = (campaign: { open: string; close: string }): WorkingHours => ({
  time_zone: 'America/St_Johns',
  weekly: Array(7).fill({ open: campaign.open, close: campaign.close }),
  holidays: [],
});
const agents: Record<string, number> = {};
const problems: string[] = [];

async function newCampaign(key: keyof typeof campaigns, type: 'inbound' | 'outbound') {
  const row = await t.database.db
    .insertInto('campaigns')
    .values({
      name: `Simulated ${key}`,
      unique_name: `simulated_${key}`,
      type,
      time_zone: 'America/St_Johns',
      working_hours: JSON.stringify(hoursOf(campaigns[key]).weekly),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  campaigns[key].id = row.id;
}

/** A generated agent (not a demo sign-in) on these campaigns with one approved shift and its breaks. */
async function newAgent(
  name: string,
  on: (keyof typeof campaigns)[],
  shift: [Date, Date],
  breaks: { type: 'break' | 'lunch'; start: string; end: string }[] = [],
  callType: 'inbound' | 'outbound' | null = null,
) {
  const id = await createTestUser(t.database, { email: `${name}@sim.test`, timezone: 'America/Toronto' });
  if (callType)
    await t.database.db.updateTable('users').set({ agent_call_type: callType }).where('id', '=', id).execute();
  await t.database.db
    .insertInto('campaign_agents')
    .values(on.map((key) => ({ campaign_id: campaigns[key].id, user_id: id })))
    .execute();
  const row = await t.database.db
    .insertInto('shifts')
    .values({ user_id: id, status: 'approved', start_at: shift[0], end_at: shift[1], notes: null, reason: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (breaks.length > 0) {
    await t.database.db
      .insertInto('shift_breaks')
      .values(breaks.map((b) => ({ shift_id: row.id, type: b.type, start_at: at(b.start), end_at: at(b.end) })))
      .execute();
  }
  agents[name] = id;
}

/** Checked every simulated minute: no agent holds two live calls, no call is with two agents. */
async function checkLiveCalls(minute: number) {
  const doubled = await t.database.db
    .selectFrom('calls')
    .select(['agent_id', sql<number>`count(*)::int`.as('calls')])
    .where('status', 'in', ['offered', 'talking', 'on_hold', 'after_call'])
    .groupBy('agent_id')
    .having(sql`count(*)`, '>', 1)
    .execute();
  if (doubled.length > 0) problems.push(`minute ${minute}: ${JSON.stringify(doubled)}`);
}

/**
 * The person (agent@) answers what rings for them and closes their after-call form; the simulated caller hangs up.
 * They look at their phone every 15 s (an offer rings for 20 s), when the network has signalled something for them.
 */
const signalled = new Set<number>();
async function personWorks(someone: typeof person) {
  if (!signalled.delete(someone.id)) return;
  const { status, call_id } = await t.app.live.engine.statusInfo(someone);
  if (status.name === 'ringing' && call_id !== null) await t.app.live.engine.flow(someone, call_id, 'talk');
  if (status.name === 'after_call_work' && call_id !== null) {
    await t.app.live.engine.setStatus(someone, { status_name: 'ready', call_id });
  }
  // A call that rang out put them in automatic not-ready: back to ready.
  if (status.name === 'not_ready_automatic') await t.app.live.engine.setStatus(someone, { status_name: 'ready' });
}
/** A second person, alone on the quiet campaign, with no shift: only the callers the simulator sends people reach them. */
let quietPerson: typeof person;

beforeAll(async () => {
  t = await startTestApp({}, { now: () => clock });
  await newCampaign('main', 'inbound');
  await newCampaign('short', 'inbound');
  await newCampaign('sales', 'outbound');
  await newCampaign('quiet', 'inbound');
  for (let index = 1; index <= 5; index += 1)
    await newAgent(`steady${index}`, ['main', 'short'], [at('09:00'), at('17:00')]);
  await newAgent('breaker', ['main'], [at('10:00'), at('18:00')], [{ type: 'break', start: '14:10', end: '14:25' }]);
  await newAgent(
    'luncher',
    ['main', 'short'],
    [at('10:00'), at('18:00')],
    [{ type: 'lunch', start: '14:35', end: '15:05' }],
  );
  await newAgent('late', ['main'], [at('14:20'), at('22:20')]);
  await newAgent('early', ['main', 'short'], [at('06:40'), at('14:40')]);
  await newAgent('dialler', ['sales'], [at('12:00'), at('20:00')], [], 'outbound');
  await newAgent('tomorrow', ['main'], [new Date('2030-03-05T09:00:00Z'), new Date('2030-03-05T17:00:00Z')]);

  // The demo's agent account is a person: simulated callers reach them too, and wait for them.
  const personId = (
    await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', demoEmail('agent'))
      .executeTakeFirstOrThrow()
  ).id;
  person = { id: personId, role: 'agent', agent_call_type: null };
  await t.database.db
    .insertInto('campaign_agents')
    .values({ campaign_id: campaigns.main.id, user_id: personId })
    .execute();

  quietPerson = {
    id: await createTestUser(t.database, { email: 'quiet.person@sim.test', timezone: 'America/St_Johns' }),
    role: 'agent',
    agent_call_type: null,
  };
  await t.database.db
    .insertInto('campaign_agents')
    .values({ campaign_id: campaigns.quiet.id, user_id: quietPerson.id })
    .execute();

  simulator = createSimulator({
    database: t.database,
    live: t.app.live,
    log: {
      debug: () => undefined,
      info: () => undefined,
      warn: (object, message) => {
        problems.push(`${message} ${JSON.stringify(object)}`);
      },
    },
    seed: 7,
    load: FULL_HISTORY_LOAD,
    now: () => clock,
    sweepEveryMs: 15_000,
    peopleCheckMs: 15_000,
  });
  const summary = await simulator.prepare();
  expect(summary.agents).toBe(9);
  const telephony = t.app.live.telephony as SimulatedTelephony;
  const peoplesCalls = new Map<string, number>();
  telephony.on('ring', (callId: string, agentId: number) => {
    if (agentId !== person.id && agentId !== quietPerson.id) return;
    peoplesCalls.set(callId, agentId);
    signalled.add(agentId);
  });
  telephony.on('release', (callId: string) => {
    const agentId = peoplesCalls.get(callId);
    if (agentId !== undefined) signalled.add(agentId);
  });
  await t.app.live.engine.setStatus(person, { status_name: 'ready' });
  await t.app.live.engine.setStatus(quietPerson, { status_name: 'ready' });
  // The person looks at their phone every 15 s (an offer rings for 20 s); the floor is checked every minute.
  for (let step = 1; step <= 240; step += 1) {
    await simulator.runUntil(HOUR_START + step * 15_000, (instant) => {
      clock = instant;
    });
    await personWorks(person);
    await personWorks(quietPerson);
    if (step % 4 === 0) await checkLiveCalls(step / 4);
  }
}, 120_000);

afterAll(async () => {
  await simulator?.stop();
  await t?.close();
});

const calls = () =>
  t.database.db
    .selectFrom('calls')
    .selectAll()
    .where('campaign_id', 'in', [campaigns.main.id, campaigns.short.id, campaigns.sales.id, campaigns.quiet.id])
    .orderBy('id')
    .execute();
const seconds = (from: Date | null, to: Date | null) =>
  from && to ? Math.round((new Date(to).getTime() - new Date(from).getTime()) / 1000) : null;

describe('the simulated centre, an hour on a pinned clock', () => {
  it('ran without a refused move going unhandled, and never gave an agent two live calls', () => {
    expect(problems).toEqual([]);
  });

  it('brings calls only inside the campaigns working windows, with the hourly shape of history', async () => {
    const rows = await calls();
    expect(rows.length).toBeGreaterThan(40);
    for (const row of rows) {
      const campaign = Object.values(campaigns).find((c) => c.id === row.campaign_id);
      const hours = hoursOf(campaign ?? campaigns.main);
      expect(isOpenAt(hours, new Date(row.queued_at).getTime()), `call ${row.id}`).toBe(true);
      expect(windowPosition(hours, new Date(row.queued_at).getTime() / 1000), `call ${row.id}`).not.toBeNull();
      expect(row.direction).toBe('inbound');
      expect(row.campaign_id).not.toBe(campaigns.sales.id);
    }
    const short = rows.filter((row) => row.campaign_id === campaigns.short.id);
    expect(short.length).toBeGreaterThan(0);
    expect(short.every((row) => new Date(row.queued_at) < at('14:30'))).toBe(true);
  });

  it('ends calls with consistent agent, queue, talk and hold figures', async () => {
    const rows = await calls();
    const ended = rows.filter((row) => row.status === 'ended');
    const abandoned = rows.filter((row) => row.status === 'abandoned');
    expect(ended.length).toBeGreaterThan(20);
    for (const row of ended) {
      expect(row.agent_id, `call ${row.id}`).not.toBeNull();
      expect(row.answered_at).not.toBeNull();
      expect(row.ended_at).toEqual(row.hung_up_at);
      expect(Math.abs((seconds(row.queued_at, row.answered_at) as number) - row.queue_seconds)).toBeLessThanOrEqual(1);
      const line = seconds(row.answered_at, row.hung_up_at) as number;
      expect(Math.abs(line - row.talk_seconds - row.hold_seconds), `call ${row.id}`).toBeLessThanOrEqual(1);
      expect(row.talk_seconds).toBeGreaterThan(0);
      // The simulated agents choose a disposition on every call they talk on (the people here do not).
      if (row.agent_id !== person.id && row.agent_id !== quietPerson.id)
        expect(row.disposition_id, `call ${row.id}`).not.toBeNull();
    }
    for (const row of abandoned) {
      expect(row.answered_at).toBeNull();
      expect(row.talk_seconds).toBe(0);
      expect(row.abandoned).toBe(true);
      expect(Math.abs((seconds(row.queued_at, row.ended_at) as number) - row.queue_seconds)).toBeLessThanOrEqual(1);
    }
    // Some calls were held, and the simulated agents handed the line back by both ends.
    expect(ended.some((row) => row.hold_seconds > 0)).toBe(true);
    expect(ended.some((row) => !row.agent_disconnected)).toBe(true);
  });

  it('lets a person take simulated calls: the caller hangs up after talking', async () => {
    const theirs = (await calls()).filter((row) => row.agent_id === person.id && row.answered_at !== null);
    expect(theirs.length).toBeGreaterThan(0);
    const hungUp = theirs.filter((row) => row.hung_up_at !== null);
    expect(hungUp.length).toBeGreaterThan(0);
    expect(hungUp.every((row) => !row.agent_disconnected && row.talk_seconds > 0)).toBe(true);
  });

  it('sends a person idle in Ready a caller of their own, even on a campaign history brings nothing', async () => {
    const quiet = (await calls()).filter((row) => row.campaign_id === campaigns.quiet.id);
    expect(quiet.length).toBeGreaterThan(10);
    expect(quiet.every((row) => row.agent_id === quietPerson.id || row.status === 'abandoned')).toBe(true);
    const answered = quiet.filter((row) => row.answered_at !== null);
    expect(answered.length).toBeGreaterThan(10);
    // Each caller came after the person had been idle in Ready for PERSON_IDLE_SECONDS (checked every 15 s here).
    const readySpells = await t.database.db
      .selectFrom('agent_state_log')
      .select(['start_at', 'end_at'])
      .where('user_id', '=', quietPerson.id)
      .where('state', '=', 'ready')
      .execute();
    for (const row of quiet) {
      const queued = new Date(row.queued_at).getTime();
      const spell = readySpells.find(
        (ready) => ready.start_at.getTime() <= queued && (ready.end_at === null || ready.end_at.getTime() >= queued),
      );
      expect(spell, `call ${row.id}`).toBeDefined();
      expect(queued - (spell?.start_at.getTime() ?? 0)).toBeGreaterThanOrEqual(PERSON_IDLE_SECONDS * 1000);
    }
  });

  it('keeps each agent in one state at a time, one call at a time, and follows the shifts and breaks', async () => {
    const states = await t.database.db
      .selectFrom('agent_state_log')
      .select(['user_id', 'state', 'start_at', 'end_at', 'call_id'])
      .where('user_id', 'in', Object.values(agents))
      .orderBy('user_id')
      .orderBy('start_at')
      .orderBy('id')
      .execute();
    const byUser = new Map<number, typeof states>();
    for (const row of states) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
    for (const [userId, rows] of byUser) {
      expect(rows.filter((row) => row.end_at === null).length, `user ${userId}`).toBeLessThanOrEqual(1);
      const seen = new Set<string>();
      let current: string | null = null;
      rows.forEach((row, index) => {
        const next = rows[index + 1];
        if (next) expect(row.end_at?.getTime(), `user ${userId}`).toBe(next.start_at.getTime());
        if (row.call_id !== null && row.call_id !== current) {
          // A call's states are one stretch: an agent never goes back to an earlier call.
          expect(seen.has(String(row.call_id)), `user ${userId} call ${row.call_id}`).toBe(false);
          seen.add(String(row.call_id));
        }
        current = row.call_id === null ? current : String(row.call_id);
      });
    }
    const first = (name: string, state: string) =>
      (byUser.get(agents[name] as number) ?? []).find((row) => row.state === state);
    expect(byUser.get(agents.tomorrow as number)).toBeUndefined();
    const late = byUser.get(agents.late as number) ?? [];
    expect(late[0]?.start_at.getTime()).toBeGreaterThanOrEqual(at('14:19').getTime());
    const breakRow = first('breaker', 'break');
    expect(breakRow?.start_at.getTime()).toBeGreaterThanOrEqual(at('14:09').getTime());
    expect(breakRow?.end_at?.getTime()).toBeLessThan(at('14:35').getTime());
    expect(first('luncher', 'lunch')).toBeDefined();
    expect((byUser.get(agents.early as number) ?? []).at(-1)?.state).toBe('logged_out');
    expect(first('dialler', 'outbound_sales_calls')).toBeDefined();
    expect(first('dialler', 'ready')).toBeUndefined();
  });

  it('keeps the rollups equal to sums over the raw calls and states', async () => {
    await foldRollupBacklog(t.database.db);
    const raw = await sql<{
      bucket: Date;
      campaign_id: number;
      all: number;
      taken: number;
      abandoned: number;
      missed: number;
      talk: number;
      queue: number;
      billed: number;
    }>`
      SELECT date_trunc('hour', queued_at, 'UTC') AS bucket, campaign_id, count(*)::int AS all,
        count(*) FILTER (WHERE answered_at IS NOT NULL)::int AS taken, count(*) FILTER (WHERE abandoned)::int AS abandoned,
        count(*) FILTER (WHERE missed)::int AS missed,
        coalesce(sum(talk_seconds) FILTER (WHERE answered_at IS NOT NULL), 0)::int AS talk,
        coalesce(sum(queue_seconds), 0)::int AS queue, coalesce(sum(billed_seconds) FILTER (WHERE billed), 0)::int AS billed
      FROM calls WHERE ended_at IS NOT NULL GROUP BY 1, 2 ORDER BY 2, 1`.execute(t.database.db);
    const rolled = await sql<(typeof raw.rows)[number]>`
      SELECT bucket_start AS bucket, campaign_id, all_calls::int AS all, taken_calls::int AS taken,
        abandoned_calls::int AS abandoned, missed_calls::int AS missed, talk_seconds::int AS talk,
        queue_seconds::int AS queue, billed_seconds::int AS billed
      FROM campaign_call_rollups WHERE alignment = 0 AND all_calls > 0 ORDER BY 2, 1`.execute(t.database.db);
    expect(raw.rows.length).toBeGreaterThan(0);
    expect(rolled.rows).toEqual(raw.rows);

    const capped = sql`least(greatest(round(extract(epoch FROM end_at - start_at)), 0), 3600)`;
    const states = await sql<{ user_id: number; state: string; seconds: number }>`
      SELECT user_id, state, sum(${capped})::int AS seconds FROM agent_state_log
      WHERE end_at IS NOT NULL AND state IN (${sql.join(COUNTED_STATE_IDS.map((id) => sql.lit(id)))})
      GROUP BY 1, 2 HAVING sum(${capped}) > 0 ORDER BY 1, 2`.execute(t.database.db);
    const productivity = await sql<{ user_id: number; state: string; seconds: number }>`
      SELECT user_id, s.state, sum(s.seconds)::int AS seconds
      FROM agent_productivity_rollups r CROSS JOIN LATERAL (VALUES ${sql.join(
        COUNTED_STATE_IDS.map((id) => sql`(${sql.lit(id)}, r.${sql.ref(id)})`),
      )}) AS s(state, seconds)
      WHERE r.grain = ${ROLLUP_GRAIN.hour} AND r.alignment = 0
      GROUP BY 1, 2 HAVING sum(s.seconds) > 0 ORDER BY 1, 2`.execute(t.database.db);
    expect(states.rows.length).toBeGreaterThan(20);
    expect(productivity.rows).toEqual(states.rows);
  });
});
