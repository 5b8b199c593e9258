import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { type DatabaseHandle, openDatabase } from '../src/db/database.js';
import { createDatabaseFromTemplate, dropDatabase, testDatabaseKind, withDatabase } from './support/databases.js';
import { startTcpProxy, type TcpProxy } from './support/tcpProxy.js';
import { as, demoEmail, login, type Session, testConfig } from './support/testApp.js';

const adminUrl = process.env.TEST_DATABASE_URL as string;
const databaseName = `shiftline_outage_${process.pid}`;
const TIMEOUTS = { statementTimeoutMs: 1000, queryTimeoutMs: 1500, connectTimeoutMs: 1000 };
let proxy: TcpProxy;
let database: DatabaseHandle;
let app: FastifyInstance;
let agent: Session;

async function timed(url: string, headers: Record<string, string> = {}) {
  const started = performance.now();
  const response = await app.inject({ method: 'GET', url, headers });
  return {
    status: response.statusCode,
    body: response.json() as Record<string, unknown>,
    ms: performance.now() - started,
  };
}

// A PostgreSQL server behind a proxy the test freezes, and a lock the test holds: requests must fail fast with 503.
describe.skipIf(testDatabaseKind() !== 'postgres')('a database that stalls', () => {
  beforeAll(async () => {
    await createDatabaseFromTemplate(adminUrl, databaseName);
    const server = new URL(adminUrl);
    proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
    const proxied = new URL(withDatabase(adminUrl, databaseName));
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    database = await openDatabase({ databaseUrl: proxied.toString(), dataDir: '', timeouts: TIMEOUTS });
    app = await buildApp({ config: testConfig(), database });
    await app.ready();
    agent = await login(app, demoEmail('agent'));
  });

  afterAll(async () => {
    proxy?.thaw();
    await app?.close();
    await database?.close();
    await proxy?.close();
    await dropDatabase(adminUrl, databaseName);
  });

  it('cuts off a statement stuck behind a lock after the statement timeout, with a 503', async () => {
    const holder = new pg.Client({ connectionString: withDatabase(adminUrl, databaseName) });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE sessions IN ACCESS EXCLUSIVE MODE');
      const answer = await timed('/api/auth/me', as(agent));
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ error: { code: 'unavailable' } });
      expect(answer.ms).toBeLessThan(TIMEOUTS.statementTimeoutMs + 1500);
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
    }
    expect((await timed('/api/auth/me', as(agent))).status).toBe(200);
  });

  it('answers 503 within seconds while the database is frozen, says not ready, stays alive, and recovers', async () => {
    proxy.freeze();
    try {
      const request = await timed('/api/auth/me', as(agent));
      expect(request.status).toBe(503);
      expect(request.body).toMatchObject({ error: { code: 'unavailable' } });
      expect(request.ms).toBeLessThan(TIMEOUTS.queryTimeoutMs + 1500);
      const readiness = await timed('/readyz');
      expect(readiness.status).toBe(503);
      expect(readiness.body).toMatchObject({ status: 'not_ready' });
      expect(readiness.ms).toBeLessThan(3000);
      expect((await timed('/healthz')).status).toBe(200);
    } finally {
      proxy.thaw();
    }
    await expect.poll(async () => (await timed('/api/auth/me', as(agent))).status, { timeout: 10_000 }).toBe(200);
    expect((await timed('/readyz')).status).toBe(200);
  });
});
