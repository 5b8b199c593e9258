import type { IncomingMessage } from 'node:http';

/**
 * Whether a Socket.IO handshake may proceed. A WebSocket is not bound by CORS: without this check a page on any
 * other site could open one carrying the user's cookie and read their live events. Browsers always send Origin
 * with a WebSocket, so a handshake without one comes from a non-browser client (a test, a script holding a
 * cookie), which gains nothing it could not already get. Allowed: the app's own origin (the Host the request was
 * addressed to, which a proxy in front must pass on) and the origins configured in ALLOWED_ORIGINS.
 */
export function isAllowedSocketOrigin(request: IncomingMessage, allowedOrigins: readonly string[]): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (!URL.canParse(origin)) return false;
  const url = new URL(origin);
  if (allowedOrigins.includes(url.origin)) return true;
  return request.headers.host !== undefined && url.host === request.headers.host.toLowerCase();
}
