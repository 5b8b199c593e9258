#!/usr/bin/env node
// The whole test suite, as `npm test` runs it: type checks, lint, unit, database integration, browser tests.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

const CHROMIUM = '/usr/bin/chromium';
const results = [];

function step(title, command, args, options = {}) {
  console.log(`\n=== ${title}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const run = spawnSync(command, args, { stdio: 'inherit', ...options });
  console.log(
    `=== ${title}: ${run.status === 0 ? 'ok' : `FAILED (exit ${run.status})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (run.status !== 0) {
    summarize();
    process.exit(run.status ?? 1);
  }
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  console.log(`Chromium is missing at ${CHROMIUM}; installing Debian's chromium package for the browser tests…`);
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (args) =>
    execFileSync(sudo[0] ?? 'apt-get', sudo.length ? ['apt-get', ...args] : args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  apt(['update', '-qq']);
  apt(['install', '-y', '-qq', 'chromium']);
}

/** Files' wall times across the runs, for the slowest-files list at the end. */
const fileTimes = [];

function countResults(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  results.push({
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
  });
  for (const tested of report.testResults ?? []) {
    fileTimes.push({ seconds: (tested.endTime - tested.startTime) / 1000, name: relative(process.cwd(), tested.name) });
  }
}

function summarize() {
  const total = results.reduce(
    (sum, r) => ({ passed: sum.passed + r.passed, failed: sum.failed + r.failed, skipped: sum.skipped + r.skipped }),
    { passed: 0, failed: 0, skipped: 0 },
  );
  if (results.length > 0)
    console.log(`\nTests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
  if (fileTimes.length > 0) {
    // A file run in two projects (embedded database and PostgreSQL) is listed once per run.
    const slowest = [...fileTimes].sort((one, other) => other.seconds - one.seconds).slice(0, 10);
    console.log('\nSlowest test files:');
    for (const { seconds, name } of slowest) console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${name}`);
  }
}

mkdirSync('.artifacts', { recursive: true });
ensureChromium();
step('type check', 'npm', ['run', '--silent', 'typecheck']);
step('lint', 'npm', ['run', '--silent', 'lint']);
// The lint's import boundaries bite: Biome must fail on a deep import (probe files in a temporary copy).
step('import boundaries', process.execPath, ['scripts/checkImportBoundaries.mjs']);
// The committed rollup SQL (apps/server/src/rollups/sql) must be what the code generates: a query change shows in review.
step('rollup SQL drift', 'npm', ['run', '--silent', 'db:sql', '--', '--check']);
step('build web app', 'npm', ['run', '--silent', 'build']);

const projects = [
  'shared',
  'web',
  'web-mocking',
  'server',
  // Kamailio on 5060 alone, after the other server tests (vitest.config.ts).
  'server-default-port',
  ...(process.env.TEST_DATABASE_URL ? ['server-postgres'] : []),
];
if (!process.env.TEST_DATABASE_URL)
  console.log('TEST_DATABASE_URL is not set: integration tests run on the embedded database only.');
const vitest = (name, projectNames) => [
  'vitest',
  'run',
  ...projectNames.flatMap((project) => ['--project', project]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=.artifacts/${name}.json`,
];
const unitAndIntegration = spawnSync('npx', vitest('unit-integration', projects), { stdio: 'inherit' });
countResults('.artifacts/unit-integration.json');
if (unitAndIntegration.status !== 0) {
  summarize();
  process.exit(unitAndIntegration.status ?? 1);
}
const browser = spawnSync('npx', vitest('browser', ['e2e']), { stdio: 'inherit' });
countResults('.artifacts/browser.json');
summarize();
process.exit(browser.status ?? 1);
