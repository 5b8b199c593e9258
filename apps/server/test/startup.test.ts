import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type ServerProcess, spawnServer } from '../src/testing/serverProcess.js';
import { createEmptyDatabase, dropDatabase, testDatabaseKind } from './support/databases.js';
import { freePort } from './support/redisServer.js';

const started: ServerProcess[] = [];
const folders: string[] = [];
const start = (env: Record<string, string>, entry?: string, args?: string[]) => {
  const server = spawnServer(env, entry, args);
  started.push(server);
  return server;
};
const dataFolder = async () => {
  const folder = await mkdtemp(join(tmpdir(), 'shiftline-startup-'));
  folders.push(folder);
  return folder;
};

afterAll(async () => {
  for (const server of started) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  await Promise.all(started.map((server) => server.exited));
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

async function signIn(port: number, email: string, password: string) {
  const response = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return { status: response.status, body: (await response.json()) as { user?: { role: string } } };
}

// Each case starts real server processes; they run once, in the embedded-database project.
describe.skipIf(testDatabaseKind() === 'postgres')('starting the server', () => {
  it('refuses a bad PORT and LOG_LEVEL with one line, before opening anything', async () => {
    const dataDir = join(await dataFolder(), 'never-created');
    const server = start({ DATA_DIR: dataDir, PORT: 'eighty', LOG_LEVEL: 'loud' });
    expect(await server.exited).toBe(1);
    const lines = server.stderr().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Shiftline cannot start: Invalid configuration: PORT="eighty" .*LOG_LEVEL="loud"/);
    expect(server.output()).not.toContain('Migrations');
    await expect(readdir(dataDir)).rejects.toThrow();
  }, 60_000);

  it('refuses a PORT another program listens on with one line, before opening the database', async () => {
    const taken = createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
    try {
      const dataDir = await dataFolder();
      const server = start({ DATA_DIR: dataDir, PORT: String(port) });
      expect(await server.exited).toBe(1);
      expect(server.stderr().trim().split('\n')).toEqual([
        `Shiftline cannot start: PORT=${port} is already in use on 127.0.0.1: stop what listens there or choose another PORT.`,
      ]);
      expect(server.output()).not.toContain('Migrations');
      expect(await readdir(dataDir)).not.toContain('pglite');
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  }, 60_000);

  it('in production: no demo accounts, a second process on the same data folder refused, then create-admin signs in', async () => {
    const dataDir = await dataFolder();
    const production = { DATA_DIR: dataDir, NODE_ENV: 'production', SESSION_SECRET: 'startup-test-secret-0123456789' };
    const firstPort = await freePort();
    const first = start({ ...production, PORT: String(firstPort) });
    await first.ready;
    await expect
      .poll(() => first.output(), { timeout: 10_000 })
      .toContain('No users yet: create the first administrator');
    expect((await signIn(firstPort, 'admin@shiftline.test', 'shiftline')).status).toBe(401);

    const second = start({ ...production, PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    expect(second.stderr()).toContain(`The embedded database in ${dataDir} is in use by another Shiftline process`);
    expect(second.stderr().trim().split('\n')).toHaveLength(1);
    expect(first.child.exitCode).toBeNull();

    // A crash leaves the lock file behind; the next start takes it over.
    first.child.kill('SIGKILL');
    await first.exited;
    const createAdmin = start(production, 'src/cli/createAdmin.ts', [
      '--email',
      'Owner@Example.com',
      '--first-name',
      'Ada',
    ]);
    createAdmin.child.stdin?.end('a long enough password\n');
    expect(await createAdmin.exited, createAdmin.output()).toBe(0);
    expect(createAdmin.output()).toContain('Created super_admin owner@example.com');

    const thirdPort = await freePort();
    const third = start({ ...production, PORT: String(thirdPort) });
    await third.ready;
    const owner = await signIn(thirdPort, 'owner@example.com', 'a long enough password');
    expect(owner.status).toBe(200);
    expect(owner.body.user?.role).toBe('super_admin');
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  }, 180_000);
});

const adminUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!adminUrl || testDatabaseKind() === 'postgres')('two processes seeding one PostgreSQL at once', () => {
  const databaseName = `shiftline_seed_${process.pid}`;
  afterAll(async () => {
    if (adminUrl) await dropDatabase(adminUrl, databaseName);
  });

  it('both start; the demo centre is loaded once', async () => {
    const databaseUrl = await createEmptyDatabase(adminUrl as string, databaseName);
    const env = { DATABASE_URL: databaseUrl, SESSION_SECRET: 'seeding-test-secret', DEMO_HISTORY_DAYS: '0' };
    const servers = [
      start({ ...env, PORT: String(await freePort()) }),
      start({ ...env, PORT: String(await freePort()) }),
    ];
    await Promise.all(servers.map((server) => server.ready));
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const groups = await client.query('SELECT name, count(*)::int AS n FROM agent_groups GROUP BY name');
      expect(groups.rows.length).toBeGreaterThan(0);
      expect(groups.rows.every((row) => row.n === 1)).toBe(true);
      const admins = await client.query(`SELECT count(*)::int AS n FROM users WHERE email = 'admin@shiftline.test'`);
      expect(admins.rows[0].n).toBe(1);
    } finally {
      await client.end();
    }
  }, 180_000);
});
