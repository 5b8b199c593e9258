import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createLiveSequence } from '../src/features/realtime/index.js';

// The live events' per-campaign numbering: shared by every app process through Redis, in this process's memory
// without it, and under a new epoch whenever the count starts again.

const redisUrl = process.env.REDIS_URL;
const clients: Redis[] = [];
afterAll(async () => {
  for (const client of clients) client.disconnect();
});

describe('live event numbering', () => {
  it('counts each campaign on its own, and reads the last number without taking one', async () => {
    const sequence = createLiveSequence(null);
    const first = await sequence.next([1, 2]);
    expect(first.campaigns).toEqual({ 1: 1, 2: 1 });
    expect((await sequence.next([1])).campaigns).toEqual({ 1: 2 });
    expect((await sequence.next([2, 2])).campaigns).toEqual({ 2: 2 });
    const current = await sequence.current([1, 2, 3]);
    expect(current).toEqual({ epoch: first.epoch, campaigns: { 1: 2, 2: 2, 3: 0 } });
    // Several events numbered at once get consecutive numbers per campaign, in the order given.
    const many = await sequence.nextMany([[1], [1, 2], [3], [1]]);
    expect(many.map((stamp) => stamp.campaigns)).toEqual([{ 1: 3 }, { 1: 4, 2: 3 }, { 3: 1 }, { 1: 5 }]);
    // Another process without Redis counts on its own, under its own epoch.
    expect((await createLiveSequence(null).next([1])).epoch).not.toBe(first.epoch);
  });

  it.skipIf(!redisUrl)(
    'shares one count between processes through Redis, and starts a new epoch after Redis is emptied',
    async () => {
      const campaign = 900_000 + Math.floor(Math.random() * 90_000);
      const [a, b] = [new Redis(redisUrl as string), new Redis(redisUrl as string)];
      clients.push(a, b);
      const one = createLiveSequence(a);
      const two = createLiveSequence(b);
      // One process numbers pairs of events at once, the other one event at a time.
      const numbers = (
        await Promise.all(
          Array.from({ length: 25 }, (_, index) =>
            index % 2
              ? one.nextMany([[campaign], [campaign]])
              : Promise.all([two.next([campaign]), two.next([campaign])]),
          ),
        )
      ).flat();
      expect(new Set(numbers.map((stamp) => stamp.epoch)).size).toBe(1);
      expect(numbers.map((stamp) => stamp.campaigns[campaign]).sort((x, y) => (x ?? 0) - (y ?? 0))).toEqual(
        Array.from({ length: 50 }, (_, index) => index + 1),
      );
      expect(await two.current([campaign])).toEqual({ epoch: numbers[0]?.epoch, campaigns: { [campaign]: 50 } });

      // Redis restarted empty: the count starts again, and boards learn it from the new epoch.
      await a.del('shiftline:live:epoch', `shiftline:live:seq:${campaign}`);
      const after = await one.next([campaign]);
      expect(after.campaigns[campaign]).toBe(1);
      expect(after.epoch).not.toBe(numbers[0]?.epoch);
      expect((await two.next([campaign])).epoch).toBe(after.epoch);
    },
  );

  it('counts on in memory, under a local epoch, while Redis does not answer', async () => {
    const down = new Redis('redis://127.0.0.1:1', {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      lazyConnect: true,
      retryStrategy: () => null,
    });
    down.on('error', () => undefined);
    clients.push(down);
    const stamp = await createLiveSequence(down).next([7]);
    expect(stamp.epoch.startsWith('local-')).toBe(true);
    expect(stamp.campaigns).toEqual({ 7: 1 });
  });
});
