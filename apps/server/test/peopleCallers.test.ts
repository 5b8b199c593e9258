import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hoursColumns } from '../src/features/campaigns/index.js';
import { callersToReach, idlePeople } from '../src/simulator/peopleCallers.js';
import { coldCallFixtures } from './coldCalls/fixtures.js';
import { startTestApp, type TestApp } from './support/testApp.js';

/*
 * The demo's callers for people trying it go only to campaigns open now (a closed one refuses the call): a person
 * Ready on an open and a closed campaign is sent callers on the open one; a person whose campaigns are all closed
 * gets none.
 */
let clock = Date.parse('2026-11-12T15:00:00Z');
let t: TestApp;
const f = coldCallFixtures(() => t);

beforeAll(async () => {
  t = await startTestApp({}, { now: () => clock });
});
afterAll(() => t.close());

describe('callers for idle people', () => {
  it('come only on the person’s campaigns open now', async () => {
    const open = await f.campaign({ type: 'inbound' });
    const closed = await f.campaign({ type: 'inbound' });
    const shut = { time_zone: 'America/Toronto', weekly: Array(7).fill(null), holidays: [] };
    await t.database.db.updateTable('campaigns').set(hoursColumns(shut)).where('id', '=', closed).execute();
    const both = await f.agent([open, closed]);
    const onlyClosed = await f.agent([closed]);
    for (const person of [both, onlyClosed]) {
      await t.database.db
        .updateTable('users')
        .set({ agent_call_type: 'inbound' })
        .where('id', '=', person.userId)
        .execute();
      const user = { id: person.userId, role: 'agent' as const, agent_call_type: 'inbound' as const };
      await t.app.live.engine.setStatus(user, { status_name: 'ready' });
    }
    clock += 60_000;
    const idle = await idlePeople(t.database, new Set(), new Date(clock - 10_000), new Date(clock));
    const mine = idle.filter((person) => [both.userId, onlyClosed.userId].includes(person.userId));
    expect(mine.map(({ userId, campaignIds }) => ({ userId, campaignIds }))).toEqual([
      { userId: both.userId, campaignIds: [open] },
    ]);
  });

  it('are enough to reach the person past the agents idle longer, under the unchanged routing rule', async () => {
    const busy = await f.campaign({ type: 'inbound' });
    const quiet = await f.campaign({ type: 'inbound' });
    const ready = async (campaigns: number[]) => {
      const session = await f.agent(campaigns);
      await t.database.db
        .updateTable('users')
        .set({ agent_call_type: 'inbound' })
        .where('id', '=', session.userId)
        .execute();
      await t.app.live.engine.setStatus(
        { id: session.userId, role: 'agent', agent_call_type: 'inbound' },
        { status_name: 'ready' },
      );
      clock += 1000;
      return session;
    };
    // Three agents idle longer on the busy campaign, one on the quiet one; then the person, on both.
    for (const campaigns of [[busy], [busy], [busy, quiet], [quiet]]) await ready(campaigns);
    const person = await ready([busy, quiet]);
    clock += 60_000;
    const [found] = (await idlePeople(t.database, new Set(), new Date(clock - 10_000), new Date(clock))).filter(
      (idle) => idle.userId === person.userId,
    );
    expect(found?.aheadOn).toEqual(
      new Map([
        [busy, 3],
        [quiet, 2],
      ]),
    );
    const reach = callersToReach(found as NonNullable<typeof found>);
    expect(reach).toEqual({ campaignId: quiet, callers: 3 });
    for (let sent = 0; sent < reach.callers; sent += 1) {
      await t.app.live.engine.arrive({ campaignId: reach.campaignId, callerPhone: `+1709555012${sent}` });
    }
    const status = await t.app.live.engine.statusInfo({ id: person.userId, role: 'agent', agent_call_type: 'inbound' });
    expect(status.status.name).toBe('ringing');
  });
});
