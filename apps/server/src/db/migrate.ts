import { type Kysely, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { migrations } from './migrations/index.js';

export async function migrateToLatest(db: Kysely<unknown>): Promise<string[]> {
  // Every start comes here; the migrator's own check (tables, lock, introspection) costs half a second of a
  // warm start on the embedded database, while one read says whether anything is left to do.
  if (await allMigrationsApplied(db)) return [];
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

async function allMigrationsApplied(db: Kysely<unknown>): Promise<boolean> {
  try {
    const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db);
    const applied = new Set(rows.map((row) => row.name));
    return Object.keys(migrations).every((name) => applied.has(name));
  } catch {
    // No migrations table yet: a new database, which the migrator sets up.
    return false;
  }
}
