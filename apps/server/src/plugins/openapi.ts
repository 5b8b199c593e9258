import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { ERROR_STATUS, errorBodySchema, isPublicAction } from '@shiftline/shared';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CSRF_HEADER, SESSION_COOKIE } from './access.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The error body as JSON Schema, the same zod schema the web app reads errors with. */
const errorBodyJsonSchema = z.toJSONSchema(errorBodySchema, { target: 'openapi-3.0' }) as Record<string, unknown>;

const codesOf = (status: number) =>
  Object.entries(ERROR_STATUS)
    .filter(([, codeStatus]) => codeStatus === status)
    .map(([code]) => `\`${code}\``)
    .join(', ');

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input; `error.fields` names each field and what was wrong with it',
  401: 'Not signed in, or the session has ended',
  403: 'The role may not do this, or the CSRF token is missing or wrong',
  404: 'The record named does not exist or is not visible to the caller',
  409: 'Conflicts with the current state (for example approving a canceled shift)',
  429: 'Too many attempts (wait a minute), or too many changes at once (try again in a moment)',
  503: 'The database is not answering; try again in a moment',
};

const errorResponse = (status: number) => {
  const { $schema: _ignored, ...schema } = errorBodyJsonSchema;
  return { ...schema, description: `${ERROR_DESCRIPTIONS[status]} (codes: ${codesOf(status)})` };
};

/** The errors a route can answer with, from what it accepts and what the access hook checks. */
function errorStatuses(route: RouteOptions, method: string, isPublic: boolean): number[] {
  const { schema } = route;
  const isWrite = !SAFE_METHODS.has(method);
  const statuses: number[] = [];
  // A write always reads a body (JSON, or a multipart upload without a body schema): a malformed one is a 400.
  if (schema?.body || schema?.querystring || schema?.params || isWrite) statuses.push(400);
  if (!isPublic) statuses.push(401, 403);
  if (schema?.params || (isWrite && !isPublic)) statuses.push(404);
  if (isWrite && !isPublic) statuses.push(409);
  // Sign-in limits, and writes refused as busy (too many at once: try again).
  if ((route.config && 'rateLimit' in route.config && route.config.rateLimit) || isWrite) statuses.push(429);
  // Any route may find the database not answering.
  statuses.push(503);
  return statuses;
}

/**
 * OpenAPI from the routes' zod schemas, with what the access hook enforces: signed-in operations reference the
 * session cookie, writes also the CSRF header (so the docs' "Try it out" sends the token once it is entered under
 * "Authorize"), and every operation lists its error responses with the shared error body.
 */
export const openApiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Shiftline API', description: 'Call-centre scheduling and operations', version: '0.1.0' },
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description:
              'Set by POST /api/auth/login; the browser sends it, so sign in to the app in this browser first.',
          },
          csrf: {
            type: 'apiKey',
            in: 'header',
            name: CSRF_HEADER,
            description:
              'Required on every signed-in write: the `csrf_token` of GET /api/auth/me (or of the login answer).',
          },
        },
      },
    },
    transform: (document) => {
      const { schema, url } = jsonSchemaTransform(document);
      const route = document.route;
      const action = route.config && 'action' in route.config ? route.config.action : undefined;
      if (!action || (schema as { hide?: boolean } | undefined)?.hide) return { schema, url };
      const method = (Array.isArray(route.method) ? route.method[0] : route.method) as string;
      const isPublic = isPublicAction(action);
      const response: Record<string, unknown> = { ...(schema?.response as Record<string, unknown> | undefined) };
      for (const status of errorStatuses(route, method, isPublic)) response[status] ??= errorResponse(status);
      const security = isPublic ? [] : SAFE_METHODS.has(method) ? [{ session: [] }] : [{ session: [], csrf: [] }];
      return { schema: withNullInNullableEnums({ ...schema, response, security }), url };
    },
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    // The entered CSRF token survives a reload of the docs page.
    uiConfig: { persistAuthorization: true },
  });
});

/**
 * OpenAPI 3.0 reads `enum` before `nullable`: a nullable enum allows null only when null is one of its values (a
 * validator of the document refused `agent_call_type: null` otherwise). Adds it wherever a schema is both.
 */
function withNullInNullableEnums<T>(node: T): T {
  if (Array.isArray(node)) return node.map(withNullInNullableEnums) as T;
  if (node === null || typeof node !== 'object') return node;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) copy[key] = withNullInNullableEnums(value);
  if (copy.nullable === true && Array.isArray(copy.enum) && !copy.enum.includes(null)) copy.enum = [...copy.enum, null];
  return copy as T;
}
