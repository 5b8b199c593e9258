import { COUNTED_STATE_IDS } from '@shiftline/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/database.js';
import { generateHistory } from '../src/db/demo/history/generateHistory.js';
import { rollupTables } from '../src/rollups/index.js';
import { openTestDatabase } from './support/databases.js';

// The template's demo shifts reach three weeks back from when the run started; a week of history fits in them.
const DAYS = 7;
const SEED = 7;
// On a quarter hour, where breaks begin and end: the record that starts exactly at `now` must be the open one.
const now = new Date(Math.floor(Date.now() / 900_000) * 900_000);

let database: DatabaseHandle;

const rowsOf = async <Row>(query: ReturnType<typeof sql<Row>>) => (await query.execute(database.db)).rows;
const countOf = async (query: ReturnType<typeof sql<{ n: string }>>) => Number((await rowsOf(query))[0]?.n);

/** Counts and sums that any difference in the generated history would change. */
const aggregates = () =>
  rowsOf(sql<Record<'calls' | 'leads', string>>`
    SELECT
      (SELECT count(*) FROM calls) AS calls,
      (SELECT count(*) FILTER (WHERE abandoned) FROM calls) AS abandoned,
      (SELECT count(*) FILTER (WHERE missed) FROM calls) AS missed,
      (SELECT coalesce(sum(talk_seconds + hold_seconds + queue_seconds), 0) FROM calls) AS seconds,
      (SELECT count(DISTINCT agent_id) FROM calls) AS agents,
      (SELECT count(*) FROM agent_state_log) AS states,
      (SELECT count(*) FROM sales_leads) AS leads,
      (SELECT coalesce(sum(amount_cents), 0) FROM sales_leads) AS sold_cents,
      (SELECT count(*) FROM call_rollups) AS rollups`);

const clearHistory = () =>
  sql`TRUNCATE sale_lines, sales_leads, agent_state_log, recording_pauses, call_recordings, calls, clients, agent_payments, ${rollupTables}
      RESTART IDENTITY CASCADE`.execute(database.db);

let firstRun: Awaited<ReturnType<typeof aggregates>>;

beforeAll(async () => {
  database = await openTestDatabase();
  await generateHistory(database, { days: DAYS, seed: SEED, now });
  firstRun = await aggregates();
});
afterAll(() => database?.close());

describe('demo call history', () => {
  it('is the same for the same seed', async () => {
    const calls = Number(firstRun[0]?.calls);
    expect(calls).toBeGreaterThan(1000);
    expect(Number(firstRun[0]?.leads)).toBeGreaterThan(0);
    await clearHistory();
    await generateHistory(database, { days: DAYS, seed: SEED, now });
    expect(await aggregates()).toEqual(firstRun);
  });

  it('keeps each agent’s state records contiguous, never overlapping, with at most one open', async () => {
    const breaks = await countOf(sql`
      SELECT count(*) AS n FROM (
        SELECT start_at, lag(end_at) OVER (PARTITION BY user_id ORDER BY start_at, id) AS previous_end,
          lag(id) OVER (PARTITION BY user_id ORDER BY start_at, id) AS previous_id
        FROM agent_state_log) records
      WHERE previous_id IS NOT NULL AND (previous_end IS NULL OR previous_end <> start_at)`);
    expect(breaks).toBe(0);
    const users = await countOf(sql`SELECT count(DISTINCT user_id) AS n FROM agent_state_log`);
    expect(await countOf(sql`SELECT count(*) AS n FROM agent_state_log WHERE end_at IS NULL`)).toBe(users);
  });

  it('logs every answered call as one On call record of its agent, inside an approved shift', async () => {
    expect(
      await countOf(sql`
        SELECT count(*) AS n FROM agent_state_log s JOIN calls c ON c.id = s.call_id
        WHERE s.state = 'on_call'
          AND (s.start_at <> c.answered_at OR s.end_at <> c.ended_at OR s.user_id <> c.agent_id
            OR NOT EXISTS (SELECT 1 FROM shifts h WHERE h.user_id = s.user_id AND h.status = 'approved'
              AND h.start_at <= s.start_at AND h.end_at >= s.end_at))`),
    ).toBe(0);
    expect(
      await countOf(sql`SELECT count(*) AS n FROM agent_state_log WHERE state = 'on_call' AND call_id IS NULL`),
    ).toBe(0);
    const answered = await countOf(sql`SELECT count(*) AS n FROM calls WHERE answered_at IS NOT NULL`);
    expect(await countOf(sql`SELECT count(*) AS n FROM agent_state_log WHERE state = 'on_call'`)).toBe(answered);
  });

  it('has no call after now and no call still running', async () => {
    const [row] = await rowsOf<{ queued: Date; ended: Date; running: string }>(sql`
      SELECT max(queued_at) AS queued, max(ended_at) AS ended, count(*) FILTER (WHERE ended_at IS NULL) AS running
      FROM calls`);
    expect(row?.ended.getTime()).toBeLessThanOrEqual(now.getTime());
    expect(row?.queued.getTime()).toBeLessThan(now.getTime());
    expect(Number(row?.running)).toBe(0);
    expect(await countOf(sql`SELECT count(*) AS n FROM agent_state_log WHERE start_at > ${now}`)).toBe(0);
  });

  it('abandons more calls in hours with fewer of the campaign’s agents on shift', async () => {
    const rows = await rowsOf<{ few: boolean; calls: string; abandoned: string }>(sql`
      WITH hours AS (
        SELECT campaign_id, date_trunc('hour', queued_at) AS hour, count(*) AS calls,
          count(*) FILTER (WHERE abandoned) AS abandoned
        FROM calls WHERE direction = 'inbound' GROUP BY 1, 2
      ), staffed AS (
        SELECT hours.*, (
          SELECT count(DISTINCT s.user_id) FROM shifts s
          JOIN campaign_agents ca ON ca.user_id = s.user_id AND ca.campaign_id = hours.campaign_id AND NOT ca.is_disabled
          WHERE s.status = 'approved' AND s.start_at <= hour + interval '30 minutes'
            AND s.end_at > hour + interval '30 minutes') AS agents
        FROM hours
      )
      SELECT agents <= 2 AS few, sum(calls) AS calls, sum(abandoned) AS abandoned FROM staffed
      WHERE agents <= 2 OR agents >= 5 GROUP BY 1`);
    const rate = (few: boolean) => {
      const row = rows.find((candidate) => candidate.few === few);
      return Number(row?.abandoned) / Number(row?.calls);
    };
    expect(rate(true)).toBeGreaterThan(3 * rate(false));
    expect(rate(true) - rate(false)).toBeGreaterThan(0.1);
  });

  it('reaches a person on 35–45 % of cold calls', async () => {
    const [row] = await rowsOf<{ connected: string; all: string }>(sql`
      SELECT count(*) FILTER (WHERE talk_seconds > 40) AS connected, count(*) AS all FROM calls WHERE cold_call`);
    const contactRate = Number(row?.connected) / Number(row?.all);
    expect(Number(row?.all)).toBeGreaterThan(500);
    expect(contactRate).toBeGreaterThanOrEqual(0.35);
    expect(contactRate).toBeLessThanOrEqual(0.45);
  });

  it('leaves rollups equal to a plain GROUP BY over the raw tables', async () => {
    for (const alignment of [0, 30]) {
      const rollup = await rowsOf(sql`
        SELECT campaign_id, date_trunc('day', bucket_start + make_interval(mins => ${alignment}), 'UTC') AS day,
          sum(all_calls)::int AS calls, sum(taken_calls)::int AS taken, sum(abandoned_calls)::int AS abandoned,
          sum(talk_seconds)::bigint AS talk, sum(billed_seconds)::bigint AS billed, sum(leads)::int AS leads,
          sum(sales)::int AS sales
        FROM call_rollups WHERE alignment = ${alignment} GROUP BY 1, 2 ORDER BY 1, 2`);
      const raw = await rowsOf(sql`
        SELECT c.campaign_id,
          date_trunc('day', date_trunc('hour', c.queued_at - make_interval(mins => ${alignment}), 'UTC')
            + make_interval(mins => ${alignment * 2}), 'UTC') AS day,
          count(*)::int AS calls, count(c.answered_at)::int AS taken, count(*) FILTER (WHERE c.abandoned)::int AS abandoned,
          coalesce(sum(c.talk_seconds) FILTER (WHERE c.answered_at IS NOT NULL), 0)::bigint AS talk,
          coalesce(sum(c.billed_seconds) FILTER (WHERE c.billed), 0)::bigint AS billed,
          count(l.id)::int AS leads, count(*) FILTER (WHERE l.sold)::int AS sales
        FROM calls c LEFT JOIN sales_leads l ON l.call_id = c.id GROUP BY 1, 2 ORDER BY 1, 2`);
      expect(rollup).toEqual(raw);
    }
    // Every grain (hours, days, months) of the per-agent rollups in both alignments holds the raw totals.
    const rawStates = await rowsOf(sql`
      SELECT user_id, state, sum(least(round(extract(epoch FROM end_at - start_at)), 3600))::bigint AS seconds
      FROM agent_state_log WHERE end_at IS NOT NULL AND state NOT IN ('logged_out', 'logout')
      GROUP BY 1, 2 HAVING sum(least(round(extract(epoch FROM end_at - start_at)), 3600)) > 0 ORDER BY 1, 2`);
    const rawAgentCalls = await rowsOf(sql`
      SELECT c.agent_id, count(*)::int AS calls, coalesce(sum(c.talk_seconds) FILTER (WHERE c.answered_at IS NOT NULL), 0)::bigint AS talk,
        count(l.id)::int AS leads
      FROM calls c LEFT JOIN sales_leads l ON l.call_id = c.id
      WHERE c.agent_id IS NOT NULL AND c.ended_at IS NOT NULL GROUP BY 1 ORDER BY 1`);
    const rawCommissions = await rowsOf(sql`
      SELECT agent_id AS user_id, sum(commission_cents)::bigint AS cents FROM sales_leads
      WHERE sold AND agent_id IS NOT NULL GROUP BY 1 HAVING sum(commission_cents) > 0 ORDER BY 1`);
    expect(rawStates.length).toBeGreaterThan(100);
    expect(rawCommissions.length).toBeGreaterThan(5);
    for (const alignment of [0, 30]) {
      // Hours, days, months and (the productivity rollup only) week × and month × hour of day.
      for (const grain of [0, 1, 2, 3, 4]) {
        const perAgent = await rowsOf(sql<Record<string, string | number>>`
          SELECT user_id, ${sql.join(COUNTED_STATE_IDS.map((state) => sql`sum(${sql.ref(state)})::bigint AS ${sql.ref(state)}`))}
          FROM agent_productivity_rollups WHERE alignment = ${alignment} AND grain = ${grain} GROUP BY 1 ORDER BY 1`);
        // As rows per agent and state, in the raw query's order (states by name).
        const stateRollup = perAgent.flatMap((row) =>
          COUNTED_STATE_IDS.filter((state) => Number(row[state]) > 0)
            .toSorted()
            .map((state) => ({ user_id: row.user_id, state, seconds: row[state] })),
        );
        expect(stateRollup, `alignment ${alignment}, grain ${grain}`).toEqual(rawStates);
        const commissions = await rowsOf(sql`
          SELECT user_id, sum(commission_cents)::bigint AS cents FROM agent_productivity_rollups
          WHERE alignment = ${alignment} AND grain = ${grain} GROUP BY 1 HAVING sum(commission_cents) > 0 ORDER BY 1`);
        expect(commissions, `commissions, alignment ${alignment}, grain ${grain}`).toEqual(rawCommissions);
        if (grain >= 3) continue;
        const agentCalls = await rowsOf(sql`
          SELECT agent_id, sum(all_calls)::int AS calls, sum(talk_seconds)::bigint AS talk, sum(leads)::int AS leads
          FROM agent_campaign_call_rollups WHERE alignment = ${alignment} AND grain = ${grain} GROUP BY 1 ORDER BY 1`);
        expect(agentCalls, `alignment ${alignment}, grain ${grain}`).toEqual(rawAgentCalls);
      }
    }
  });
});
