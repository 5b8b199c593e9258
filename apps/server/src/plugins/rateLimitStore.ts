import { createRequire } from 'node:module';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

type StoreCtor = new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  ...rest: unknown[]
) => FastifyRateLimitStore;
// The plugin's own stores: Redis counters shared by every process, and an in-memory LRU of this process.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as StoreCtor;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as StoreCtor;

const RETRY_REDIS_AFTER_MS = 2000;

/** What the plugin passes a store's constructor, and a route's settings passed to `child`. */
type StoreOptions = { continueExceeding?: boolean; exponentialBackoff?: boolean };

/**
 * Counts in Redis, and in this process's memory whenever Redis does not answer (down, or slower than the client's
 * command timeout): sign-in keeps working and keeps being limited during an outage, per process instead of across
 * them, and goes back to the shared counters when Redis returns.
 */
export function redisStoreWithLocalFallback(redis: Redis): FastifyRateLimitStoreCtor {
  const outage = { retryAt: 0 };
  return class RedisWithLocalFallback implements FastifyRateLimitStore {
    private readonly shared: FastifyRateLimitStore;
    private readonly local: FastifyRateLimitStore;

    constructor(options: StoreOptions, stores?: { shared: FastifyRateLimitStore; local: FastifyRateLimitStore }) {
      const continueExceeding = options.continueExceeding ?? false;
      const exponentialBackoff = options.exponentialBackoff ?? false;
      this.shared = stores?.shared ?? new RedisStore(continueExceeding, exponentialBackoff, redis);
      this.local = stores?.local ?? new LocalStore(continueExceeding, exponentialBackoff);
    }

    incr(...[key, callback, timeWindow, max]: Parameters<FastifyRateLimitStore['incr']>): void {
      if (Date.now() < outage.retryAt) {
        this.local.incr(key, callback, timeWindow, max);
        return;
      }
      this.shared.incr(
        key,
        (error, result) => {
          if (!error) return callback(null, result);
          // A stalled Redis costs one command timeout, then a short rest, not a wait on every sign-in.
          outage.retryAt = Date.now() + RETRY_REDIS_AFTER_MS;
          this.local.incr(key, callback, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      return new RedisWithLocalFallback(routeOptions as StoreOptions, {
        shared: this.shared.child(routeOptions),
        local: this.local.child(routeOptions),
      });
    }
  };
}
