import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.js';

/**
 * The migrated and seeded PostgreSQL template of one run (test/globalSetup.ts): named after the run's process, so two
 * runs on one PostgreSQL (a developer's and CI's, or two checkouts) never drop each other's template.
 */
export const postgresTemplateName = (runPid: number) => `shiftline_test_template_${runPid}`;

/** Which database the integration tests run on: PGlite always, PostgreSQL in the 'server-postgres' project. */
export const testDatabaseKind = (): 'pglite' | 'postgres' =>
  process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** A fresh database for one test file, cloned from the migrated and seeded template (cheap: no migrations). */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (testDatabaseKind() === 'postgres') return openPostgresClone();
  const templateDir = inject('pgliteTemplate');
  const dataDir = await mkdtemp(join(tmpdir(), 'shiftline-test-'));
  await cp(templateDir, dataDir, { recursive: true });
  const handle = await openDatabase({ databaseUrl: null, dataDir });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function openPostgresClone(): Promise<DatabaseHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `shiftline_t_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await createDatabaseFromTemplate(adminUrl, name);
  const handle = await openDatabase({ databaseUrl: withDatabase(adminUrl, name), dataDir: '' });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await dropDatabase(adminUrl, name);
    },
  };
}

/** Runs `work` with a client connected to the administration database, closing it after. */
async function withAdminClient<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export function createDatabaseFromTemplate(adminUrl: string, name: string): Promise<void> {
  return withAdminClient(adminUrl, async (client) => {
    // Two clones from one template at the same moment make PostgreSQL refuse one of them; wait and retry.
    for (let attempt = 0; ; attempt += 1) {
      try {
        await client.query(`CREATE DATABASE "${name}" TEMPLATE "${inject('postgresTemplate')}"`);
        return;
      } catch (error) {
        if (attempt >= 20 || !String((error as Error).message).includes('being accessed')) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  });
}

/** A new empty database `name` (dropped first if a run left it behind); answers its URL. */
export async function createEmptyDatabase(adminUrl: string, name: string): Promise<string> {
  await withAdminClient(adminUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}"`);
  });
  return withDatabase(adminUrl, name);
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await withAdminClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}
