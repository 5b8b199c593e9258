import { createHmac, timingSafeEqual } from 'node:crypto';
import { SIP_REGISTRATION_EXPIRY_SECONDS } from '@shiftline/shared';

/**
 * Ephemeral SIP credentials, as Kamailio's auth_ephemeral checks them (username_format 1, the IETF draft's
 * "TURN REST API" form): the username is `<unix expiry>:<extension>` and the password base64(HMAC-SHA1(secret,
 * username)). Nothing is stored: the SIP server recomputes the password from the username and refuses it once the
 * expiry has passed.
 */
export type SipCredentials = { username: string; token: string; expires_at: string };

export const sipPassword = (secret: string, username: string) =>
  createHmac('sha1', secret).update(username).digest('base64');

export function issueSipCredentials(
  secret: string,
  extension: string,
  nowMs: number,
  lifetimeSeconds = SIP_REGISTRATION_EXPIRY_SECONDS,
): SipCredentials {
  const expiry = Math.floor(nowMs / 1000) + lifetimeSeconds;
  const username = `${expiry}:${extension}`;
  return { username, token: sipPassword(secret, username), expires_at: new Date(expiry * 1000).toISOString() };
}

/** The server's own check of a pair, as the SIP server makes it: the signature, then the expiry. */
export function checkSipCredentials(
  secret: string,
  username: string,
  token: string,
  nowMs: number,
): { extension: string } | { refused: 'malformed' | 'signature' | 'expired' } {
  const match = /^(\d{1,12}):(.+)$/.exec(username);
  if (!match) return { refused: 'malformed' };
  const expected = Buffer.from(sipPassword(secret, username));
  const given = Buffer.from(token);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { refused: 'signature' };
  if (Number(match[1]) * 1000 <= nowMs) return { refused: 'expired' };
  return { extension: match[2] as string };
}

/** Constant-time comparison of the shared secret a request presents. */
export function sameSecret(expected: string, given: string | undefined): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
