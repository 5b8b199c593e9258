import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type ServerProcess, spawnServer } from '../src/testing/serverProcess.js';
import { createDatabaseFromTemplate, dropDatabase, testDatabaseKind, withDatabase } from './support/databases.js';
import { freePort } from './support/redisServer.js';

/*
 * A server killed with -9 mid-shift (issue 26 item 11): the restart ends the talking call and closes the Ready
 * agent's state at the killed process's last heartbeat (written every 5 s), not at the call's answer or the agent's
 * last request, and marks the call as ended by a restart. Real server processes on a clone of the PostgreSQL
 * project's template.
 */

const adminUrl = process.env.TEST_DATABASE_URL;
const databaseName = `shiftline_heartbeat_${process.pid}`;
const started: ServerProcess[] = [];

afterAll(async () => {
  for (const server of started) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  await Promise.all(started.map((server) => server.exited));
  if (adminUrl) await dropDatabase(adminUrl, databaseName);
});

/** A signed-in user of a running server: their cookie and CSRF token on every request. */
async function signIn(port: number, email: string) {
  const response = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'shiftline' }),
  });
  expect(response.status).toBe(200);
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] as string;
  const { csrf_token } = (await response.json()) as { csrf_token: string };
  return async (path: string, body: object) => {
    const answer = await fetch(`http://127.0.0.1:${port}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrf_token },
      body: JSON.stringify(body),
    });
    return { status: answer.status, json: (await answer.json()) as Record<string, unknown> };
  };
}

describe.skipIf(testDatabaseKind() !== 'postgres')('a server killed mid-shift', () => {
  it('ends the live call and the open states at its last heartbeat, marked as ended by a restart', async () => {
    const databaseUrl = await createDatabaseFromTemplate(adminUrl as string, databaseName).then(() =>
      withDatabase(adminUrl as string, databaseName),
    );
    const env = { DATABASE_URL: databaseUrl, SESSION_SECRET: 'heartbeat-test-secret', SEED_DEMO: 'false' };
    const port = await freePort();
    const first = spawnServer({ ...env, PORT: String(port) });
    started.push(first);
    await first.ready;

    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const agent = await signIn(port, 'agent@shiftline.test');
      const admin = await signIn(port, 'admin@shiftline.test');
      const { rows: campaigns } = await client.query<{ id: number }>(
        `SELECT c.id FROM campaigns c JOIN campaign_agents ca ON ca.campaign_id = c.id
         JOIN users u ON u.id = ca.user_id AND u.email = 'agent@shiftline.test'
         WHERE c.name = 'Northwind Patient Line'`,
      );
      expect((await agent('/api/status/set_new_status', { status_name: 'ready' })).status).toBe(200);
      const placed = await admin('/api/telephony/simulated_call', { campaign_id: campaigns[0]?.id });
      expect(placed.status, JSON.stringify(placed.json)).toBe(201);
      const callId = placed.json.current_call_id as number;
      expect((await agent('/api/inquiries/call_data', { crm_call_id: callId, flow_status: 'talk' })).status).toBe(200);
      // Another agent Ready, who makes no request after this one.
      const lead = await signIn(port, 'teamlead@shiftline.test');
      expect((await lead('/api/status/set_new_status', { status_name: 'ready' })).status).toBe(200);

      // Alive for a heartbeat at least 4 s past the answer, then killed.
      const beatAfter = async (at: Date) =>
        (
          await client.query<{ beat_at: Date }>(
            'SELECT max(beat_at) AS beat_at FROM process_heartbeats WHERE beat_at >= $1',
            [new Date(at.getTime() + 4000)],
          )
        ).rows[0]?.beat_at ?? null;
      const { rows: answered } = await client.query<{ answered_at: Date }>(
        'SELECT answered_at FROM calls WHERE id = $1',
        [callId],
      );
      const answeredAt = answered[0]?.answered_at as Date;
      await expect.poll(() => beatAfter(answeredAt), { timeout: 20_000, interval: 250 }).not.toBeNull();
      first.child.kill('SIGKILL');
      await first.exited;
      const { rows: beats } = await client.query<{ beat_at: Date }>(
        'SELECT max(beat_at) AS beat_at FROM process_heartbeats',
      );
      const lastBeat = beats[0]?.beat_at as Date;

      // Down a little while, then restarted: it is alone on the database, so it reconciles before serving.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const second = spawnServer({ ...env, PORT: String(await freePort()) });
      started.push(second);
      await second.ready;

      const { rows: calls } = await client.query(
        'SELECT status, end_reason, ended_at, talk_seconds FROM calls WHERE id = $1',
        [callId],
      );
      expect(calls[0]).toEqual({
        status: 'ended',
        end_reason: 'restart',
        ended_at: lastBeat,
        talk_seconds: Math.round((lastBeat.getTime() - answeredAt.getTime()) / 1000),
      });
      expect(calls[0].talk_seconds).toBeGreaterThanOrEqual(4);
      const { rows: ready } = await client.query<{ end_at: Date }>(
        `SELECT s.end_at FROM agent_state_log s JOIN users u ON u.id = s.user_id
         WHERE u.email = 'teamlead@shiftline.test' AND s.state = 'ready' ORDER BY s.start_at DESC LIMIT 1`,
      );
      expect(ready[0]?.end_at).toEqual(lastBeat);
      // The restarted process beats under its own id; the dead one's row is gone.
      const { rows: alive } = await client.query<{ beat_at: Date }>('SELECT beat_at FROM process_heartbeats');
      expect(alive).toHaveLength(1);
      expect(alive[0]?.beat_at.getTime()).toBeGreaterThan(lastBeat.getTime());
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
      const { rows: left } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM process_heartbeats');
      expect(left[0]?.n).toBe(0);
    } finally {
      await client.end();
    }
  }, 120_000);
});
