import './scripts/node20-polyfills.ts';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const serverProject = (name: string, env: Record<string, string>): TestProjectInlineConfiguration => ({
  test: {
    name,
    root: 'apps/server',
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/globalSetup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    env,
  },
});

// Integration tests always run on the embedded database, and again on PostgreSQL when TEST_DATABASE_URL is set.
const postgresProjects = process.env.TEST_DATABASE_URL
  ? [serverProject('server-postgres', { TEST_DB_KIND: 'postgres' })]
  : [];

// One runner, four projects: pure units (shared, web components), database integration (server), browser (e2e).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', root: 'packages/shared', include: ['test/**/*.test.ts'] } },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['test/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['test/setup.ts'],
          // MUI screens rendered in jsdom take 1–4 s while the integration project shares the 2 cores; several
          // suites already said 20 s each. One limit for all keeps every screen test at 2× margin or more on CI.
          testTimeout: 20_000,
        },
      },
      serverProject('server', { TEST_DB_KIND: 'pglite' }),
      ...postgresProjects,
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['tests/**/*.test.ts'],
          globalSetup: ['support/globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
