import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { type DatabaseHandle, openDatabase } from '../src/db/database.js';
import { createDatabaseFromTemplate, dropDatabase, testDatabaseKind, withDatabase } from './support/databases.js';
import { as, demoEmail, login, type Session, testConfig } from './support/testApp.js';

/*
 * Contention is not an outage (issue 26 item 12): a burst of one agent's status changes takes turns without holding
 * database connections, so it never answers 503; a pool whose connections are all busy while the database answers
 * says 429 (try again), and 503 stays for a database that does not answer (databaseOutage.test.ts). The pool's wait
 * is 1 s here, and the burst meets the agent's row held by another transaction for 1.5 s: the old behaviour, each
 * change holding a connection while it queued on that row, filled the pool and timed the rest out, whatever the
 * machine's load.
 */

const adminUrl = process.env.TEST_DATABASE_URL as string;
const databaseName = `shiftline_contention_${process.pid}`;
const TIMEOUTS = { statementTimeoutMs: 5000, queryTimeoutMs: 6000, connectTimeoutMs: 1000 };
let database: DatabaseHandle;
let app: FastifyInstance;
let agent: Session;

describe.skipIf(testDatabaseKind() !== 'postgres')('a busy database', () => {
  beforeAll(async () => {
    await createDatabaseFromTemplate(adminUrl, databaseName);
    database = await openDatabase({
      databaseUrl: withDatabase(adminUrl, databaseName),
      dataDir: '',
      timeouts: TIMEOUTS,
    });
    app = await buildApp({ config: testConfig(), database });
    await app.ready();
    agent = await login(app, demoEmail('agent'));
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await dropDatabase(adminUrl, databaseName);
  });

  const setStatus = (status_name: string) =>
    app.inject({ method: 'POST', url: '/api/status/set_new_status', headers: as(agent), payload: { status_name } });

  it('takes 50 status changes of one agent at once without a 503: each 200 or 409, one open state after', async () => {
    expect((await setStatus('administrative')).statusCode).toBe(200);
    // Another transaction holds the agent's open state row for 1.5 s while the 50 changes arrive.
    const holder = new pg.Client({ connectionString: withDatabase(adminUrl, databaseName) });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('SELECT id FROM agent_state_log WHERE user_id = $1 AND end_at IS NULL FOR UPDATE', [
      agent.userId,
    ]);
    const released = new Promise((resolve) => setTimeout(resolve, 1500)).then(async () => {
      await holder.query('COMMIT');
      await holder.end();
    });
    const statuses = Array.from({ length: 50 }, (_, index) => (index % 2 === 0 ? 'ready' : 'administrative'));
    const answers = await Promise.all(statuses.map(setStatus));
    await released;
    const codes = answers.map((answer) => answer.statusCode);
    expect(
      codes.filter((code) => code !== 200 && code !== 409),
      answers.map((a) => a.body).join('\n'),
    ).toEqual([]);
    expect(codes.filter((code) => code === 200).length).toBeGreaterThan(0);
    const open = await database.db
      .selectFrom('agent_state_log')
      .select(['state'])
      .where('user_id', '=', agent.userId)
      .where('end_at', 'is', null)
      .execute();
    expect(open).toHaveLength(1);
  });

  it('answers 429 (try again), not 503, when every connection stays busy while the database answers', async () => {
    // Sixty 500 ms queries through a pool of ten: all but the first twenty wait over the 1 s allowed for a connection
    // while the first ones come back; a request queued behind them finds no connection either.
    const flood = Array.from({ length: 60 }, () =>
      sql`SELECT pg_sleep(0.5)`.execute(database.db).then(
        () => 'answered',
        (error: Error) => error.constructor.name,
      ),
    );
    const request = app.inject({ method: 'GET', url: '/api/status/get_current_status_info', headers: as(agent) });
    const [outcomes, answer] = await Promise.all([Promise.all(flood), request]);
    expect(outcomes).toContain('answered');
    expect(outcomes).toContain('DatabaseBusyError');
    expect(answer.statusCode, answer.body).toBe(429);
    expect(answer.headers['retry-after']).toBe('1');
    expect(answer.json()).toEqual({
      error: { code: 'busy', message: 'The server is busy with many changes at once. Please try again in a moment.' },
    });
    // The database answered all along: the next request is served.
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});
