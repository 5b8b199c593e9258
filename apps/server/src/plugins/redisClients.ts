import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';

/**
 * A Redis client that never makes a request wait on Redis: while it is down or stalled, commands fail within
 * `commandTimeout` instead of queueing, and the client keeps reconnecting in the background (every 2 s at most).
 * Callers fall back or skip; outages are logged once when they start and once when they end.
 */
export function createFailFastRedis(url: string, log: FastifyBaseLogger, purpose: string, options: RedisOptions = {}) {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 500,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 100, 2000),
    ...options,
  });
  reportOutages(client, log, purpose);
  return client;
}

/** Logs the start and end of an outage, not every failed reconnection; without an 'error' listener ioredis prints each. */
export function reportOutages(client: Redis, log: FastifyBaseLogger, purpose: string): void {
  let down = false;
  client.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.warn({ err: error.message }, `Redis unavailable for ${purpose}; continuing without it until it returns`);
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    log.info(`Redis is back for ${purpose}`);
  });
}

/**
 * Waits, at most `ms`, for the first connection: a client that fails fast would otherwise refuse its first commands
 * while still connecting. A Redis that is down at start delays the start by `ms` only.
 */
export function connectedWithin(client: Redis, ms: number): Promise<void> {
  if (client.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      client.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    client.once('ready', done);
  });
}
