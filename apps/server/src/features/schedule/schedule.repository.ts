import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { createShiftsRepository } from '../shifts/index.js';
import { lockUserRow } from '../users/index.js';

/** The personal schedule's queries: its shifts through the shifts module, its own read of days off. */
export function createScheduleRepository(db: Kysely<Database>) {
  return {
    shifts: createShiftsRepository(db),

    /** Serialises a user's schedule writes: the overlap check and the insert see the same state. */
    async lockUser(userId: number): Promise<void> {
      await lockUserRow(db, userId);
    },

    vacationsOverlapping: (userId: number, start: Date, end: Date) =>
      db
        .selectFrom('vacations')
        .selectAll()
        .where('user_id', '=', userId)
        .where('start_at', '<', end)
        .where('end_at', '>', start)
        .orderBy('start_at')
        .execute(),
  };
}

export type ScheduleRepository = ReturnType<typeof createScheduleRepository>;
