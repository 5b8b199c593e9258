#!/usr/bin/env node
// Runs one of the server's entry points (`server` unless named: `node scripts/start.mjs createAdmin --email …`):
// the compiled JavaScript in dist/ when it is there and not older than the sources, otherwise the TypeScript
// through tsx (a checkout whose build is stale still starts, and says so). One process either way.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const sourceRoots = [join(serverDir, 'src'), join(serverDir, '../../packages/shared/src')];
const ENTRIES = { server: 'src/server.ts', createAdmin: 'src/cli/createAdmin.ts' };

const named = process.argv[2] && process.argv[2] in ENTRIES ? process.argv.splice(2, 1)[0] : 'server';
const built = join(serverDir, 'dist', `${named}.js`);

function newestSource(folder) {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const fresh = existsSync(built) && Math.max(...sourceRoots.map(newestSource)) <= statSync(built).mtimeMs;
if (fresh) {
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(built).href);
} else {
  if (existsSync(built)) {
    process.stderr.write(
      'Shiftline: dist/ is older than the sources, running them through tsx (`npm run build` compiles).\n',
    );
  }
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(join(serverDir, ENTRIES[named])).href);
}
