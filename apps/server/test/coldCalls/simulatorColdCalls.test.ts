import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../src/simulator/index.js';
import { createTestUser, startTestApp, type TestApp } from '../support/testApp.js';

// A Monday on a pinned clock the simulator moves (the engine reads the same instant).
const HOUR_START = Date.parse('2030-03-04T14:00:00Z');
let clock = HOUR_START;
let t: TestApp;
let simulator: Simulator;
let campaignId = 0;
const diallers: number[] = [];
const problems: string[] = [];

beforeAll(async () => {
  t = await startTestApp({}, { now: () => clock });
  const db = t.database.db;
  campaignId = (
    await db
      .insertInto('campaigns')
      .values({ name: 'Simulated leads', unique_name: 'simulated_leads', type: 'outbound' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  for (let index = 0; index < 300; index += 1) {
    const phone = `+1647555${String(2000 + index)}`;
    const client = await db
      .insertInto('clients')
      .values({ phone, first_name: 'Lead', last_name: String(index) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('cold_calls')
      .values({
        campaign_id: campaignId,
        client_id: client.id,
        phone,
        phone_valid: index % 10 !== 0,
        timezone: 'America/Toronto',
      })
      .execute();
  }
  for (const name of ['dialler1', 'dialler2']) {
    const id = await createTestUser(t.database, { email: `${name}@coldsim.test`, timezone: 'America/Toronto' });
    await db.updateTable('users').set({ agent_call_type: 'outbound' }).where('id', '=', id).execute();
    await db.insertInto('campaign_agents').values({ campaign_id: campaignId, user_id: id }).execute();
    await db
      .insertInto('shifts')
      .values({
        user_id: id,
        status: 'approved',
        start_at: new Date('2030-03-04T12:00:00Z'),
        end_at: new Date('2030-03-04T20:00:00Z'),
        notes: null,
        reason: null,
      })
      .execute();
    diallers.push(id);
  }
  simulator = createSimulator({
    database: t.database,
    live: t.app.live,
    log: {
      debug: () => undefined,
      info: () => undefined,
      warn: (object, message) => problems.push(`${message} ${JSON.stringify(object)}`),
    },
    seed: 11,
    now: () => clock,
    sweepEveryMs: 15_000,
    peopleCheckMs: false,
  });
  await simulator.prepare();
  for (let step = 1; step <= 240; step += 1) {
    await simulator.runUntil(HOUR_START + step * 15_000, (instant) => {
      clock = instant;
    });
  }
}, 120_000);

afterAll(async () => {
  await simulator?.stop();
  await t?.close();
});

describe('outbound agents in the simulated centre, an hour on a pinned clock', () => {
  it('dial valid leads of their campaign; about 40 % of the clients answer; every call ends as calls do', async () => {
    expect(problems).toEqual([]);
    const calls = await t.database.db
      .selectFrom('calls')
      .selectAll()
      .where('campaign_id', '=', campaignId)
      .orderBy('id')
      .execute();
    expect(calls.length).toBeGreaterThan(30);
    expect(calls.every((call) => call.direction === 'outbound' && call.cold_call)).toBe(true);
    expect(new Set(calls.map((call) => call.agent_id))).toEqual(new Set(diallers));
    const finished = calls.filter((call) => call.status === 'ended');
    // At most each agent's last call is still going when the hour ends.
    expect(calls.length - finished.length).toBeLessThanOrEqual(diallers.length);
    const answered = finished.filter((call) => call.answered_at !== null);
    const share = answered.length / finished.length;
    expect(share).toBeGreaterThan(0.2);
    expect(share).toBeLessThan(0.6);
    for (const call of finished) {
      if (call.answered_at === null) expect(call.end_reason, `call ${call.id}`).toBe('no_answer');
      else expect(call.talk_seconds, `call ${call.id}`).toBeGreaterThanOrEqual(20);
    }
    const dialled = await t.database.db
      .selectFrom('cold_calls')
      .select(['phone_valid', 'last_call_id'])
      .where('campaign_id', '=', campaignId)
      .where('last_call_id', 'is not', null)
      .execute();
    expect(dialled.length).toBe(calls.length);
    expect(dialled.every((lead) => lead.phone_valid)).toBe(true);
  });
});
