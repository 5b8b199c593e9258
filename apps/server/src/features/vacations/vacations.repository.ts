import { BLOCKING_VACATION_STATUSES, type VacationReason, type VacationStatus } from '@shiftline/shared';
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

    /** Approved days off of a user overlapping a period, other than the given vacation. */
    blockingOverlapping: (userId: number, start: Date, end: Date, exceptId?: number) =>
      db
        .selectFrom('vacations')
        .selectAll()
        .where('user_id', '=', userId)
        .where('status', 'in', BLOCKING_VACATION_STATUSES)
        .where('start_at', '<', end)
        .where('end_at', '>', start)
        .$if(exceptId !== undefined, (q) => q.where('id', '<>', exceptId as number))
        .orderBy('start_at')
        .execute(),

    /** Pending or approved shifts of a user overlapping a period. */
    liveShiftsOverlapping: (userId: number, start: Date, end: Date) =>
      db
        .selectFrom('shifts')
        .select(['id', 'user_id', 'status', 'start_at', 'end_at'])
        .where('user_id', '=', userId)
        .where('status', 'in', ['pending', 'approved'])
        .where('start_at', '<', end)
        .where('end_at', '>', start)
        .orderBy('start_at')
        .execute(),

    daysOff: (filter: { userId?: number; status?: VacationStatus }) =>
      db
        .selectFrom('vacations')
        .innerJoin('users', 'users.id', 'vacations.user_id')
        .selectAll('vacations')
        .select(['users.first_name', 'users.second_name', 'users.avatar_url', 'users.timezone'])
        .$if(filter.userId !== undefined, (q) => q.where('vacations.user_id', '=', filter.userId as number))
        .$if(filter.status !== undefined, (q) => q.where('vacations.status', '=', filter.status as VacationStatus))
        .orderBy('vacations.start_at', 'desc')
        .limit(500)
        .execute(),
  };
}

export type VacationsRepository = ReturnType<typeof createVacationsRepository>;
