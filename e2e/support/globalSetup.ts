import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '@shiftline/server/testing/process';
import type { TestProject } from 'vitest/node';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Starts the real server, as `npm start` does, on a fresh embedded database for the browser tests. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('The web app is not built: run `npm run build` first (npm test does).');
  }
  const server = await startServer({
    name: 'e2e',
    // Every address, so a test can also open the app by the machine's LAN address as a colleague's browser would.
    host: '0.0.0.0',
    // No simulated centre: the browser tests place their own callers.
    env: { LOGIN_ATTEMPTS_PER_MINUTE: '200', SIMULATE: 'false' },
    // Migrations and the demo's 90 days of history: 63 s measured on a loaded 2-core machine, and npm test starts it
    // beside the unit and integration tests.
    readyWithinMs: 180_000,
  });
  project.provide('baseUrl', server.baseUrl);
  return server.stop;
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
