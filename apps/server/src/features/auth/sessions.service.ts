import { createHash, randomBytes } from 'node:crypto';
import type { SessionRow, UserRow } from '../../db/schema.js';
import type { SessionsRepository } from './sessions.repository.js';

/**
 * A session lasts 12 hours after the last request (a long shift), and is slid forward (database row and cookie)
 * at most every 5 minutes, so activity costs one UPDATE per 5 minutes, not one per request. However active, it
 * ends 7 days after sign-in.
 */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
export const SESSION_MAX_MS = 7 * 24 * 60 * 60 * 1000;
const TOUCH_EVERY_MS = 5 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** `renewedUntil`: set when this request slid the session forward, so the cookie is sent again with that expiry. */
export type ActiveSession = { session: SessionRow; user: UserRow; renewedUntil?: Date };

export function createSessionsService(sessions: SessionsRepository) {
  return {
    /** Creates a session and returns the token that goes into the cookie. */
    async start(userId: number, meta: { userAgent: string | null; ip: string | null }) {
      const token = randomBytes(32).toString('base64url');
      const csrfToken = randomBytes(24).toString('base64url');
      const now = Date.now();
      await sessions.insert({
        id: hashToken(token),
        userId,
        csrfToken,
        createdAt: new Date(now),
        expiresAt: new Date(now + SESSION_IDLE_MS),
        ...meta,
      });
      return { token, csrfToken };
    },

    /** The live session behind a cookie token, or null when unknown, expired or the user is archived or disabled. */
    async resolve(token: string): Promise<ActiveSession | null> {
      const id = hashToken(token);
      const found = await sessions.findWithUser(id);
      if (!found) return null;
      const now = Date.now();
      if (found.session.expires_at.getTime() <= now || found.user.archived || found.user.disabled) {
        await sessions.delete(id);
        return null;
      }
      if (now - found.session.last_seen_at.getTime() > TOUCH_EVERY_MS) {
        const renewedUntil = new Date(
          Math.min(now + SESSION_IDLE_MS, found.session.created_at.getTime() + SESSION_MAX_MS),
        );
        await sessions.touch(id, renewedUntil);
        return { ...found, renewedUntil };
      }
      return found;
    },

    end: (token: string) => sessions.delete(hashToken(token)),
    endAllForUser: (userId: number, exceptSessionId?: string) => sessions.deleteForUser(userId, exceptSessionId),
    purgeExpired: () => sessions.deleteExpired(new Date()),
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
