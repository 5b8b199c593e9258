import { type Action, can, ROLES, type Role } from '@shiftline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, demoEmail, login, type Session, startTestApp, type TestApp } from './support/testApp.js';

let t: TestApp;
const sessions = new Map<Role, Session>();

beforeAll(async () => {
  t = await startTestApp();
  for (const role of ROLES) sessions.set(role, await login(t.app, demoEmail(role)));
});
afterAll(() => t.close());

const BAD_BODIES: { name: string; payload: string; contentType: string }[] = [
  { name: 'broken JSON', payload: '{"email": ', contentType: 'application/json' },
  { name: 'a JSON array', payload: '[1,2,3]', contentType: 'application/json' },
  { name: 'a JSON string', payload: '"hello"', contentType: 'application/json' },
  { name: 'null', payload: 'null', contentType: 'application/json' },
  {
    name: 'wrong types',
    payload: JSON.stringify({
      email: 5,
      password: [],
      user: {},
      campaign: 'x',
      timezone: 7,
      current_password: null,
      new_password: 1,
      first_name: {},
      extension: 12,
      rooms: 'a',
    }),
    contentType: 'application/json',
  },
  {
    name: 'a huge string',
    payload: JSON.stringify({
      email: `${'a'.repeat(5000)}@x.io`,
      password: 'p'.repeat(5000),
      timezone: 'Mars/Olympus',
      user: 'x'.repeat(5000),
      campaign: -1,
    }),
    contentType: 'application/json',
  },
  { name: 'form encoding', payload: 'email=a&password=b', contentType: 'application/x-www-form-urlencoded' },
  { name: 'plain text', payload: 'hello', contentType: 'text/plain' },
];

const BAD_PARAMS = ['abc', '-1', '0', '1.5', '99999999999999999999', '%00', "1'; DROP TABLE users;--"];
const BAD_QUERIES = ['?type=sideways', '?campaign=abc', '?group=-3', '?campaign[]=1', '?type=inbound&type=outbound'];

const allowedSession = (action: Action): Session => {
  const role = ROLES.find((candidate) => can(candidate, action)) ?? 'super_admin';
  return sessions.get(role) as Session;
};

describe('malformed input never causes a server error', () => {
  it('answers 4xx with a JSON error naming a field for bad bodies, params and query strings on every route', async () => {
    const failures: string[] = [];
    const routes = t.app.routeRecords.filter(
      (route) =>
        route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && route.url !== '/api/profile/logout',
    );
    for (const route of routes) {
      const session = allowedSession(route.action as Action);
      const headers = as(session);
      const urls = route.url.includes(':')
        ? BAD_PARAMS.map((bad) => route.url.replace(/:[A-Za-z]+/g, encodeURIComponent(bad)))
        : [route.url, ...BAD_QUERIES.map((query) => `${route.url}${query}`)];
      const attempts: { url: string; payload?: string; contentType?: string }[] = urls.map((url) => ({ url }));
      if (route.method !== 'GET') {
        const url = route.url.replace(/:[A-Za-z]+/g, '1');
        for (const body of BAD_BODIES) attempts.push({ url, payload: body.payload, contentType: body.contentType });
      }
      for (const attempt of attempts) {
        const response = await t.app.inject({
          method: route.method as 'GET' | 'POST',
          url: attempt.url,
          headers: { ...headers, ...(attempt.contentType ? { 'content-type': attempt.contentType } : {}) },
          ...(attempt.payload !== undefined ? { payload: attempt.payload } : {}),
        });
        const label = `${route.method} ${attempt.url} ${attempt.payload?.slice(0, 30) ?? ''}`;
        if (response.statusCode >= 500) failures.push(`${label} → ${response.statusCode} ${response.body}`);
        if (response.statusCode >= 400) {
          const body = response.json();
          if (typeof body?.error?.message !== 'string') failures.push(`${label} → body without error message`);
          if (response.statusCode === 400 && !body.error.fields) failures.push(`${label} → 400 without fields`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
