import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldRollupBacklog } from '../src/rollups/index.js';
import { signedInRequests } from './support/requests.js';
import { createTestUser, demoEmail, login, startTestApp, type TestApp } from './support/testApp.js';

// The live engine queues what ends for the rollups; folding adds each queued call and state exactly once, however
// many folders run at once, and a dashboard read folds first, so it counts a call that ended just before it.

let clock = Date.parse('2030-05-06T14:00:00Z');
let t: TestApp;
const { post } = signedInRequests(() => t);

beforeAll(async () => {
  t = await startTestApp({}, { now: () => clock });
});
afterAll(() => t.close());

const agentOf = (id: number) => ({ id, role: 'agent' as const, agent_call_type: null });

/** Calls of the campaign that have ended, and their talk, counted from the raw rows and from the campaign rollup. */
async function rawAndRolled(campaignId: number) {
  const raw = await sql<{ calls: number; talk: number }>`
    SELECT count(*)::int AS calls, coalesce(sum(talk_seconds), 0)::int AS talk
    FROM calls WHERE campaign_id = ${campaignId} AND ended_at IS NOT NULL`.execute(t.database.db);
  const rolled = await sql<{ calls: number; talk: number }>`
    SELECT coalesce(sum(all_calls), 0)::int AS calls, coalesce(sum(talk_seconds), 0)::int AS talk
    FROM campaign_call_rollups WHERE campaign_id = ${campaignId} AND alignment = 0`.execute(t.database.db);
  return { raw: raw.rows[0], rolled: rolled.rows[0] };
}

async function onCallSeconds(userId: number) {
  const raw = await sql<{ seconds: number }>`
    SELECT coalesce(sum(extract(epoch FROM end_at - start_at)), 0)::int AS seconds
    FROM agent_state_log WHERE user_id = ${userId} AND state = 'on_call' AND end_at IS NOT NULL`.execute(t.database.db);
  const rolled = await sql<{ seconds: number }>`
    SELECT coalesce(sum(on_call), 0)::int AS seconds FROM agent_productivity_rollups
    WHERE user_id = ${userId} AND grain = 0 AND alignment = 0`.execute(t.database.db);
  return { raw: raw.rows[0]?.seconds, rolled: rolled.rows[0]?.seconds };
}

describe('the rollup backlog', () => {
  it('adds each ended call and closed state once under 20 concurrent folds', async () => {
    const campaign = await t.database.db
      .insertInto('campaigns')
      .values({ name: 'Backlog', unique_name: 'backlog', type: 'inbound' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const agentId = await createTestUser(t.database, {
      email: 'backlog.agent@test.local',
      timezone: 'America/St_Johns',
    });
    await t.database.db.insertInto('campaign_agents').values({ campaign_id: campaign.id, user_id: agentId }).execute();
    const { engine } = t.app.live;
    await foldRollupBacklog(t.database.db);

    await engine.setStatus(agentOf(agentId), { status_name: 'ready' });
    for (let index = 0; index < 12; index += 1) {
      const call = await engine.arrive({ campaignId: campaign.id, callerPhone: `+1416555${1000 + index}` });
      clock += 2_000;
      await engine.flow(agentOf(agentId), Number(call.id), 'talk');
      clock += 30_000 + index * 1_000;
      await engine.callerHungUp(call.id);
      clock += 5_000;
      await engine.setStatus(agentOf(agentId), { status_name: 'ready', call_id: Number(call.id) });
    }
    const queued = await t.database.db
      .selectFrom('rollup_backlog')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    // 12 calls, and per call the ringing, on-call, after-call and ready states closed (the last ready stays open).
    expect(queued.n).toBe(12 + 12 * 4);
    expect((await rawAndRolled(campaign.id)).rolled).toEqual({ calls: 0, talk: 0 });

    const folded = await Promise.all(Array.from({ length: 20 }, () => foldRollupBacklog(t.database.db)));
    expect(folded.reduce((sum, count) => sum + count, 0)).toBe(queued.n);
    const { raw, rolled } = await rawAndRolled(campaign.id);
    expect(raw).toEqual({ calls: 12, talk: 12 * 30 + 66 });
    expect(rolled).toEqual(raw);
    const seconds = await onCallSeconds(agentId);
    expect(seconds.rolled).toBe(seconds.raw);
    expect(seconds.raw).toBe(12 * 30 + 66);
    expect(await foldRollupBacklog(t.database.db)).toBe(0);
  });

  it('is folded by a dashboard read: a call that just ended counts at once', async () => {
    const admin = await login(t.app, demoEmail('administrator'));
    const campaign = await t.database.db
      .selectFrom('campaigns')
      .select('id')
      .where('type', '=', 'inbound')
      .where('archived', '=', false)
      .where('active', '=', true)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const agentId = await createTestUser(t.database, {
      email: 'backlog.reader@test.local',
      timezone: 'America/Toronto',
    });
    await t.database.db.insertInto('campaign_agents').values({ campaign_id: campaign.id, user_id: agentId }).execute();
    const { engine } = t.app.live;
    const day = { start: Math.floor(clock / 1000) - 3600, end: Math.floor(clock / 1000) + 7200 };
    const records = async () =>
      (
        await post(admin, '/api/dashboards/records-for-campaigns', {
          ...day,
          timezone: 'America/St_Johns',
          campaignType: 'inbound',
          campaigns: [campaign.id],
        })
      ).json();
    const before = await records();

    await engine.setStatus(agentOf(agentId), { status_name: 'ready' });
    const call = await engine.arrive({ campaignId: campaign.id, callerPhone: '+14165559999' });
    clock += 1_000;
    await engine.flow(agentOf(agentId), Number(call.id), 'talk');
    clock += 61_000;
    await engine.callerHungUp(call.id);
    await engine.setStatus(agentOf(agentId), { status_name: 'ready', call_id: Number(call.id) });

    const after = await records();
    expect(after.totals.callsMade - before.totals.callsMade).toBe(1);
  });
});
