import { describe, expect, it } from 'vitest';
import { holdProcessPresence } from '../src/db/processPresence.js';

const url = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.TEST_DB_KIND === 'postgres' && url !== undefined;

describe('process presence (who may reconcile live calls at start)', () => {
  it('is alone on the embedded database', async () => {
    const presence = await holdProcessPresence(null);
    expect(presence.alone).toBe(true);
    await presence.release();
  });

  it.skipIf(!onPostgres)('on PostgreSQL, is alone only while no other process holds the database', async () => {
    const first = await holdProcessPresence(url as string);
    const second = await holdProcessPresence(url as string);
    expect([first.alone, second.alone]).toEqual([true, false]);
    await first.release();
    // The second still serves: a third starting now is not alone either.
    const third = await holdProcessPresence(url as string);
    expect(third.alone).toBe(false);
    await Promise.all([second.release(), third.release()]);
    const fourth = await holdProcessPresence(url as string);
    expect(fourth.alone).toBe(true);
    await fourth.release();
  });
});
