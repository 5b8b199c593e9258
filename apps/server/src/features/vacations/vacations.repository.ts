import type { VacationReason, VacationStatus } from '@shiftline/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export function createVacationsRepository(db: Kysely<Database>) {
  return {
    async insert(vacation: { userId: number; start: Date; end: Date; reason: VacationReason; status: VacationStatus }) {
      return db
        .insertInto('vacations')
        .values({
          user_id: vacation.userId,
          start_at: vacation.start,
          end_at: vacation.end,
          reason: vacation.reason,
          status: vacation.status,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    timezoneOf: async (userId: number): Promise<string> =>
      (await db.selectFrom('users').select('timezone').where('id', '=', userId).executeTakeFirst())?.timezone ?? 'UTC',

    find: (id: number) => db.selectFrom('vacations').selectAll().where('id', '=', id).executeTakeFirst(),
    lock: (id: number) => db.selectFrom('vacations').selectAll().where('id', '=', id).forUpdate().executeTakeFirst(),

    async setStatus(id: number, status: VacationStatus): Promise<void> {
      await db.updateTable('vacations').set({ status }).where('id', '=', id).execute();
    },

    /** A user's requests in the given statuses overlapping a period (other than `exceptId`), earliest first. */
    overlapping: (
      userId: number,
      period: { start: Date; end: Date },
      statuses: readonly VacationStatus[],
      exceptId?: number,
    ) =>
      db
        .selectFrom('vacations')
        .selectAll()
        .where('user_id', '=', userId)
        .where('status', 'in', statuses)
        .where('start_at', '<', period.end)
        .where('end_at', '>', period.start)
        .$if(exceptId !== undefined, (q) => q.where('id', '<>', exceptId as number))
        .orderBy('start_at')
        .execute(),

    countPending: async (userId: number): Promise<number> => {
      const row = await db
        .selectFrom('vacations')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('user_id', '=', userId)
        .where('status', '=', 'vac_pending')
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** One page of the days-off list, newest days first, with the number of rows on every page. */
    async daysOff(filter: { userId?: number; status?: VacationStatus }, page: { offset: number; limit: number }) {
      const filtered = db
        .selectFrom('vacations')
        .$if(filter.userId !== undefined, (q) => q.where('vacations.user_id', '=', filter.userId as number))
        .$if(filter.status !== undefined, (q) => q.where('vacations.status', '=', filter.status as VacationStatus));
      const [rows, total] = await Promise.all([
        filtered
          .innerJoin('users', 'users.id', 'vacations.user_id')
          .selectAll('vacations')
          .select(['users.first_name', 'users.second_name', 'users.avatar_url', 'users.timezone'])
          .orderBy('vacations.start_at', 'desc')
          .orderBy('vacations.id', 'desc')
          .offset(page.offset)
          .limit(page.limit)
          .execute(),
        filtered.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.count) };
    },
  };
}

export type VacationsRepository = ReturnType<typeof createVacationsRepository>;
