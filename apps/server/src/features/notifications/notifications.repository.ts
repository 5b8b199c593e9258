import type { NotificationType } from '@shiftline/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export type NewNotification = {
  userId: number;
  type: NotificationType;
  title: string;
  message: string;
  freeShiftId?: number | null;
  link?: string | null;
};

export function createNotificationsRepository(db: Kysely<Database>) {
  return {
    async insertMany(rows: NewNotification[]) {
      if (rows.length === 0) return [];
      return db
        .insertInto('notifications')
        .values(
          rows.map((row) => ({
            user_id: row.userId,
            type: row.type,
            title: row.title,
            message: row.message,
            free_shift_id: row.freeShiftId ?? null,
            link: row.link ?? null,
          })),
        )
        .returningAll()
        .execute();
    },

    /** The user's newest notifications, with what a free-shift offer needs to say whether it is still open. */
    listForUser: (userId: number, limit: number) =>
      db
        .selectFrom('notifications')
        .leftJoin('free_shifts', 'free_shifts.id', 'notifications.free_shift_id')
        .selectAll('notifications')
        .select(['free_shifts.accepted', 'free_shifts.count_agents', 'free_shifts.start_at as free_shift_start'])
        .select((eb) =>
          eb
            .exists(
              eb
                .selectFrom('shifts')
                .select('shifts.id')
                .whereRef('shifts.free_shift_id', '=', 'notifications.free_shift_id')
                .whereRef('shifts.user_id', '=', 'notifications.user_id'),
            )
            .as('already_accepted'),
        )
        .where('notifications.user_id', '=', userId)
        .orderBy('notifications.created_at', 'desc')
        .orderBy('notifications.id', 'desc')
        .limit(limit)
        .execute(),

    countUnread: async (userId: number): Promise<number> => {
      const row = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId)
        .where('status', '=', 0)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    findForUser: (userId: number, id: number) =>
      db.selectFrom('notifications').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst(),

    async delete(userId: number, id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('notifications')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async deleteAll(userId: number): Promise<number> {
      const result = await db.deleteFrom('notifications').where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async markRead(userId: number, ids: number[]): Promise<number> {
      const result = await db
        .updateTable('notifications')
        .set({ status: 1 })
        .where('user_id', '=', userId)
        .where('id', 'in', ids)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
