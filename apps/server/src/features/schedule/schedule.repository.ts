import { BLOCKING_VACATION_STATUSES, type BreakType, type ShiftStatus } from '@shiftline/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

export type ShiftRecord = {
  id: number;
  user_id: number;
  status: ShiftStatus;
  start_at: Date;
  end_at: Date;
  notes: string | null;
  reason: string | null;
  sent_for_approval_at: Date | null;
  breaks: { type: BreakType; start_at: Date; end_at: Date }[];
};

/** Time a user is already taken: a live shift (with its id) or approved days off. */
export type BusyTime = { start: number; end: number } & ({ kind: 'shift'; id: number } | { kind: 'vacation' });

export function createScheduleRepository(db: Kysely<Database>) {
  return {
    /** Shifts of one user that overlap a period, with their breaks, oldest first. */
    async shiftsOverlapping(userId: number, start: Date, end: Date): Promise<ShiftRecord[]> {
      const rows = await db
        .selectFrom('shifts')
        .select([
          'shifts.id',
          'shifts.user_id',
          'shifts.status',
          'shifts.start_at',
          'shifts.end_at',
          'shifts.notes',
          'shifts.reason',
          'shifts.sent_for_approval_at',
          sql<{ type: BreakType; start_at: string; end_at: string }[]>`coalesce(
            (select json_agg(json_build_object('type', b.type, 'start_at', b.start_at, 'end_at', b.end_at) order by b.start_at)
               from shift_breaks b where b.shift_id = shifts.id), '[]'::json)`.as('breaks'),
        ])
        .where('shifts.user_id', '=', userId)
        .where('shifts.start_at', '<', end)
        .where('shifts.end_at', '>', start)
        .orderBy('shifts.start_at')
        .execute();
      return rows.map((row) => ({
        ...row,
        breaks: row.breaks.map((b) => ({ type: b.type, start_at: new Date(b.start_at), end_at: new Date(b.end_at) })),
      }));
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

    /** Live shifts and blocking vacations a new shift must not overlap. */
    async busyIntervals(userId: number, start: Date, end: Date): Promise<BusyTime[]> {
      const shifts = await db
        .selectFrom('shifts')
        .select(['id', 'start_at', 'end_at'])
        .where('user_id', '=', userId)
        .where('status', 'in', ['pending', 'approved'])
        .where('start_at', '<', end)
        .where('end_at', '>', start)
        .execute();
      const vacations = await db
        .selectFrom('vacations')
        .select(['start_at', 'end_at'])
        .where('user_id', '=', userId)
        .where('status', 'in', BLOCKING_VACATION_STATUSES)
        .where('start_at', '<', end)
        .where('end_at', '>', start)
        .execute();
      return [
        ...shifts.map((s) => ({
          start: s.start_at.getTime(),
          end: s.end_at.getTime(),
          kind: 'shift' as const,
          id: s.id,
        })),
        ...vacations.map((v) => ({ start: v.start_at.getTime(), end: v.end_at.getTime(), kind: 'vacation' as const })),
      ];
    },

    /** Serialises a user's schedule writes: the overlap check and the insert see the same state. */
    async lockUser(userId: number): Promise<void> {
      await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    },

    async insertShift(shift: {
      userId: number;
      status: ShiftStatus;
      start: Date;
      end: Date;
      notes: string | null;
      createdBy: number;
      sentAt: Date | null;
      breaks: { type: BreakType; start: Date; end: Date }[];
      freeShiftId?: number;
    }): Promise<number> {
      const row = await db
        .insertInto('shifts')
        .values({
          user_id: shift.userId,
          status: shift.status,
          start_at: shift.start,
          end_at: shift.end,
          notes: shift.notes,
          created_by: shift.createdBy,
          sent_for_approval_at: shift.sentAt,
          free_shift_id: shift.freeShiftId ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (shift.breaks.length > 0) {
        await db
          .insertInto('shift_breaks')
          .values(shift.breaks.map((b) => ({ shift_id: row.id, type: b.type, start_at: b.start, end_at: b.end })))
          .execute();
      }
      return row.id;
    },

    findShift: (id: number) => db.selectFrom('shifts').selectAll().where('id', '=', id).executeTakeFirst(),

    async deleteShift(id: number): Promise<void> {
      await db.deleteFrom('shifts').where('id', '=', id).execute();
    },

    /** Marks the user's unsent pending shifts (all, or the listed ones) as sent; returns their ids. */
    async markSent(userId: number, at: Date, ids?: number[]): Promise<number[]> {
      let query = db
        .updateTable('shifts')
        .set({ sent_for_approval_at: at, updated_at: at })
        .where('user_id', '=', userId)
        .where('status', '=', 'pending')
        .where('sent_for_approval_at', 'is', null);
      if (ids) query = query.where('id', 'in', ids.length > 0 ? ids : [-1]);
      const rows = await query.returning('id').execute();
      return rows.map((row) => row.id);
    },

    countUnsent: async (userId: number): Promise<number> => {
      const row = await db
        .selectFrom('shifts')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId)
        .where('status', '=', 'pending')
        .where('sent_for_approval_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type ScheduleRepository = ReturnType<typeof createScheduleRepository>;
