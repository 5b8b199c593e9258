import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { demoTrunkId } from '../src/features/trunks/index.js';
import type { SipCallerRequest } from '../src/simulator/index.js';
import { PERSON_CALLER_RETRY_SECONDS, PERSON_IDLE_SECONDS } from '../src/simulator/peopleCallers.js';
import { createSipPeopleSimulator } from '../src/simulator/sipPeople.js';
import { createTestUser, startTestApp, type TestApp } from './support/testApp.js';

// The simulator on real SIP (TELEPHONY=sip): who gets a caller, placed as a SIP call (a fake placer here; the real
// one is the launcher's demo callers, covered by the browser test in e2e/tests/softphone.test.ts).
const START = Date.parse('2030-03-04T15:00:00Z');
let clock = START;
let t: TestApp;
const placed: SipCallerRequest[] = [];
let simulator: ReturnType<typeof createSipPeopleSimulator>;
const NUMBER = '+18885559901';
let person: { id: number; role: 'agent'; agent_call_type: null };
let generated: { id: number; role: 'agent'; agent_call_type: null };
let elsewhere: { id: number; role: 'agent'; agent_call_type: null };

const runTo = (ms: number) =>
  simulator.runUntil(START + ms, (instant) => {
    clock = instant;
  });
const status = async (agent: typeof person) => (await t.app.live.engine.statusInfo(agent)).status.name;

beforeAll(async () => {
  t = await startTestApp({}, { now: () => clock });
  const { db } = t.database;
  const campaign = await db
    .insertInto('campaigns')
    .values({
      name: 'SIP demo',
      unique_name: 'sip_demo',
      type: 'inbound',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('campaign_numbers')
    .values({ phone: NUMBER, campaign_id: campaign.id, trunk_id: await demoTrunkId(db) })
    .execute();
  const agentOn = async (email: string) => {
    const id = await createTestUser(t.database, { email, timezone: 'America/Toronto' });
    await db.insertInto('campaign_agents').values({ campaign_id: campaign.id, user_id: id }).execute();
    return { id, role: 'agent' as const, agent_call_type: null };
  };
  person = await agentOn('person@sip.test');
  generated = await agentOn('generated@sip.test');
  // Ready, but on no inbound campaign: nothing to call them on.
  elsewhere = {
    id: await createTestUser(t.database, { email: 'nowhere@sip.test', timezone: 'UTC' }),
    role: 'agent',
    agent_call_type: null,
  };

  // A generated agent an earlier simulated run left Ready: they have no phone on real SIP.
  await t.app.live.engine.setStatus(generated, { status_name: 'ready' });
  expect(await status(generated)).toBe('ready');
  simulator = createSipPeopleSimulator({
    database: t.database,
    live: t.app.live,
    log: { debug: () => undefined, info: () => undefined, warn: () => undefined },
    now: () => clock,
    placeSipCaller: async (request) => {
      placed.push(request);
    },
  });
  await simulator.prepare();
  // Whoever goes Ready after the start is a person, whichever account they use.
  await t.app.live.engine.setStatus(person, { status_name: 'ready' });
  await t.app.live.engine.setStatus(elsewhere, { status_name: 'ready' });
  expect(await status(elsewhere)).toBe('ready');
}, 60_000);

afterAll(async () => {
  await simulator?.stop();
  await t?.close();
});

describe('people callers on real SIP', () => {
  it('signs the generated agents out at the start, so the router offers them nothing', async () => {
    expect(await status(generated)).toBe('logged_out');
    expect(simulator.agentIds()).toEqual([]);
  });

  it('sends a person idle in Ready for 10 s one caller on their campaign’s number, with a talk time', async () => {
    await runTo(PERSON_IDLE_SECONDS * 1000 - 1000);
    expect(placed).toEqual([]);
    await runTo(PERSON_IDLE_SECONDS * 1000 + 5000);
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({ number: NUMBER });
    expect(placed[0]?.caller).toMatch(/^\+\d{10,15}$/);
    expect(placed[0]?.talkSeconds).toBeGreaterThanOrEqual(6);
  });

  it('not twice in one Ready spell, unless the caller has not reached them after the retry time', async () => {
    // Checked every 5 s meanwhile: still the one caller.
    await runTo(PERSON_IDLE_SECONDS * 1000 + (PERSON_CALLER_RETRY_SECONDS - 2) * 1000);
    expect(placed).toHaveLength(1);
    // The fake network never rang them: after the retry time they get another.
    await runTo(PERSON_IDLE_SECONDS * 1000 + (PERSON_CALLER_RETRY_SECONDS + 5) * 1000);
    expect(placed).toHaveLength(2);
  });

  it('a new Ready spell starts afresh; nobody off Ready gets a caller', async () => {
    await t.app.live.engine.setStatus(person, { status_name: 'administrative' });
    const before = placed.length;
    const now = clock - START;
    await runTo(now + 20_000);
    expect(placed).toHaveLength(before);
    await t.app.live.engine.setStatus(person, { status_name: 'ready' });
    await runTo(now + 20_000 + PERSON_IDLE_SECONDS * 1000 + 5000);
    expect(placed).toHaveLength(before + 1);
    // The generated agent stayed out; the Ready person on no inbound campaign was never called.
    expect(await status(generated)).toBe('logged_out');
    expect(placed.every((request) => request.number === NUMBER)).toBe(true);
  });
});

describe('configuration of the demo on real SIP', () => {
  const sip = { TELEPHONY: 'sip', SIP_SHARED_SECRET: 'shared-secret-of-16+', SESSION_SECRET: 'x'.repeat(32) };
  it('runs the simulator with the launcher’s demo callers, off without them or with SIMULATE=false', () => {
    const withCallers = loadConfig({ ...sip, SIP_DEMO_CALLERS_URL: 'http://127.0.0.1:4000/callers' });
    expect(withCallers).toMatchObject({ simulate: true, demoCallersUrl: 'http://127.0.0.1:4000/callers' });
    expect(loadConfig(sip)).toMatchObject({ simulate: false, demoCallersUrl: null });
    expect(
      loadConfig({ ...sip, SIP_DEMO_CALLERS_URL: 'http://127.0.0.1:4000/callers', SIMULATE: 'false' }).simulate,
    ).toBe(false);
    expect(() => loadConfig({ ...sip, SIMULATE: 'true' })).toThrow(/SIP_DEMO_CALLERS_URL/);
    expect(() => loadConfig({ ...sip, SIP_DEMO_CALLERS_URL: 'ftp://x' })).toThrow(/SIP_DEMO_CALLERS_URL/);
    // Without TELEPHONY=sip the variable is not read.
    expect(loadConfig({ SESSION_SECRET: 'x'.repeat(32), SIP_DEMO_CALLERS_URL: 'http://127.0.0.1:1/c' })).toMatchObject({
      demoCallersUrl: null,
    });
  });
});
