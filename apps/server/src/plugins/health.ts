import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';

/** How long readiness waits for the database before saying it is not ready. */
const READINESS_TIMEOUT_MS = 2000;

/**
 * Liveness (`/healthz`: the process answers; a load balancer restarts it otherwise) and readiness (`/readyz`: the
 * database answers too; a load balancer sends it no traffic otherwise). Neither needs a session.
 */
export const healthPlugin = fp(async (app: FastifyInstance, { db }: { db: Kysely<Database> }) => {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const started = performance.now();
    const database = await answersWithin(sql`SELECT 1`.execute(db), READINESS_TIMEOUT_MS);
    const elapsedMs = Math.round(performance.now() - started);
    if (database === 'ok') return { status: 'ready', database: { status: 'ok', ms: elapsedMs } };
    return reply.status(503).send({ status: 'not_ready', database: { status: database, ms: elapsedMs } });
  });
});

async function answersWithin(query: Promise<unknown>, ms: number): Promise<'ok' | 'timeout' | 'error'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  try {
    return await Promise.race([query.then(() => 'ok' as const), timeout]);
  } catch {
    return 'error';
  } finally {
    clearTimeout(timer);
  }
}
