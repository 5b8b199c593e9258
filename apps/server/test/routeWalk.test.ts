import { type Action, can, isPublicAction, ROLES, type Role } from '@shiftline/shared';
import { Ajv, type ValidateFunction } from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import { as, demoEmail, login, type Session, testAppForTests } from './support/testApp.js';

const t = testAppForTests();
const sessions = new Map<Role, Session>();

/** Sign-out ends the caller's own session, so it runs last or every later call would be anonymous. */
const SELF_ENDING = new Set(['POST /api/profile/logout']);

type Document = {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>
  >;
};
let document: Document;

beforeAll(async () => {
  for (const role of ROLES) sessions.set(role, await login(t.app, demoEmail(role)));
  document = (await t.app.inject({ url: '/api/docs/json' })).json();
});

/**
 * Each answer checked against the OpenAPI document's schema for its route, method and status (as a fuzzer reading
 * the document would): the document is the API's contract.
 */
const ajv = new Ajv({ strict: false, allErrors: false });
const validators = new Map<string, ValidateFunction | null>();
// Routes repeat the same schemas (the error body under each status): each distinct one is compiled once.
const compiled = new Map<string, ValidateFunction>();
function validatorOf(schema: object): ValidateFunction {
  const text = JSON.stringify(schema);
  let validate = compiled.get(text);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(text, validate);
  }
  return validate;
}
function contractBreach(method: string, url: string, status: number, body: string, type: string | undefined) {
  const path = url.replace(/:([A-Za-z]+)/g, '{$1}');
  const key = `${method} ${path} ${status}`;
  if (!validators.has(key)) {
    const declared = document.paths[path]?.[method.toLowerCase()]?.responses[String(status)];
    const schema = declared?.content?.['application/json']?.schema;
    validators.set(key, schema ? validatorOf(schema) : null);
  }
  const validate = validators.get(key);
  if (validate === undefined) return null;
  if (validate === null) return document.paths[path] ? `status ${status} is not documented` : null;
  if (!type?.startsWith('application/json')) return `answered ${type ?? 'no content type'}, documented as JSON`;
  return validate(JSON.parse(body)) ? null : ajv.errorsText(validate.errors);
}

const apiRoutes = () =>
  t.app.routeRecords
    .filter((route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs'))
    .sort((a, b) => Number(SELF_ENDING.has(`${a.method} ${a.url}`)) - Number(SELF_ENDING.has(`${b.method} ${b.url}`)));

// An id nothing has: row rules then answer 404, so any 401/403 left comes from the permission table.
const UNKNOWN_ID = 999_999;
const concreteUrl = (url: string) => url.replace(/:[A-Za-z]+/g, String(UNKNOWN_ID));

describe('every registered route against the permission table', () => {
  it('declares a permission action on every API route', () => {
    const routes = t.app.routeRecords.filter(
      (route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs'),
    );
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) expect(route.action, `${route.method} ${route.url}`).toBeDefined();
  });

  it('answers every role and anonymous visitors as the table says', async () => {
    const mismatches: string[] = [];
    for (const route of apiRoutes()) {
      const action = route.action as Action;
      const callers: (Role | null)[] = [null, ...ROLES];
      for (const role of callers) {
        // Writes get an empty body: an allowed role then meets validation (400) or a missing row (404), never 401/403.
        const headers = role ? as(sessions.get(role) as Session) : {};
        const response = await t.app.inject({
          method: route.method as 'GET' | 'POST',
          url: concreteUrl(route.url),
          headers,
          ...(route.method === 'GET' ? {} : { payload: {} }),
        });
        const status = response.statusCode;
        const allowed = can(role, action);
        const label = `${route.method} ${route.url} as ${role ?? 'anonymous'} → ${status}`;
        const breach = contractBreach(
          route.method as string,
          route.url,
          status,
          response.body,
          response.headers['content-type'] as string | undefined,
        );
        if (breach) mismatches.push(`${label}: ${breach}`);
        if (isPublicAction(action)) {
          if (status === 401 || status === 403) mismatches.push(`${label} (public)`);
        } else if (role === null) {
          if (status !== 401) mismatches.push(`${label} (expected 401)`);
        } else if (!allowed) {
          if (status !== 403) mismatches.push(`${label} (expected 403)`);
        } else if (status === 401 || status === 403 || status >= 500) {
          mismatches.push(`${label} (expected to be let through)`);
        }
      }
    }
    expect(mismatches).toEqual([]);
    // About 200 routes × 9 callers, each answer checked against the document: 7 s alone, over 30 s on a CI machine
    // whose two cores also run the browser tests.
  }, 120_000);
});
