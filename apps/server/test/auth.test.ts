import type { InjectOptions } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { as, demoEmail, login, sessionCookieOf, startTestApp, testAppForTests } from './support/testApp.js';

const t = testAppForTests();

/** POSTs a sign-in with `email` and `password` (and `more` of the request) to the file's app, or to `app`. */
const signIn = (email: string, password: string, more: InjectOptions = {}, app = t.app) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, ...more });

describe('sign-in', () => {
  it('signs in with the demo password and returns the current user with every field the spec lists', async () => {
    const response = await signIn('Agent@Shiftline.test', 'shiftline');
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name === 'shiftline_sid');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    const body = response.json();
    expect(body.csrf_token).toMatch(/^[\w-]{20,}$/);
    expect(body.user).toMatchObject({
      long_name: 'Avery Agent',
      role: 'agent',
      role_name: 'Agent',
      email: 'agent@shiftline.test',
      extension: '2001',
      timezone: 'America/Toronto',
      agent_call_type: 'inbound',
      agent_group: { name: 'Tier 1 Support' },
      pay_rate: 1850,
    });
    expect(body.user.rooms).toEqual(expect.arrayContaining([`user:${body.user.id}`, 'role:agent']));
    expect(body.user.rooms.some((room: string) => room.startsWith('campaign:'))).toBe(true);
  });

  it('refuses a wrong password and an unknown email with the same 401', async () => {
    const wrong = await signIn('agent@shiftline.test', 'nope');
    const unknown = await signIn('nobody@shiftline.test', 'shiftline');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe(unknown.json().error.message);
    expect(wrong.cookies.find((c) => c.name === 'shiftline_sid')).toBeUndefined();
  });

  it('refuses archived users and the system accounts', async () => {
    for (const email of ['former.agent@shiftline.test', 'system1@shiftline.test']) {
      const response = await signIn(email, 'shiftline');
      expect(response.statusCode).toBe(401);
    }
  });

  it('names the field of a malformed sign-in', async () => {
    const response = await signIn('not-an-email', '');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
    expect(Object.keys(response.json().error.fields)).toEqual(expect.arrayContaining(['email', 'password']));
  });

  it('rotates the session id at sign-in: the cookie held before is no longer valid', async () => {
    const first = await login(t.app, 'teamlead@shiftline.test');
    const second = await signIn('teamlead@shiftline.test', 'shiftline', { headers: { cookie: first.cookie } });
    expect(second.statusCode).toBe(200);
    expect(sessionCookieOf(second)).not.toBe(first.cookie);
    const old = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: first.cookie } });
    expect(old.statusCode).toBe(401);
    const fresh = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: sessionCookieOf(second) },
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('refuses a forged or tampered cookie', async () => {
    const session = await login(t.app, 'agent@shiftline.test');
    const tampered = `${session.cookie.slice(0, -3)}abc`;
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: tampered } });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a sign-in posted from another site', async () => {
    const response = await signIn('agent@shiftline.test', 'shiftline', {
      headers: { origin: 'https://evil.example', host: 'localhost:80' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('csrf_failed');
  });
});

describe('session and CSRF', () => {
  it('answers 401 to an anonymous /me', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('not_signed_in');
  });

  it('refuses a cookie-authenticated write without the CSRF token', async () => {
    const session = await login(t.app, 'agent@shiftline.test');
    const without = await t.app.inject({
      method: 'POST',
      url: '/api/profile/timezone',
      payload: { timezone: 'America/Halifax' },
      headers: { cookie: session.cookie },
    });
    expect(without.statusCode).toBe(403);
    expect(without.json().error.code).toBe('csrf_failed');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/profile/timezone',
      payload: { timezone: 'America/Halifax' },
      headers: { cookie: session.cookie, 'x-csrf-token': 'guess' },
    });
    expect(wrong.statusCode).toBe(403);
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/profile/timezone',
      payload: { timezone: 'America/Halifax' },
      headers: as(session),
    });
    expect(right.statusCode).toBe(200);
  });

  it('signs out: the session ends and the cookie is cleared', async () => {
    const session = await login(t.app, 'campaignmanager@shiftline.test');
    const response = await t.app.inject({ method: 'POST', url: '/api/profile/logout', headers: as(session) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'logout', url: '/login' });
    expect(response.cookies.find((c) => c.name === 'shiftline_sid')?.value).toBe('');
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: session.cookie } });
    expect(after.statusCode).toBe(401);
  });

  it('ends the sessions of a user who is archived', async () => {
    const session = await login(t.app, demoEmail('team_lead'));
    await t.database.db.updateTable('users').set({ archived: true }).where('id', '=', session.userId).execute();
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: session.cookie } });
    expect(response.statusCode).toBe(401);
    await t.database.db.updateTable('users').set({ archived: false }).where('id', '=', session.userId).execute();
  });
});

describe('sign-in rate limit', () => {
  it('answers 429 after the allowed attempts per minute for one address and email', async () => {
    const limited = await startTestApp({ loginAttemptsPerMinute: 3 });
    try {
      const attempt = () => signIn('agent@shiftline.test', 'wrong', {}, limited.app);
      const statuses = [];
      for (let index = 0; index < 4; index += 1) statuses.push((await attempt()).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429]);
      const blocked = await attempt();
      expect(blocked.json().error.code).toBe('rate_limited');
      // Another account from the same address is not locked out.
      const other = await signIn('admin@shiftline.test', 'shiftline', {}, limited.app);
      expect(other.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('answers 429 to password spraying: many accounts, one attempt each, from one address', async () => {
    const limited = await startTestApp({ loginAttemptsPerMinute: 3 });
    try {
      const attempt = (email: string, remoteAddress: string, password = 'wrong') =>
        signIn(email, password, { remoteAddress }, limited.app);
      const statuses = [];
      for (let index = 0; index < 12; index += 1) {
        statuses.push((await attempt(`sprayed${index}@shiftline.test`, '203.0.113.7')).statusCode);
      }
      // Three times the per-account limit, then refused whatever the account.
      expect(statuses).toEqual([...Array(9).fill(401), 429, 429, 429]);
      const blocked = await attempt('agent@shiftline.test', '203.0.113.7', 'shiftline');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error.code).toBe('rate_limited');
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      // The stranger locked out only their own address: the user signs in from theirs.
      expect((await attempt('agent@shiftline.test', '198.51.100.20', 'shiftline')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('sliding sessions', () => {
  afterEach(() => vi.useRealTimers());

  const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
  const maxAgeOf = (response: Awaited<ReturnType<typeof me>>) =>
    response.cookies.find((cookie) => cookie.name === 'shiftline_sid')?.maxAge;

  it('keeps an active user signed in past 12 hours: the cookie is sent again as the session slides', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const signIn = Date.parse('2026-12-01T08:00:00Z');
    vi.setSystemTime(signIn);
    const session = await login(t.app, demoEmail('schedule_supervisor'));
    // Within 5 minutes of the last write nothing is written and no cookie is sent.
    vi.setSystemTime(signIn + 60_000);
    const quiet = await me(session.cookie);
    expect(quiet.statusCode).toBe(200);
    expect(maxAgeOf(quiet)).toBeUndefined();
    for (const hours of [4, 8, 11.5]) {
      vi.setSystemTime(signIn + hours * 3_600_000);
      const active = await me(session.cookie);
      expect(active.statusCode).toBe(200);
      expect(maxAgeOf(active)).toBe(12 * 3600);
    }
    // 13 hours after sign-in, 1.5 hours after the last request: still signed in.
    vi.setSystemTime(signIn + 13 * 3_600_000);
    expect((await me(session.cookie)).statusCode).toBe(200);
  });

  it('signs out after 12 idle hours, and after 7 days however active', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const signIn = Date.parse('2026-12-01T08:00:00Z');
    vi.setSystemTime(signIn);
    const idle = await login(t.app, demoEmail('agent_supervisor'));
    const busy = await login(t.app, demoEmail('campaign_manager'));
    for (let hour = 10; hour <= 7 * 24 - 1; hour += 10) {
      vi.setSystemTime(signIn + hour * 3_600_000);
      expect((await me(busy.cookie)).statusCode).toBe(200);
    }
    expect((await me(idle.cookie)).statusCode).toBe(401);
    // The last slide stops at the seventh day: the cookie's life is cut to match.
    vi.setSystemTime(signIn + (7 * 24 - 0.5) * 3_600_000);
    expect(maxAgeOf(await me(busy.cookie))).toBe(30 * 60);
    vi.setSystemTime(signIn + 7 * 24 * 3_600_000 + 1000);
    expect((await me(busy.cookie)).statusCode).toBe(401);
  });
});

describe('force-logout', () => {
  it('lets an administrator sign out a user, but not a super admin; a super admin may', async () => {
    const admin = await login(t.app, demoEmail('administrator'));
    const superAdmin = await login(t.app, demoEmail('super_admin'));
    const agent = await login(t.app, demoEmail('agent'));
    const forceOut = (by: typeof admin, userId: number) =>
      t.app.inject({ method: 'POST', url: `/api/users/${userId}/force_logout`, headers: as(by) });
    const refused = await forceOut(admin, superAdmin.userId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('protected_user');
    expect((await t.app.inject({ url: '/api/auth/me', headers: as(superAdmin) })).statusCode).toBe(200);
    expect((await forceOut(admin, agent.userId)).statusCode).toBe(200);
    const other = await login(t.app, demoEmail('super_admin'));
    expect((await forceOut(other, superAdmin.userId)).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/auth/me', headers: as(superAdmin) })).statusCode).toBe(401);
  });
});
