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
  /** The last number given out per campaign (a snapshot reads these before it reads the database). */
  current: (campaignIds: readonly number[]) => Promise<LiveSequenceStamp>;
};

const EPOCH_KEY = 'shiftline:live:epoch';
const counterKey = (campaignId: number) => `shiftline:live:seq:${campaignId}`;

function memorySequence(): LiveSequence {
  const epoch = `local-${randomUUID()}`;
  const counts = new Map<number, number>();
  const stamp = (campaignIds: readonly number[], step: number): LiveSequenceStamp => {
    const campaigns: Record<string, number> = {};
    for (const id of new Set(campaignIds)) {
      const value = (counts.get(id) ?? 0) + step;
      counts.set(id, value);
      campaigns[id] = value;
    }
    return { epoch, campaigns };
  };
  return {
    next: async (campaignIds) => stamp(campaignIds, 1),
    current: async (campaignIds) => stamp(campaignIds, 0),
  };
}

/** Counts in Redis, falling back to this process's own count (a different epoch) while Redis does not answer. */
export function createLiveSequence(redis: Redis | null): LiveSequence {
  const local = memorySequence();
  if (!redis) return local;

  /** The epoch, named by the first process to count after Redis (re)started; the others read it. */
  async function nameEpoch(): Promise<string> {
    const candidate = randomUUID();
    await redis?.set(EPOCH_KEY, candidate, 'NX');
    return (await redis?.get(EPOCH_KEY)) ?? candidate;
  }

  /** One round trip: the epoch and every campaign's counter, incremented or read. */
  async function counted(campaignIds: readonly number[], command: 'incr' | 'get'): Promise<LiveSequenceStamp> {
    const ids = [...new Set(campaignIds)];
    const pipeline = (redis as Redis).multi().get(EPOCH_KEY);
    for (const id of ids) {
      if (command === 'incr') pipeline.incr(counterKey(id));
      else pipeline.get(counterKey(id));
    }
    const replies = (await pipeline.exec()) ?? [];
    const failed = replies.find(([error]) => error);
    if (failed) throw failed[0];
    const epoch = (replies[0]?.[1] as string | null) ?? (await nameEpoch());
    const campaigns: Record<string, number> = {};
    ids.forEach((id, index) => {
      campaigns[id] = Number(replies[index + 1]?.[1] ?? 0);
    });
    return { epoch, campaigns };
  }

  return {
    next: (campaignIds) => counted(campaignIds, 'incr').catch(() => local.next(campaignIds)),
    current: (campaignIds) => counted(campaignIds, 'get').catch(() => local.current(campaignIds)),
  };
}
