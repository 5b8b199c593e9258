import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import './scripts/node20-polyfills.ts';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/*
 * The tests that run real Kamailio, rtpengine and SIP parties check SIP behaviour, which does not change with the
 * database: they run once per run, on PostgreSQL when TEST_DATABASE_URL is set (production's database, with its
 * concurrent connections), else on the embedded one. The rest of the integration tests run on both.
 */
const KAMAILIO_TESTS = [
  'test/telephony/{kamailio,kamailioOutbound,kamailioTrunks,registrations,deskPhone,recordings}.test.ts',
];
/**
 * Kamailio on SIP's own port 5060 (and `npm run telephony` as the README runs it) needs that port free for its whole
 * run, and SIPp callers take 5060 when they find it free: it runs alone, after every other server test.
 */
const DEFAULT_PORT_TEST = 'test/telephony/defaultPort.test.ts';
const kamailioTestsRunOn = process.env.TEST_DATABASE_URL ? 'server-postgres' : 'server';

const serverProject = (name: string, env: Record<string, string>): TestProjectInlineConfiguration => ({
  test: {
    name,
    root: 'apps/server',
    include: ['test/**/*.test.ts'],
    exclude: [DEFAULT_PORT_TEST, ...(kamailioTestsRunOn === name ? [] : KAMAILIO_TESTS)],
    globalSetup: ['test/globalSetup.ts'],
    // The longest tests without a limit of their own (the route walk, the working-hours migration on PostgreSQL) took
    // just over 30 s in a full npm test on a loaded 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    // Files share each worker's module cache: evaluating the server's modules again for every file was a fifth of the
    // integration runs' time. Each file still opens its own database and app; none replaces a module (vi.mock), which
    // would leak into the files after it (the web tests keep such files in an isolated project).
    isolate: false,
    env,
  },
});

// Integration tests always run on the embedded database, and again on PostgreSQL when TEST_DATABASE_URL is set.
const postgresProjects = process.env.TEST_DATABASE_URL
  ? [serverProject('server-postgres', { TEST_DB_KIND: 'postgres' })]
  : [];

/** The web tests that replace modules (vi.mock) and those that do not, read from their files. */
function webTests() {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.test\.tsx?$/.test(entry.name)) found.push(path);
    }
  };
  walk('apps/web/test');
  const mocks = (path: string) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(path, 'utf8'));
  const relative = (path: string) => path.replace(/^apps\/web\//, '');
  return {
    mocking: found.filter(mocks).map(relative),
    shared: found.filter((path) => !mocks(path)).map(relative),
  };
}
const WEB_TESTS = webTests();

/**
 * The browser tests that start an app of their own (a centre from nothing, the real-SIP files that re-run inside a
 * private network namespace with their own app and Kamailio), read from their files: a project of their own
 * (e2e-own-app), without the shared server the e2e project's files take turns on. npm test runs the e2e project beside
 * the unit and integration tests, then this one (scripts/test.mjs says why).
 */
function browserTests() {
  const folder = 'e2e/tests';
  const files = readdirSync(folder).filter((name) => name.endsWith('.test.ts'));
  const ownApp = (name: string) =>
    /\b(startServer|startTelephonyApp|runsInsideNamespace)\(/.test(readFileSync(join(folder, name), 'utf8'));
  return { ownApp: files.filter(ownApp).map((name) => `tests/${name}`) };
}
const BROWSER_TESTS = browserTests();

/*
 * Web component tests in jsdom. Importing MUI and the app's modules is most of their cost, so files that replace no
 * module share one module cache per worker (isolate: false); a file that mocks modules gets a fresh one, as its
 * replacements would leak into the files after it.
 */
const webProject = (
  name: string,
  options: { isolate: boolean; include: string[] },
): TestProjectInlineConfiguration => ({
  test: {
    name,
    root: 'apps/web',
    include: options.include,
    isolate: options.isolate,
    maxWorkers: 2,
    environment: 'jsdom',
    setupFiles: ['test/setup.ts'],
    // MUI screens rendered in jsdom take 1–4 s while the integration project shares the 2 cores; several suites
    // already said 20 s each. One limit for all keeps every screen test at 2× margin or more on CI.
    testTimeout: 20_000,
  },
});

// One runner, four projects: pure units (shared, web components), database integration (server), browser (e2e).
export default defineConfig({
  test: {
    projects: [
      // Two workers, like the other unit projects: with Vitest's default (one on two cores) its files would wait for
      // every other project to finish and then run one at a time.
      { test: { name: 'shared', root: 'packages/shared', include: ['test/**/*.test.ts'], maxWorkers: 2 } },
      webProject('web', { isolate: false, include: WEB_TESTS.shared }),
      webProject('web-mocking', { isolate: true, include: WEB_TESTS.mocking }),
      serverProject('server', { TEST_DB_KIND: 'pglite' }),
      {
        test: {
          name: 'server-default-port',
          root: 'apps/server',
          include: [DEFAULT_PORT_TEST],
          // No template database: the test starts the app as the README does, on a data folder of its own.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
          env: { TEST_DB_KIND: 'pglite' },
        },
      },
      ...postgresProjects,
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['tests/**/*.test.ts'],
          exclude: BROWSER_TESTS.ownApp,
          globalSetup: ['support/globalSetup.ts'],
          // Beside the unit and integration tests (npm test) the longest tests without a limit of their own took 35 s.
          testTimeout: 90_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // Tests a file marks concurrent run two at a time: one waits on the network while the other works.
          maxConcurrency: 2,
        },
      },
      {
        // No shared server (no globalSetup): each file starts the app it tests.
        test: {
          name: 'e2e-own-app',
          root: 'e2e',
          include: BROWSER_TESTS.ownApp,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
