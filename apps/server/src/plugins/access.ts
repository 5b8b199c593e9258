import { type Action, can, isPublicAction } from '@shiftline/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type ActiveSession, type SessionsService, setSessionCookie } from '../features/auth/index.js';
import { AppError } from './errors.js';

export const SESSION_COOKIE = 'shiftline_sid';
export const CSRF_HEADER = 'x-csrf-token';

/** A registered route as the route-walking tests see it: its permission and its request schemas (zod). */
export type RouteRecord = {
  method: string;
  url: string;
  action: Action | undefined;
  schema: { body?: unknown; querystring?: unknown; params?: unknown };
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The permission this route needs; every /api route must name one. */
    action?: Action;
  }
  interface FastifyRequest {
    auth: ActiveSession | null;
    sessionToken: string | null;
  }
  interface FastifyInstance {
    routeRecords: RouteRecord[];
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const WHILE_PASSWORD_MUST_CHANGE = new Set<Action>(['auth.me', 'profile.change_password', 'profile.logout']);

/** The signed-in user of a route that requires one (the access hook has already refused anonymous calls). */
export function signedIn(request: FastifyRequest): ActiveSession {
  if (!request.auth) throw new AppError('not_signed_in', 'Please sign in.');
  return request.auth;
}

/** Reads the session cookie, then refuses the request unless the route's action allows the caller's role. */
export const accessPlugin = fp(async (app: FastifyInstance, options: { sessions: SessionsService }) => {
  app.decorate('routeRecords', [] as RouteRecord[]);
  app.decorateRequest('auth', null);
  app.decorateRequest('sessionToken', null);

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const action = route.config?.action;
    const isApi = route.url.startsWith('/api/') && !route.url.startsWith('/api/docs');
    if (isApi && !action) throw new Error(`Route ${methods.join(',')} ${route.url} declares no permission action`);
    for (const method of methods) {
      if (method !== 'HEAD') app.routeRecords.push({ method, url: route.url, action, schema: route.schema ?? {} });
    }
  });

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const action = request.routeOptions.config?.action;
    if (!action) return;
    request.sessionToken = readSessionToken(request);
    if (request.sessionToken) request.auth = await options.sessions.resolve(request.sessionToken);
    // An active user's cookie slides with their session, or the browser would drop it 12 hours after sign-in.
    if (request.sessionToken && request.auth?.renewedUntil) {
      setSessionCookie(reply, request.sessionToken, request.auth.renewedUntil);
    }
    if (isPublicAction(action)) {
      refuseForeignOrigin(request);
      return;
    }
    if (!request.auth) throw new AppError('not_signed_in', 'Please sign in.');
    if (!can(request.auth.user.role, action)) throw new AppError('forbidden', 'Your role may not do this.');
    // After an administrator's password reset the session may only learn who it is, change the password or leave.
    if (request.auth.user.must_change_password && !WHILE_PASSWORD_MUST_CHANGE.has(action)) {
      throw new AppError('password_change_required', 'Please change your password before going on.');
    }
    if (!SAFE_METHODS.has(request.method) && request.headers[CSRF_HEADER] !== request.auth.session.csrf_token) {
      throw new AppError('csrf_failed', 'The request is missing a valid CSRF token. Reload the page and try again.');
    }
  });
});

function readSessionToken(request: FastifyRequest): string | null {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid ? unsigned.value : null;
}

/** Public writes (sign-in) made from another site's page are refused: a defence against login CSRF. */
function refuseForeignOrigin(request: FastifyRequest): void {
  const origin = request.headers.origin;
  if (!origin || SAFE_METHODS.has(request.method)) return;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    originHost = '';
  }
  if (originHost !== request.headers.host) {
    throw new AppError('csrf_failed', 'Requests from another site are refused.');
  }
}
