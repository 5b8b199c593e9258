import type { Kysely } from 'kysely';
import { type DemoProgress, generateDemo } from './demo/generateDemo.js';
import { migrateToLatest } from './migrate.js';
import type { Database } from './schema.js';

/** Migrates, then loads the demo centre when the database has no users yet. Returns whether it seeded. */
export async function prepareDatabase(
  db: Kysely<Database>,
  options: {
    seedDemo: boolean;
    demoAgents?: number;
    onProgress?: DemoProgress;
    onMigrated?: (names: string[]) => void;
  },
): Promise<boolean> {
  const applied = await migrateToLatest(db as Kysely<unknown>);
  options.onMigrated?.(applied);
  if (!options.seedDemo) return false;
  const anyUser = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyUser) return false;
  await generateDemo(db, { agents: options.demoAgents }, options.onProgress);
  return true;
}
