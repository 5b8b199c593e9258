import { type Action, isPublicAction } from '@shiftline/shared';
import { describe, expect, it } from 'vitest';
import { testAppForTests } from './support/testApp.js';

const t = testAppForTests();

describe('API documentation', () => {
  it('documents every API route in the OpenAPI document served under /api/docs', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const spec = response.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(spec.openapi).toMatch(/^3\./);
    const documented = new Set(
      Object.entries(spec.paths).flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    const routes = t.app.routeRecords.filter(
      (route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs'),
    );
    for (const route of routes) {
      const openApiPath = route.url.replace(/:([A-Za-z]+)/g, '{$1}');
      expect(documented, `${route.method} ${route.url}`).toContain(`${route.method} ${openApiPath}`);
    }
    expect(JSON.stringify(spec.paths['/api/auth/login'])).toContain('email');
  });

  it('references the session and CSRF schemes, so "Try it out" sends the token on writes', async () => {
    const spec = (await t.app.inject({ url: '/api/docs/json' })).json() as OpenApiDocument;
    expect(Object.keys(spec.components.securitySchemes).sort()).toEqual(['csrf', 'session']);
    expect(spec.components.securitySchemes.csrf).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-csrf-token' });
    expect(spec.components.securitySchemes.session).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'shiftline_sid',
    });
    for (const route of apiRoutes()) {
      const operation = operationOf(spec, route);
      const label = `${route.method} ${route.url}`;
      if (route.action && isPublicAction(route.action)) expect(operation.security, label).toEqual([]);
      else if (route.method === 'GET') expect(operation.security, label).toEqual([{ session: [] }]);
      else expect(operation.security, label).toEqual([{ session: [], csrf: [] }]);
    }
    expect(operationOf(spec, { method: 'POST', url: '/api/auth/login' }).security).toEqual([]);
  });

  it('documents the error responses with the error body', async () => {
    const spec = (await t.app.inject({ url: '/api/docs/json' })).json() as OpenApiDocument;
    const errorBody = (operation: Operation, status: string) =>
      operation.responses[status]?.content?.['application/json']?.schema;
    for (const route of apiRoutes()) {
      const operation = operationOf(spec, route);
      const label = `${route.method} ${route.url}`;
      if (!route.action || !isPublicAction(route.action)) {
        for (const status of ['401', '403']) {
          expect(errorBody(operation, status), `${label} ${status}`).toMatchObject({
            properties: { error: { required: ['code', 'message'] } },
          });
        }
      }
      if (route.method === 'POST' && !isPublicAction(route.action ?? 'auth.login')) {
        expect(Object.keys(operation.responses), label).toEqual(expect.arrayContaining(['404', '409']));
      }
    }
    const approve = operationOf(spec, { method: 'POST', url: '/api/schedules/approve_event/:id' });
    expect(Object.keys(approve.responses).sort()).toEqual(['200', '400', '401', '403', '404', '409', '429', '503']);
    expect(approve.responses['400']?.description).toContain('validation_failed');
    expect(errorBody(approve, '400')).toMatchObject({
      properties: { error: { properties: { fields: { type: 'object' } } } },
    });
    const login = operationOf(spec, { method: 'POST', url: '/api/auth/login' });
    expect(Object.keys(login.responses).sort()).toEqual(['200', '400', '429', '503']);
    expect(approve.responses['503']?.description).toContain('unavailable');
  });

  it('accepts a write made the way "Try it out" sends it: the cookie and the entered CSRF token', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'schedulesupervisor@shiftline.test', password: 'shiftline' },
    });
    const cookie = login.headers['set-cookie'];
    const cookieHeader = (Array.isArray(cookie) ? cookie : [cookie ?? '']).map((c) => c.split(';')[0]).join('; ');
    const scheme = ((await t.app.inject({ url: '/api/docs/json' })).json() as OpenApiDocument).components
      .securitySchemes.csrf;
    const write = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/profile/edit_profile',
        headers: { cookie: cookieHeader, ...headers },
        payload: {},
      });
    expect((await write({})).json().error.code).toBe('csrf_failed');
    const token = (login.json() as { csrf_token: string }).csrf_token;
    expect((await write({ [scheme?.name ?? 'csrf scheme missing']: token })).json().error.code).toBe(
      'validation_failed',
    );
  });

  it('serves the interactive documentation page', async () => {
    const response = await t.app.inject({ url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.app.inject({ url: '/api/nothing/here' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });
});

type Operation = {
  security?: unknown;
  responses: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
};
type OpenApiDocument = {
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
};

const apiRoutes = () =>
  t.app.routeRecords.filter((route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs'));

function operationOf(spec: OpenApiDocument, route: { method: string; url: string; action?: Action }): Operation {
  const operation = spec.paths[route.url.replace(/:([A-Za-z]+)/g, '{$1}')]?.[route.method.toLowerCase()];
  if (!operation) throw new Error(`${route.method} ${route.url} is not documented`);
  return operation;
}
