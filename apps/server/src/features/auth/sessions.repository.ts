import type { Kysely } from 'kysely';
import type { Database, SessionRow, UserRow } from '../../db/schema.js';

export function createSessionsRepository(db: Kysely<Database>) {
  return {
    async insert(session: {
      id: string;
      userId: number;
      csrfToken: string;
      createdAt: Date;
      expiresAt: Date;
      userAgent: string | null;
      ip: string | null;
    }): Promise<void> {
      await db
        .insertInto('sessions')
        .values({
          id: session.id,
          user_id: session.userId,
          csrf_token: session.csrfToken,
          created_at: session.createdAt,
          expires_at: session.expiresAt,
          last_seen_at: session.createdAt,
          user_agent: session.userAgent,
          ip: session.ip,
        })
        .execute();
    },

    async findWithUser(id: string): Promise<{ session: SessionRow; user: UserRow } | null> {
      const row = await db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .selectAll('users')
        .select([
          'sessions.id as session_id',
          'sessions.csrf_token',
          'sessions.created_at as session_created_at',
          'sessions.last_seen_at',
          'sessions.expires_at',
          'sessions.user_agent',
          'sessions.ip',
        ])
        .where('sessions.id', '=', id)
        .executeTakeFirst();
      if (!row) return null;
      const { session_id, csrf_token, session_created_at, last_seen_at, expires_at, user_agent, ip, ...user } = row;
      return {
        session: {
          id: session_id,
          user_id: user.id,
          csrf_token,
          created_at: session_created_at,
          last_seen_at,
          expires_at,
          user_agent,
          ip,
        },
        user,
      };
    },

    async touch(id: string, expiresAt: Date): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ last_seen_at: new Date(), expires_at: expiresAt })
        .where('id', '=', id)
        .execute();
    },

    async delete(id: string): Promise<void> {
      await db.deleteFrom('sessions').where('id', '=', id).execute();
    },

    async deleteForUser(userId: number, exceptId?: string): Promise<number> {
      let query = db.deleteFrom('sessions').where('user_id', '=', userId);
      if (exceptId) query = query.where('id', '<>', exceptId);
      const result = await query.executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async deleteExpired(now: Date): Promise<void> {
      await db.deleteFrom('sessions').where('expires_at', '<', now).execute();
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
