import { randomUUID } from 'node:crypto';
import type { LiveSequenceStamp } from '@shiftline/shared';
import type { Redis } from 'ioredis';

/**
 * Per-campaign sequence numbers for the live events, so a board that missed one (a reconnect, a sleeping laptop, an
 * event lost between app processes) notices the gap and fetches a fresh snapshot. With Redis every app process counts
 * on the same keys; without it one process counts in memory. Every count belongs to an epoch: a new epoch (Redis
 * emptied by a restart, or this process counting alone while Redis is down) tells boards to start again from a
 * snapshot rather than compare numbers from two different counts.
 */
export type LiveSequence = {
  /** The next number of each campaign's stream. */
  next: (campaignIds: readonly number[]) => Promise<LiveSequenceStamp>;
  /** Numbers for several events at once, in order (one round trip): each event's campaigns get their next numbers. */
  nextMany: (events: readonly (readonly number[])[]) => Promise<LiveSequenceStamp[]>;
  /** The last number given out per campaign (a snapshot reads these before it reads the database). */
  current: (campaignIds: readonly number[]) => Promise<LiveSequenceStamp>;
};

/** How many numbers each campaign needs for these events. */
function demand(events: readonly (readonly number[])[]): Map<number, number> {
  const needed = new Map<number, number>();
  for (const campaigns of events) for (const id of new Set(campaigns)) needed.set(id, (needed.get(id) ?? 0) + 1);
  return needed;
}

/** Hands out the numbers each campaign's counter reached (`last`, after adding `needed`) to the events, in order. */
function stampsFor(
  epoch: string,
  events: readonly (readonly number[])[],
  needed: Map<number, number>,
  last: Map<number, number>,
): LiveSequenceStamp[] {
  const nextOf = new Map([...needed].map(([id, count]) => [id, (last.get(id) ?? count) - count + 1]));
  return events.map((campaigns) => {
    const stamp: Record<string, number> = {};
    for (const id of new Set(campaigns)) {
      const number = nextOf.get(id) as number;
      stamp[id] = number;
      nextOf.set(id, number + 1);
    }
    return { epoch, campaigns: stamp };
  });
}

function memorySequence(): LiveSequence {
  const epoch = `local-${randomUUID()}`;
  const counts = new Map<number, number>();
  const nextMany = async (events: readonly (readonly number[])[]) => {
    const needed = demand(events);
    for (const [id, count] of needed) counts.set(id, (counts.get(id) ?? 0) + count);
    return stampsFor(epoch, events, needed, counts);
  };
  return {
    nextMany,
    next: async (campaignIds) => (await nextMany([campaignIds]))[0] as LiveSequenceStamp,
    current: async (campaignIds) => ({
      epoch,
      campaigns: Object.fromEntries([...new Set(campaignIds)].map((id) => [id, counts.get(id) ?? 0])),
    }),
  };
}

/** Counts in Redis, falling back to this process's own count (a different epoch) while Redis does not answer. */
/** `keyPrefix` keeps apart deployments (or test runs) that share one Redis: REDIS_KEY_PREFIX, 'shiftline' by default. */
export function createLiveSequence(redis: Redis | null, keyPrefix = 'shiftline'): LiveSequence {
  const local = memorySequence();
  if (!redis) return local;
  const EPOCH_KEY = `${keyPrefix}:live:epoch`;
  const counterKey = (campaignId: number) => `${keyPrefix}:live:seq:${campaignId}`;

  /** The epoch, named by the first process to count after Redis (re)started; the others read it. */
  async function nameEpoch(): Promise<string> {
    const candidate = randomUUID();
    await redis?.set(EPOCH_KEY, candidate, 'NX');
    return (await redis?.get(EPOCH_KEY)) ?? candidate;
  }

  /** One round trip: the epoch and each campaign's counter, raised by `by` (0 reads it). */
  async function counters(by: Map<number, number>): Promise<{ epoch: string; last: Map<number, number> }> {
    const ids = [...by.keys()];
    const pipeline = (redis as Redis).multi().get(EPOCH_KEY);
    for (const id of ids) {
      const count = by.get(id) as number;
      if (count > 0) pipeline.incrby(counterKey(id), count);
      else pipeline.get(counterKey(id));
    }
    const replies = (await pipeline.exec()) ?? [];
    const failed = replies.find(([error]) => error);
    if (failed) throw failed[0];
    const epoch = (replies[0]?.[1] as string | null) ?? (await nameEpoch());
    return { epoch, last: new Map(ids.map((id, index) => [id, Number(replies[index + 1]?.[1] ?? 0)])) };
  }

  const nextMany = async (events: readonly (readonly number[])[]) => {
    const needed = demand(events);
    try {
      const { epoch, last } = await counters(needed);
      return stampsFor(epoch, events, needed, last);
    } catch {
      return local.nextMany(events);
    }
  };
  return {
    nextMany,
    next: async (campaignIds) => (await nextMany([campaignIds]))[0] as LiveSequenceStamp,
    current: async (campaignIds) => {
      try {
        const { epoch, last } = await counters(new Map([...new Set(campaignIds)].map((id) => [id, 0])));
        return { epoch, campaigns: Object.fromEntries(last) };
      } catch {
        return local.current(campaignIds);
      }
    },
  };
}
