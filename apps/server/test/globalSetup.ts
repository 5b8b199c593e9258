import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database.js';
import { prepareDatabase } from '../src/db/prepare.js';
import { dropDatabase, postgresTemplateName, withDatabase } from './support/databases.js';

type Kind = 'pglite' | 'postgres';
/**
 * The run's templates being prepared, by kind. Vitest calls the projects' global setups one after another (server,
 * then server-postgres): the first call starts every template the run needs, so the PostgreSQL one (its work mostly in
 * the database server) is seeded while this process seeds the PGlite one, and each project waits only for its own.
 */
const shared = globalThis as { shiftlineTemplates?: Partial<Record<Kind, Promise<string>>> };
shared.shiftlineTemplates ??= {};
const preparing = shared.shiftlineTemplates;

const kindOf = (project: TestProject): Kind =>
  project.config.env?.TEST_DB_KIND === 'postgres' && process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/**
 * Migrates and seeds one template database per run; every test file then clones it, so no test
 * pays for migrations. PGlite: a data folder copied per file. PostgreSQL: CREATE DATABASE … TEMPLATE.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const setups = [project.config.globalSetup].flat();
  const needed = project.vitest.projects
    .filter((other) => [other.config.globalSetup].flat().some((file) => setups.includes(file)))
    .map(kindOf);
  for (const kind of new Set([kindOf(project), ...needed])) {
    if (preparing[kind]) continue;
    preparing[kind] = kind === 'postgres' ? preparePostgresTemplate() : preparePgliteTemplate();
    // Awaited by its project's setup; a failure before that must not end the run as an unhandled rejection.
    preparing[kind].catch(() => {});
  }
  const kind = kindOf(project);
  const template = await (preparing[kind] as Promise<string>);
  project.provide('pgliteTemplate', kind === 'pglite' ? template : '');
  project.provide('postgresTemplate', kind === 'postgres' ? template : '');
  if (kind === 'postgres') return () => dropDatabase(process.env.TEST_DATABASE_URL as string, template);
  return async () => {
    if (existsSync(template)) await rm(template, { recursive: true, force: true });
  };
}

async function preparePgliteTemplate(): Promise<string> {
  const templateDir = join(tmpdir(), `shiftline-template-${process.pid}`);
  await rm(templateDir, { recursive: true, force: true });
  await mkdir(templateDir, { recursive: true });
  const embedded = await openDatabase({ databaseUrl: null, dataDir: templateDir });
  // No call history in the template: it keeps every test file's copy small; tests that need history generate it.
  await prepareDatabase(embedded, { seedDemo: true, historyDays: 0 });
  await embedded.close();
  return templateDir;
}

async function preparePostgresTemplate(): Promise<string> {
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = postgresTemplateName(process.pid);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.query(`CREATE DATABASE "${name}"`);
  await client.end();
  const template = await openDatabase({ databaseUrl: withDatabase(adminUrl, name), dataDir: '' });
  await prepareDatabase(template, { seedDemo: true, historyDays: 0 });
  await template.close();
  return name;
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}
