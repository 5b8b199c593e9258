import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database.js';
import { prepareDatabase } from '../src/db/prepare.js';
import { dropDatabase, postgresTemplateName, withDatabase } from './support/databases.js';

/**
 * Migrates and seeds one template database per run; every test file then clones it, so no test
 * pays for migrations. PGlite: a data folder copied per file. PostgreSQL: CREATE DATABASE … TEMPLATE.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (project.config.env?.TEST_DB_KIND === 'postgres' && adminUrl) {
    const template = postgresTemplateName(process.pid);
    await preparePostgresTemplate(adminUrl, template);
    project.provide('pgliteTemplate', '');
    project.provide('postgresTemplate', template);
    return () => dropDatabase(adminUrl, template);
  }
  const templateDir = join(tmpdir(), `shiftline-template-${process.pid}`);
  await rm(templateDir, { recursive: true, force: true });
  await mkdir(templateDir, { recursive: true });
  const embedded = await openDatabase({ databaseUrl: null, dataDir: templateDir });
  // No call history in the template: it keeps every test file's copy small; tests that need history generate it.
  await prepareDatabase(embedded, { seedDemo: true, historyDays: 0 });
  await embedded.close();
  project.provide('pgliteTemplate', templateDir);
  project.provide('postgresTemplate', '');
  return async () => {
    if (existsSync(templateDir)) await rm(templateDir, { recursive: true, force: true });
  };
}

async function preparePostgresTemplate(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.query(`CREATE DATABASE "${name}"`);
  await client.end();
  const template = await openDatabase({ databaseUrl: withDatabase(adminUrl, name), dataDir: '' });
  await prepareDatabase(template, { seedDemo: true, historyDays: 0 });
  await template.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}
