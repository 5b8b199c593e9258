import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';

/** How long readiness waits for the database before saying it is not ready. */
const READINESS_TIMEOUT_MS = 2000;

/**
 * Liveness (`/healthz`: the process answers; a load balancer restarts it otherwise) and readiness (`/readyz`: the
 * database answers too; a load balancer sends it no traffic otherwise). Neither needs a session. With REDIS_URL set,
 * readiness also reports Redis; it does not decide readiness, as the app keeps serving without it (each process's
 * own sockets, local sign-in limits) until it returns.
 */
export const healthPlugin = fp(
  async (app: FastifyInstance, { db, redis }: { db: Kysely<Database>; redis: Redis | null }) => {
    app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
    app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
      const started = performance.now();
      const checkRedis = async () => {
        if (!redis) return null;
        const redisStarted = performance.now();
        const status = await answersWithin(redis.ping(), READINESS_TIMEOUT_MS);
        return { redis: { status, ms: Math.round(performance.now() - redisStarted) } };
      };
      const [database, redisReport] = await Promise.all([
        answersWithin(sql`SELECT 1`.execute(db), READINESS_TIMEOUT_MS),
        checkRedis(),
      ]);
      const elapsedMs = Math.round(performance.now() - started);
      const report = { database: { status: database, ms: elapsedMs }, ...redisReport };
      if (database === 'ok') return { status: 'ready', ...report };
      return reply.status(503).send({ status: 'not_ready', ...report });
    });
  },
);

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
