import { type Action, can, proposeBreaks, ROLES, type Role } from '@shiftline/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { as, demoEmail, login, type Session, testAppForTests } from './support/testApp.js';

const t = testAppForTests();
const sessions = new Map<Role, Session>();

beforeAll(async () => {
  for (const role of ROLES) sessions.set(role, await login(t.app, demoEmail(role)));
});

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

const BAD_PARAMS = [
  'abc',
  '-1',
  '0',
  '1.5',
  '99999999999999999999',
  '%00',
  "1'; DROP TABLE users;--",
  // Ids past PostgreSQL's integer, and numbers JavaScript reads but nobody writes as an id.
  '3000000000',
  '2147483648',
  '0x10',
  '1e3',
  '1.0',
  '%201',
  '9999-12-31T00:00:00Z',
];
const BAD_QUERIES = ['?type=sideways', '?campaign=abc', '?group=-3', '?campaign[]=1', '?type=inbound&type=outbound'];

const allowedSession = (action: Action): Session => {
  const role = ROLES.find((candidate) => can(candidate, action)) ?? 'super_admin';
  return sessions.get(role) as Session;
};

describe('malformed input never causes a server error', () => {
  // Every route with every bad body, param and query string: 13 s on a loaded 2-core CI machine.
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
  }, 60_000);
});

/**
 * The hostile shapes, written generically: every route's request schema (body, query string, path) is turned into
 * a valid sample (required fields only; a few routes get a sample their rules accept, so a hostile value reaches as
 * far as the database would), then each field in turn gets each hostile value of its kind, and every instant of a
 * part is moved together to year 9999 or 1969. Whatever the route, the answer must be a 4xx, and a 400 must name
 * the field (unless the sample itself fails the schema). Nothing is sent but the hostile requests.
 */
type JsonSchema = {
  type?: string;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  required?: string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};
type RequestParts = { params: Record<string, unknown>; query: Record<string, unknown>; body: unknown };

const HOSTILE_NUMBERS = [3_000_000_000, 2_147_483_648, 1e15, -1e15, 1e300];
const HOSTILE_INSTANTS = ['9999-12-31T00:00:00Z', '1969-12-31T23:59:59Z', '0001-01-01T00:00:00Z'];
const HOSTILE_DATES = ['9999-12-31', '0001-01-01'];
const HOSTILE_ID_TEXTS = ['3000000000', '0x10', '1e3', '1.0', ' 1'];
const HOSTILE_YEARS = ['9999', '1969'];
const NUL_TEXT = 'before\u0000after';

// A day far from the demo's shifts, so a sample shift clashes with nothing and reaches the insert.
const SHIFT_START = Date.parse('2027-06-07T14:00:00Z');
const SHIFT_END = Date.parse('2027-06-07T22:00:00Z');
const sampleShift = {
  start: new Date(SHIFT_START).toISOString(),
  end: new Date(SHIFT_END).toISOString(),
  breaks: proposeBreaks({ start: SHIFT_START, end: SHIFT_END }).map((item) => ({
    type: item.type,
    start: new Date(item.start).toISOString(),
  })),
};
/** Samples the rules accept where the generic one would be refused before the write (breaks, campaigns). */
const SAMPLES: Record<string, Partial<RequestParts>> = {
  'POST /api/schedules/save_new_event': { body: sampleShift },
  'POST /api/schedules/set_free_shift': { body: { ...sampleShift, count_agents: 1, campaigns: [1] } },
};

const jsonSchemaOf = (schema: unknown): JsonSchema | null =>
  schema ? (z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema) : null;

const options = (schema: JsonSchema) => (schema.anyOf ?? schema.oneOf ?? []).filter((option) => option.type !== 'null');

/** A value the schema accepts: required fields only; the first option, enum value or minimum; times ahead. */
function sample(schema: JsonSchema, path: string[]): unknown {
  const key = path.filter((part) => !/^\d+$/.test(part)).at(-1) ?? '';
  const union = options(schema);
  if (union.length > 0) return sample(union[0] as JsonSchema, path);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([name]) => schema.required?.includes(name))
          .map(([name, child]) => [name, sample(child, [...path, name])]),
      );
    case 'array':
      return schema.items ? [sample(schema.items, [...path, '0'])] : [];
    case 'boolean':
      return false;
    case 'integer':
    case 'number':
      if (key === 'start') return Date.UTC(2026, 10, 2) / 1000;
      if (key === 'end') return Date.UTC(2026, 10, 9) / 1000 - 1;
      return schema.minimum ?? 1;
    case 'string':
      if (schema.format === 'date-time') return key.startsWith('end') ? '2027-06-09T00:00:00Z' : '2027-06-07T00:00:00Z';
      if (schema.format === 'date') return key.startsWith('end') ? '2027-06-30' : '2027-06-07';
      if (schema.format === 'email') return 'agent@shiftline.test';
      if (schema.pattern?.startsWith('^[1-9]')) return '1';
      return 'text';
    default:
      return null;
  }
}

/** Each field path of the schema (optional ones too) with the hostile values of its kind. */
function hostileFields(schema: JsonSchema, path: string[] = []): { path: string[]; values: unknown[] }[] {
  const union = options(schema);
  if (union.length > 0) return union.flatMap((option) => hostileFields(option, path));
  if (schema.type === 'object') {
    return Object.entries(schema.properties ?? {}).flatMap(([name, child]) => hostileFields(child, [...path, name]));
  }
  if (path.length === 0) return [];
  if (schema.type === 'array') {
    const item = schema.items ? sample(schema.items, [...path, '0']) : 1;
    const nested = schema.items ? hostileFields(schema.items, [...path, '0']) : [];
    return [{ path, values: [Array.from({ length: 20_000 }, () => item)] }, ...nested];
  }
  if (schema.type === 'integer' || schema.type === 'number') {
    // A number the field declares acceptable (3,000,000,000 Unix seconds is 2065) is no hostile value for it.
    const outside = (value: number) =>
      value < (schema.minimum ?? -Infinity) || value > (schema.maximum ?? Infinity) || schema.maximum === undefined;
    return [{ path, values: HOSTILE_NUMBERS.filter(outside) }];
  }
  if (schema.type !== 'string' || schema.enum || schema.const !== undefined) return [];
  const values: unknown[] = [NUL_TEXT];
  if (schema.format === 'date-time') values.push(...HOSTILE_INSTANTS);
  if (schema.format === 'date') values.push(...HOSTILE_DATES);
  if (schema.pattern?.startsWith('^[1-9]')) values.push(...HOSTILE_ID_TEXTS);
  return [{ path, values }];
}

function withValue(base: unknown, path: string[], value: unknown): unknown {
  const copy = structuredClone(base ?? {}) as Record<string, unknown>;
  let node = copy;
  path.slice(0, -1).forEach((part, index) => {
    // An optional list or object left out of the sample is created to hold the hostile value.
    node[part] ??= /^\d+$/.test(path[index + 1] as string) ? [] : {};
    node = node[part] as Record<string, unknown>;
  });
  node[path.at(-1) as string] = value;
  return copy;
}

/** Every instant of a part moved together to another year, so their order and spans still hold (a 9999 shift). */
function inYear(value: unknown, year: string, key = ''): unknown {
  if (typeof value === 'string') return /^\d{4}-\d\d-\d\d/.test(value) ? `${year}${value.slice(4)}` : value;
  if (typeof value === 'number' && (key === 'start' || key === 'end')) {
    return value + (Date.UTC(Number(year), 0, 1) - Date.UTC(2026, 0, 1)) / 1000;
  }
  if (Array.isArray(value)) return value.map((item) => inYear(item, year));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, inYear(item, year, name)]));
  }
  return value;
}

const toUrl = (route: string, params: Record<string, unknown>, query: Record<string, unknown>) => {
  const path = route.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
  const search = new URLSearchParams(
    Object.entries(query).map(([name, value]): [string, string] => [name, String(value)]),
  ).toString();
  return search ? `${path}?${search}` : path;
};

describe('hostile values in every field of every route', () => {
  // Each hostile value of every field of every route, one request at a time: 30 s on the embedded database on a loaded
  // 2-core machine.
  it('answers 4xx naming the field: big ids, ids as 0x10 or 1e3, NUL bytes, instants outside 1970–2099, huge lists', {
    timeout: 90_000,
  }, async () => {
    const failures: string[] = [];
    let attempts = 0;
    const routes = t.app.routeRecords.filter(
      (route) =>
        route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && route.url !== '/api/profile/logout',
    );
    // One session per role, signed in again whenever a route's requests ended it (a force-logout that got through
    // must not blind the rest); signing in costs a password hash, so not once per route.
    const roleHeaders = new Map<string, ReturnType<typeof as>>();
    const headersFor = async (role: (typeof ROLES)[number]) => {
      const known = roleHeaders.get(role);
      if (known && (await t.app.inject({ url: '/api/auth/me', headers: known })).statusCode === 200) return known;
      const fresh = as(await login(t.app, demoEmail(role)));
      roleHeaders.set(role, fresh);
      return fresh;
    };
    for (const route of routes) {
      const role = ROLES.find((candidate) => can(candidate, route.action as Action)) ?? 'super_admin';
      const headers = await headersFor(role);
      const zod = { params: route.schema.params, query: route.schema.querystring, body: route.schema.body };
      const parts = { params: jsonSchemaOf(zod.params), query: jsonSchemaOf(zod.query), body: jsonSchemaOf(zod.body) };
      const base: RequestParts = {
        params: (parts.params ? sample(parts.params, []) : {}) as Record<string, unknown>,
        query: (parts.query ? sample(parts.query, []) : {}) as Record<string, unknown>,
        body: parts.body ? sample(parts.body, []) : undefined,
        ...SAMPLES[`${route.method} ${route.url}`],
      };
      const sampleRefused = (['params', 'query', 'body'] as const).some(
        (part) => zod[part] !== undefined && !(zod[part] as z.ZodType).safeParse(base[part]).success,
      );
      const attempt = async (part: keyof RequestParts, name: string | null, value: unknown) => {
        attempts += 1;
        const request = { ...base, [part]: name === null ? value : withValue(base[part], name.split('.'), value) };
        const response = await t.app.inject({
          method: route.method as 'GET' | 'POST',
          url: toUrl(route.url, request.params, request.query),
          headers,
          ...(request.body !== undefined ? { payload: request.body as object } : {}),
        });
        const label = `${route.method} ${route.url} ${part}.${name ?? '*'} = ${JSON.stringify(value).slice(0, 60)}`;
        if (response.statusCode < 400 || response.statusCode >= 500) {
          failures.push(`${label} → ${response.statusCode} ${response.body.slice(0, 200)}`);
          return;
        }
        const fields = (response.json() as { error?: { fields?: Record<string, string> } }).error?.fields;
        if (response.statusCode !== 400 || sampleRefused) return;
        const named = Object.keys(fields ?? {}).some(
          (key) => name === null || key === name || key.startsWith(`${name}.`) || name.startsWith(`${key}.`),
        );
        if (!fields || !named) failures.push(`${label} → 400 naming ${Object.keys(fields ?? {}).join(', ') || 'none'}`);
      };
      for (const part of ['params', 'query', 'body'] as const) {
        const schema = parts[part];
        if (!schema) continue;
        for (const field of hostileFields(schema)) {
          for (const value of field.values) await attempt(part, field.path.join('.'), value);
        }
        for (const year of HOSTILE_YEARS) {
          const moved = inYear(base[part], year);
          if (JSON.stringify(moved) !== JSON.stringify(base[part])) await attempt(part, null, moved);
        }
      }
    }
    expect(attempts).toBeGreaterThan(300);
    expect(failures).toEqual([]);
  });
});
