import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '0.0.0.0', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Starts the real server, as `npm start` does, on a fresh embedded database for the browser tests. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('The web app is not built: run `npm run build` first (npm test does).');
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'shiftline-e2e-'));
  const port = await freePort();
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: join(repoRoot, 'apps/server'),
    env: {
      ...process.env,
      DATABASE_URL: '',
      REDIS_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      // Every address, so a test can also open the app by the machine's LAN address as a colleague's browser would.
      HOST: '0.0.0.0',
      LOG_LEVEL: 'warn',
      LOGIN_ATTEMPTS_PER_MINUTE: '200',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 90 s:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Shiftline is ready')) {
        clearTimeout(timer);
        resolve();
      }
    };
    server.stdout?.on('data', onData);
    server.stderr?.on('data', onData);
    server.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  project.provide('baseUrl', `http://127.0.0.1:${port}`);
  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
