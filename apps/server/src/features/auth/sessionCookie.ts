import type { FastifyReply } from 'fastify';
import { SESSION_COOKIE } from '../../plugins/access.js';
import { SESSION_IDLE_MS } from './sessions.service.js';

/** The cookie lives as long as the session: sent at sign-in, and again each time activity slides the session. */
export function setSessionCookie(
  reply: FastifyReply,
  token: string,
  expiresAt = new Date(Date.now() + SESSION_IDLE_MS),
) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    signed: true,
    maxAge: Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000)),
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
