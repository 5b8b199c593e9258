import { type Kysely, sql } from 'kysely';
import type { DatabaseHandle } from './database.js';
import { type DemoProgress, generateDemo } from './demo/generateDemo.js';
import { generateHistory } from './demo/history/generateHistory.js';
import { migrateToLatest } from './migrate.js';

/** Days of call history the demo centre gets before today (DEMO_HISTORY_DAYS). */
export const DEFAULT_DEMO_HISTORY_DAYS = 90;
/** Shifts reach this far back even without history, for the schedule screens. */
const MIN_SHIFT_DAYS_BACK = 21;

/** Held while one process migrates and seeds, so processes started together on one PostgreSQL take turns. */
const PREPARE_LOCK_KEY = 4_807_261_122;

/**
 * Migrates, then loads the demo centre when the database has no users yet: organisation and shifts, then
 * `historyDays` days of call history (0: none). Returns whether it seeded. Several processes may call it at once:
 * the first migrates and seeds, the others wait, then find users and leave the data as it is.
 */
export async function prepareDatabase(
  database: DatabaseHandle,
  options: {
    seedDemo: boolean;
    demoAgents?: number;
    historyDays?: number;
    onProgress?: DemoProgress;
    onMigrated?: (names: string[]) => void;
  },
): Promise<boolean> {
  return holdingPrepareLock(database, () => migrateAndSeed(database, options));
}

async function migrateAndSeed(database: DatabaseHandle, options: Parameters<typeof prepareDatabase>[1]) {
  const { db } = database;
  const applied = await migrateToLatest(db as Kysely<unknown>);
  options.onMigrated?.(applied);
  if (!options.seedDemo) return false;
  const historyDays = options.historyDays ?? DEFAULT_DEMO_HISTORY_DAYS;
  if (!Number.isInteger(historyDays) || historyDays < 0) {
    throw new Error(`DEMO_HISTORY_DAYS must be a whole number of days, 0 or more (got ${historyDays})`);
  }
  const anyUser = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyUser) return false;
  // One clock for both steps: the history fills exactly the shifts the demo planned.
  const now = new Date();
  const shiftWindow = { daysBack: Math.max(MIN_SHIFT_DAYS_BACK, historyDays + 1), daysAhead: 14 };
  await generateDemo(db, { agents: options.demoAgents, now, shiftWindow }, options.onProgress);
  if (historyDays > 0) {
    await generateHistory(database, {
      days: historyDays,
      now,
      onProgress: (report) => {
        const label = `call history: ${report.calls.toLocaleString('en-US')} calls`;
        if (report.phase === 'days' && report.daysDone % 10 === 0) {
          options.onProgress?.(`${label}, day ${report.daysDone}/${report.days}`, report.daysDone, report.days);
        } else if (report.phase === 'rollups') {
          options.onProgress?.(`${label}, dashboard rollups`, report.daysDone, report.days);
        }
      },
    });
  }
  return true;
}

/** A session-level advisory lock on one pinned connection; the embedded database is one process's already. */
async function holdingPrepareLock<T>(database: DatabaseHandle, work: () => Promise<T>): Promise<T> {
  if (database.kind !== 'postgres') return work();
  return database.db.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(${PREPARE_LOCK_KEY})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`SELECT pg_advisory_unlock(${PREPARE_LOCK_KEY})`.execute(connection);
    }
  });
}
