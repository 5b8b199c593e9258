import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createEmptyDatabase, dropDatabase } from './support/databases.js';
import { connectSocket, waitForConnect, waitForEvent } from './support/socketClient.js';

const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const serverDir = fileURLToPath(new URL('..', import.meta.url));
const children: ChildProcess[] = [];
const databaseName = `shiftline_mp_${process.pid}`;

function startServer(port: number, databaseUrl: string): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      SESSION_SECRET: 'multi-process-secret',
      LOG_LEVEL: 'warn',
      // Call history plays no part in delivering events; generating it made the first start outlast the test.
      DEMO_HISTORY_DAYS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server on ${port} did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Shiftline is ready')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server on ${port} exited with ${code}:\n${output}`)));
  });
}

async function signIn(baseUrl: string, email: string) {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'shiftline' }),
  });
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] as string;
  const body = (await response.json()) as { csrf_token: string; user: { id: number } };
  return { cookie, csrf: body.csrf_token, userId: body.user.id };
}

afterAll(async () => {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  if (adminUrl) await dropDatabase(adminUrl, databaseName);
});

// Runs once per suite (in the embedded-database project); it starts its own PostgreSQL-backed servers.
describe.skipIf(!adminUrl || !redisUrl || process.env.TEST_DB_KIND === 'postgres')(
  'two app processes on one PostgreSQL and one Redis',
  () => {
    it('delivers an event emitted by one process to a client connected to the other', async () => {
      const databaseUrl = await createEmptyDatabase(adminUrl as string, databaseName);
      const portA = 41000 + (process.pid % 1000);
      const portB = portA + 1;
      await startServer(portA, databaseUrl);
      await startServer(portB, databaseUrl);
      const serverA = `http://127.0.0.1:${portA}`;
      const serverB = `http://127.0.0.1:${portB}`;

      // The agent's page is connected to process B; the administrator acts through process A.
      const agent = await signIn(serverB, 'agent@shiftline.test');
      const socket = connectSocket(serverB, agent.cookie);
      await waitForConnect(socket);
      const received = waitForEvent<{ url: string }>(socket, 'forced-logout', 10_000);
      const admin = await signIn(serverA, 'admin@shiftline.test');
      const response = await fetch(`${serverA}/api/users/${agent.userId}/force_logout`, {
        method: 'POST',
        headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrf },
      });
      expect(response.status).toBe(200);
      expect(await received).toEqual({ url: '/login?reason=forced' });
      socket.close();
    });
  },
);
