#!/usr/bin/env node
// Proves that biome.json enforces the import boundaries (docs/architecture.md): it lints small probe files, laid
// out like the repository, in a temporary copy of the configuration, and expects Biome to fail on each deep import
// and to accept each allowed one. Run by `npm test` after the lint step; takes well under a second.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const biome = join(repoRoot, 'node_modules/.bin/biome');

/** Each probe imports one thing (or only allowed things), so a file's diagnostics tell about that import. */
const PROBES = [
  // Server features: another feature through its index only, at any depth of the importing file.
  ['apps/server/src/features/alpha/alpha.service.ts', `export * from '../beta/beta.repository.js';`, 'fails'],
  ['apps/server/src/features/alpha/jobs/topUp.ts', `export * from '../../beta/beta.service.js';`, 'fails'],
  ['apps/server/src/features/alpha/jobs/deep/run.ts', `export * from '../../../beta/jobs/run.js';`, 'fails'],
  [
    'apps/server/src/features/alpha/alpha.routes.ts',
    `export * from '../beta/index.js';\nexport * from './alpha.service.js';\nexport * from '../../db/schema.js';`,
    'passes',
  ],
  [
    'apps/server/src/features/alpha/jobs/topUpAll.ts',
    `export * from '../alpha.service.js';\nexport * from '../../beta/index.js';\nexport * from '../../../db/transaction.js';`,
    'passes',
  ],
  // The app-wide restriction still holds inside a feature folder.
  ['apps/server/src/features/alpha/view.ts', `export * from 'react';`, 'fails'],
  // db/ imports no feature, not even through its index.
  ['apps/server/src/db/demo/seed.ts', `export * from '../../features/beta/index.js';`, 'fails'],
  ['apps/server/src/db/repositories.ts', `export * from '../features/beta/beta.repository.js';`, 'fails'],
  // Web features: the same rule, imports written without extensions.
  ['apps/web/src/features/alpha/api.ts', `export * from '../beta/api';`, 'fails'],
  ['apps/web/src/features/alpha/components/Page.tsx', `export * from '../../beta/components/Card';`, 'fails'],
  ['apps/web/src/features/alpha/components/Types.ts', `export type { Card } from '../../beta/hooks/useCard';`, 'fails'],
  [
    'apps/web/src/features/alpha/components/Page2.tsx',
    `export * from '../hooks/useAlpha';\nexport * from '../../beta';\nexport * from '../../beta/index';\nexport * from '../../../lib/http';\nexport * from '../../../ui/Dialog';`,
    'passes',
  ],
  ['apps/web/src/features/alpha/components/Server.tsx', `export * from '@shiftline/server/testing';`, 'fails'],
  ['apps/web/src/lib/server.ts', `export * from '@shiftline/server/testing/process';`, 'fails'],
  // Tools use the server's public entry point only.
  ['bench/probeDatabase.ts', `export * from '../apps/server/src/db/database.js';`, 'fails'],
  ['bench/probeFeature.ts', `export * from '../apps/server/src/features/users/index.js';`, 'fails'],
  ['e2e/support/probe.ts', `export * from '../../apps/server/src/app.js';`, 'fails'],
  [
    'bench/probeEntry.ts',
    `export * from '@shiftline/server/testing';\nexport * from '@shiftline/server/testing/process';\nexport * from '@shiftline/shared';`,
    'passes',
  ],
  ['e2e/support/probeDeep.ts', `export * from '@shiftline/server/testing/serverProcess';`, 'fails'],
];

const dir = mkdtempSync(join(tmpdir(), 'shiftline-boundaries-'));
try {
  copyFileSync(join(repoRoot, 'biome.json'), join(dir, 'biome.json'));
  for (const [path, source] of PROBES) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), `${source}\n`);
  }
  const run = spawnSync(biome, ['lint', '--reporter=json', '--max-diagnostics=none', '.'], {
    cwd: dir,
    encoding: 'utf8',
  });
  const report = JSON.parse(run.stdout);
  const restricted = new Map();
  for (const diagnostic of report.diagnostics) {
    if (diagnostic.category !== 'lint/style/noRestrictedImports') continue;
    const path = diagnostic.location.path;
    restricted.set(path, [...(restricted.get(path) ?? []), diagnostic.severity]);
  }
  let failures = 0;
  for (const [path, , expected] of PROBES) {
    const severities = restricted.get(path) ?? [];
    const failed = severities.includes('error');
    const ok = expected === 'fails' ? failed : severities.length === 0;
    if (!ok) failures++;
    const seen = severities.length === 0 ? 'no diagnostic' : severities.join(', ');
    console.log(
      `${ok ? 'ok  ' : 'FAIL'} ${path}: expected Biome ${expected === 'fails' ? 'to fail' : 'to pass'}, saw ${seen}`,
    );
  }
  if (run.status === 0) {
    failures++;
    console.log('FAIL biome lint exited 0 on probes with deep imports');
  }
  console.log(`\nImport boundaries: ${PROBES.length - failures} passed, ${failures} failed`);
  process.exitCode = failures === 0 ? 0 : 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
