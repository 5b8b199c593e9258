#!/usr/bin/env node
// The whole test suite, as `npm test` runs it: type checks, lint, unit, database integration, browser tests.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

const CHROMIUM = '/usr/bin/chromium';
const results = [];
const suiteStarted = Date.now();

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

/**
 * Starts a command (its output inherited, or into a log file) without blocking, so the runs beside it keep their own
 * times; resolves with its exit code and how long it took.
 */
function run(command, args, output) {
  const began = Date.now();
  const log = output === 'inherit' ? null : openSync(output, 'w');
  const child = spawn(command, args, { stdio: log === null ? 'inherit' : ['ignore', log, log] });
  return new Promise((resolve) => {
    child.once('exit', (code) => {
      if (log !== null) closeSync(log);
      resolve({ code: code ?? 1, seconds: ((Date.now() - began) / 1000).toFixed(1) });
    });
  });
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
  console.log(`\nnpm test took ${((Date.now() - suiteStarted) / 1000).toFixed(0)} s`);
}

mkdirSync('.artifacts', { recursive: true });
ensureChromium();
// The type check (20–40 s of about one core) runs beside the lint, the checks and the build; its output comes after them.
const typecheck = run('npm', ['run', '--silent', 'typecheck'], '.artifacts/typecheck.log');
step('lint', 'npm', ['run', '--silent', 'lint']);
// The lint's import boundaries bite: Biome must fail on a deep import (probe files in a temporary copy).
step('import boundaries', process.execPath, ['scripts/checkImportBoundaries.mjs']);
// The committed rollup SQL (apps/server/src/rollups/sql) must be what the code generates: a query change shows in review.
step('rollup SQL drift', 'npm', ['run', '--silent', 'db:sql', '--', '--check']);
step('build web app', 'npm', ['run', '--silent', 'build']);
const typed = await typecheck;
console.log(
  `\n=== type check, run beside the steps above: ${typed.code === 0 ? 'ok' : `FAILED (exit ${typed.code})`} in ${typed.seconds} s`,
);
process.stdout.write(readFileSync('.artifacts/typecheck.log', 'utf8'));
if (typed.code !== 0) process.exit(typed.code);

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
/*
 * The browser tests run in two runs of their own, their output kept in files and printed once everything has finished.
 * Browser tests mostly wait (pages, the network, real-time calls: a whole run used a third of a core on this 2-core
 * machine). The e2e project's files, taking turns on one shared server, run beside the unit and integration tests and
 * fill the cores those leave idle. The e2e-own-app files (vitest.config.ts) start after those: their real-SIP calls
 * failed twice beside them on a loaded machine (an after-call Close left the agent in after-call work) and passed when
 * only the e2e files ran beside them.
 */
const browser = run('npx', vitest('browser', ['e2e']), '.artifacts/browser.log');
const unitAndIntegration = await run('npx', vitest('unit-integration', projects), 'inherit');
console.log(
  `\n=== unit and integration tests: ${unitAndIntegration.code === 0 ? 'ok' : `FAILED (exit ${unitAndIntegration.code})`} in ${unitAndIntegration.seconds} s`,
);
const ownApp = run('npx', vitest('browser-own-app', ['e2e-own-app']), '.artifacts/browser-own-app.log');
const exitCodes = [unitAndIntegration.code];
for (const [title, running, log] of [
  [
    'browser tests on the shared server (e2e), run beside the unit and integration tests',
    browser,
    '.artifacts/browser.log',
  ],
  ['browser tests with their own app (e2e-own-app), run after them', ownApp, '.artifacts/browser-own-app.log'],
]) {
  const { code, seconds } = await running;
  console.log(`\n=== ${title}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${seconds} s\n`);
  console.log(readFileSync(log, 'utf8'));
  exitCodes.push(code);
}
countResults('.artifacts/unit-integration.json');
countResults('.artifacts/browser.json');
countResults('.artifacts/browser-own-app.json');
summarize();
process.exit(exitCodes.find((code) => code !== 0) ?? 0);
