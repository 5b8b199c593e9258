import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { AppConfig } from '../../src/config.js';
import type { DatabaseHandle } from '../../src/db/database.js';
import { DEMO_LOGINS, DEMO_PASSWORD } from '../../src/db/demo/demoLogins.js';
import { SESSION_COOKIE } from '../../src/plugins/access.js';
import { openTestDatabase } from './databases.js';

export const testConfig = (overrides: Partial<AppConfig> = {}): AppConfig => ({
  port: 0,
  host: '127.0.0.1',
  dataDir: '',
  databaseUrl: null,
  redisUrl: null,
  // Test files run side by side on one Redis: each worker's apps talk only among themselves.
  redisKeyPrefix: `shiftline-test-${process.pid}`,
  sessionSecret: 'test-secret-that-is-long-enough-for-cookies',
  webDist: null,
  logLevel: 'silent',
  loginAttemptsPerMinute: 1000,
  secureCookies: false,
  trustProxy: false,
  allowedOrigins: [],
  ...overrides,
});

export type TestApp = { app: FastifyInstance; database: DatabaseHandle; close: () => Promise<void> };

/** The real application on a fresh copy of the seeded test database. */
export async function startTestApp(
  overrides: Partial<AppConfig> = {},
  options: { now?: () => number } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const app = await buildApp({ config: testConfig(overrides), database, now: options.now });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * The test app of a file (or describe block): started before its tests, by a `beforeAll` registered here (so before
 * the file's own, which may use it), and closed after them, after the file's own `afterAll` hooks. Its fields are set
 * once the tests (and those hooks) run.
 */
export function testAppForTests(overrides: Partial<AppConfig> = {}, options: { now?: () => number } = {}): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await startTestApp(overrides, options));
  });
  afterAll(() => t.close());
  return t;
}

export type Session = { cookie: string; csrf: string; userId: number };

export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error(`no session cookie in ${response.statusCode} ${response.body}`);
  return `${SESSION_COOKIE}=${cookie.value}`;
}

export async function login(app: FastifyInstance, email: string, password = DEMO_PASSWORD): Promise<Session> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login ${email}: ${response.statusCode} ${response.body}`);
  const body = response.json() as { csrf_token: string; user: { id: number } };
  return { cookie: sessionCookieOf(response), csrf: body.csrf_token, userId: body.user.id };
}

export const demoEmail = (role: (typeof DEMO_LOGINS)[number]['role']) =>
  (DEMO_LOGINS.find((entry) => entry.role === role) as (typeof DEMO_LOGINS)[number]).email;

/** Headers of a signed-in request; writes carry the CSRF token. */
export const as = (session: Session) => ({ cookie: session.cookie, 'x-csrf-token': session.csrf });

/** The id of the protected administrator (the seeded root account nobody may disable or force out). */
export async function protectedAdminId(database: DatabaseHandle): Promise<number> {
  const root = await database.db
    .selectFrom('users')
    .select('id')
    .where('is_protected', '=', true)
    .executeTakeFirstOrThrow();
  return root.id;
}

/** A new call-taking user with the demo password and no shifts, for tests that need a clean calendar. */
export async function createTestUser(
  database: DatabaseHandle,
  fields: { email: string; timezone: string; role?: 'agent' | 'team_lead'; displayFrom?: Date | null },
): Promise<number> {
  const template = await database.db
    .selectFrom('users')
    .select('password_hash')
    .where('email', '=', 'agent@shiftline.test')
    .executeTakeFirstOrThrow();
  const row = await database.db
    .insertInto('users')
    .values({
      email: fields.email,
      password_hash: template.password_hash,
      first_name: 'Test',
      second_name: fields.email.split('@')[0] as string,
      role: fields.role ?? 'agent',
      timezone: fields.timezone,
      display_from: fields.displayFrom ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
