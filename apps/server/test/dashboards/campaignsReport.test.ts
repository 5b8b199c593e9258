import { sql } from 'kysely';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCallsToRollups } from '../../src/rollups/index.js';
import { signedInRequests } from '../support/requests.js';
import { demoEmail, login, type Session, startTestApp, type TestApp } from '../support/testApp.js';

// The campaigns report (spec §2.4) from the rollups equals sums over the raw calls, for local days that contain a
// clock change, in a whole-hour zone and in St. John's (UTC−3:30 / −2:30).

let t: TestApp;
let admin: Session;
let campaignId: number;
const { post } = signedInRequests(() => t);

beforeAll(async () => {
  t = await startTestApp({}, { now: () => Date.parse('2030-03-20T12:00:00Z') });
  admin = await login(t.app, demoEmail('administrator'));
  campaignId = (
    await t.database.db
      .insertInto('campaigns')
      .values({ name: 'Across the change', unique_name: 'across_the_change', type: 'inbound' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const agent = await t.database.db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'agent')
    .executeTakeFirstOrThrow();
  // A call every 37 minutes from 2030-03-09 00:00 UTC for three days (clocks change on 2030-03-10 in both zones).
  const calls = Array.from({ length: (3 * 24 * 60) / 37 }, (_, index) => {
    const queuedAt = new Date(Date.parse('2030-03-09T00:00:00Z') + index * 37 * 60_000);
    const kind = index % 5;
    const answered = kind !== 0;
    const queue = 5 + (index % 90);
    const talk = answered ? 30 + (index % 400) : 0;
    return {
      campaign_id: campaignId,
      direction: 'inbound' as const,
      agent_id: answered ? agent.id : null,
      queued_at: queuedAt,
      answered_at: answered ? new Date(queuedAt.getTime() + queue * 1000) : null,
      ended_at: new Date(queuedAt.getTime() + (queue + talk) * 1000),
      queue_seconds: queue,
      talk_seconds: talk,
      abandoned: !answered,
      agent_disconnected: kind === 3,
    };
  });
  const inserted = await t.database.db.insertInto('calls').values(calls).returning('id').execute();
  await addCallsToRollups(
    t.database.db,
    inserted.map((row) => row.id),
  );
}, 60_000);
afterAll(() => t.close());

async function rawSums(start: number, end: number) {
  const result = await sql<{
    all: number;
    taken: number;
    queue: number;
    talk: number;
    disconnected: number;
    abandoned: number;
  }>`
    SELECT count(*)::int AS all, count(*) FILTER (WHERE answered_at IS NOT NULL)::int AS taken,
      sum(queue_seconds)::int AS queue, coalesce(sum(talk_seconds) FILTER (WHERE answered_at IS NOT NULL), 0)::int AS talk,
      count(*) FILTER (WHERE agent_disconnected)::int AS disconnected, count(*) FILTER (WHERE abandoned)::int AS abandoned
    FROM calls WHERE campaign_id = ${campaignId}
      AND queued_at >= to_timestamp(${start}) AND queued_at < to_timestamp(${end + 1})`.execute(t.database.db);
  return result.rows[0] as NonNullable<(typeof result.rows)[0]>;
}

describe('the campaigns report', () => {
  for (const zone of ['America/Toronto', 'America/St_Johns'] as const) {
    it(`equals the raw calls' sums over local days with a clock change (${zone})`, async () => {
      const first = DateTime.fromISO('2030-03-09', { zone }).startOf('day');
      const last = DateTime.fromISO('2030-03-10', { zone }).endOf('day');
      const start = Math.floor(first.toSeconds());
      const end = Math.floor(last.toSeconds());
      // The changed day is 23 hours long.
      expect(end - start + 1).toBe(47 * 3600);
      const response = await post(admin, '/api/dashboards/campaigns_report', { start, end, timezone: zone });
      expect(response.statusCode).toBe(200);
      const row = response.json().find((item: { campaign_id: number }) => item.campaign_id === campaignId);
      const raw = await rawSums(start, end);
      expect(raw.all).toBeGreaterThan(60);
      expect(row).toEqual({
        campaign_id: campaignId,
        campaign_name: 'Across the change',
        campaign_type: 'inbound',
        calls_taken: raw.taken,
        avg_queue_time: Math.round(raw.queue / raw.all),
        avg_talk_time: Math.round(raw.talk / raw.taken),
        disconnected: raw.disconnected,
        abandoned: raw.abandoned,
      });
    });
  }

  it('is for the centre’s staff, and refuses a range it cannot read', async () => {
    const agent = await login(t.app, demoEmail('agent'));
    const body = { start: 1_900_000_000, end: 1_900_086_399 };
    expect((await post(agent, '/api/dashboards/campaigns_report', body)).statusCode).toBe(403);
    const portal = await login(t.app, demoEmail('company_supervisor'));
    expect((await post(portal, '/api/dashboards/campaigns_report', body)).statusCode).toBe(403);
    const backwards = await post(admin, '/api/dashboards/campaigns_report', { start: body.end, end: body.start });
    expect(backwards.statusCode).toBe(400);
    const far = await post(admin, '/api/dashboards/campaigns_report', { start: 1_900_000_000, end: 253_402_300_800 });
    expect(far.statusCode).toBe(400);
  });
});
