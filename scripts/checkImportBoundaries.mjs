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

/**
 * One probe a line: whether Biome must fail or pass on it, the probe file, and what it imports (`export * from` each
 * specifier). A failing probe imports one thing, so its diagnostics are about that import.
 */
const PROBES = `
# Server features: another feature through its index only, at any depth of the importing file.
fails  apps/server/src/features/alpha/alpha.service.ts     ../beta/beta.repository.js
fails  apps/server/src/features/alpha/jobs/topUp.ts        ../../beta/beta.service.js
fails  apps/server/src/features/alpha/jobs/deep/run.ts     ../../../beta/jobs/run.js
fails  apps/server/src/features/alpha/alpha.repository.ts  ../../features/beta/beta.repository.js
passes apps/server/src/features/alpha/alpha.routes.ts      ../beta/index.js ./alpha.service.js ../../db/schema.js
passes apps/server/src/features/alpha/jobs/topUpAll.ts     ../alpha.service.js ../../beta/index.js ../../../db/transaction.js
# The app-wide restriction still holds inside a feature folder.
fails  apps/server/src/features/alpha/view.ts              react
# Around the features (app.ts, plugins, cli, testing): a feature through its index only.
fails  apps/server/src/probe.ts                            ./features/auth/auth.service.js
fails  apps/server/src/plugins/probe.ts                    ../features/auth/sessionCookie.js
passes apps/server/src/plugins/probeIndex.ts               ../features/auth/index.js ../db/schema.js
# db/ and rollups/ import no feature, not even through its index.
fails  apps/server/src/rollups/probe.ts                    ../features/dashboards/index.js
fails  apps/server/src/db/demo/seed.ts                     ../../features/beta/index.js
fails  apps/server/src/db/repositories.ts                  ../features/beta/beta.repository.js
# Web features: the same rule, imports written without extensions.
fails  apps/web/src/features/alpha/api.ts                  ../beta/api
fails  apps/web/src/features/alpha/components/Page.tsx     ../../beta/components/Card
fails  apps/web/src/features/alpha/hooks/useAlpha.ts       ../../beta/hooks/useCard
fails  apps/web/src/features/alpha/hooks/useBeta.ts        ../../../features/beta/hooks/useCard
passes apps/web/src/features/alpha/components/Page2.tsx    ../hooks/useAlpha ../../beta ../../beta/index ../../../lib/http ../../../ui/Dialog
fails  apps/web/src/features/alpha/components/Server.tsx   @shiftline/server/testing
fails  apps/web/src/lib/server.ts                          @shiftline/server/testing/process
# The web's shell: a feature through its index or routes.ts; lib/ and ui/ import no feature.
fails  apps/web/src/app/probe.ts                           ../features/auth/hooks/useSession
fails  apps/web/src/app/topBar/probe.ts                    ../../features/profile/components/ProfileDialog
passes apps/web/src/app/probeIndex.ts                      ../features/auth ../features/home/routes ../lib/http ../ui/FormDialog
fails  apps/web/src/lib/probe.ts                           ../features/auth
fails  apps/web/src/ui/probe.ts                            ../features/schedule/utils/localTime
# Tools use the server's public entry points only.
fails  bench/probeDatabase.ts                              ../apps/server/src/db/database.js
fails  bench/probeFeature.ts                               ../apps/server/src/features/users/index.js
fails  e2e/support/probe.ts                                ../../apps/server/src/app.js
fails  e2e/support/probeDeep.ts                            @shiftline/server/testing/serverProcess
passes bench/probeEntry.ts                                 @shiftline/server/testing @shiftline/server/testing/process @shiftline/shared
`
  .split('\n')
  .filter((line) => line.trim() !== '' && !line.startsWith('#'))
  .map((line) => {
    const [expected, path, ...specifiers] = line.trim().split(/\s+/);
    return { expected, path, source: specifiers.map((specifier) => `export * from '${specifier}';`).join('\n') };
  });

const dir = mkdtempSync(join(tmpdir(), 'shiftline-boundaries-'));
try {
  copyFileSync(join(repoRoot, 'biome.json'), join(dir, 'biome.json'));
  for (const { path, source } of PROBES) {
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
  for (const { path, expected } of PROBES) {
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
