import {
  BLOCKING_VACATION_STATUSES,
  type BreakType,
  LIVE_SHIFT_STATUSES,
  type LiveShiftStatus,
  type ShiftStatus,
} from '@shiftline/shared';
import { type ExpressionBuilder, type Kysely, type Selectable, sql } from 'kysely';
import type { Database, ShiftsTable } from '../../db/schema.js';

/** A shift as the personal schedule reads it, with its breaks. */
export type ShiftRecord = Pick<
  Selectable<ShiftsTable>,
  'id' | 'user_id' | 'status' | 'start_at' | 'end_at' | 'notes' | 'reason' | 'sent_for_approval_at'
> & { breaks: { type: BreakType; start_at: Date; end_at: Date }[] };

/** Time a user is already taken: a live shift (with its id) or approved days off. */
export type BusyTime = { start: number; end: number } & ({ kind: 'shift'; id: number } | { kind: 'vacation' });

/**
 * The user (of the outer query's `users` row) is free over a period: no live shift and no blocking days off overlap
 * it. The SQL twin of busyIntervals, for queries that pick people.
 */
export const freeDuring = (start: Date, end: Date) => (eb: ExpressionBuilder<Database, 'users'>) =>
  eb.and([
    eb.not(
      eb.exists(
        eb
          .selectFrom('shifts')
          .select('shifts.id')
          .whereRef('shifts.user_id', '=', 'users.id')
          .where('shifts.status', 'in', LIVE_SHIFT_STATUSES)
          .where('shifts.start_at', '<', end)
          .where('shifts.end_at', '>', start),
      ),
    ),
    eb.not(
      eb.exists(
        eb
          .selectFrom('vacations')
          .select('vacations.id')
          .whereRef('vacations.user_id', '=', 'users.id')
          .where('vacations.status', 'in', BLOCKING_VACATION_STATUSES)
          .where('vacations.start_at', '<', end)
          .where('vacations.end_at', '>', start),
      ),
    ),
  ]);

/** A shift to store: its times, notes and breaks. */
export type NewShift = {
  start: Date;
  end: Date;
  notes?: string | null;
  breaks: { type: BreakType; start: Date; end: Date }[];
};

/** What the shifts stored together share: whose they are, their status and where they came from. */
export type NewShiftsOrigin = {
  userId: number;
  status: LiveShiftStatus;
  createdBy: number | null;
  /** Null keeps an agent's new shift a draft until Send for Approval. */
  sentAt: Date | null;
  plannerId?: number;
  freeShiftId?: number;
};

/**
 * Every write to `shifts` and `shift_breaks` (the demo generator's bulk load aside), and the reads the writes
 * need. Bound to a transaction by the feature that calls it.
 */
export function createShiftsRepository(db: Kysely<Database>) {
  /** Live shifts of a user overlapping a period, oldest first. */
  const liveOverlapping = (userId: number, start: Date, end: Date) =>
    db
      .selectFrom('shifts')
      .select(['id', 'user_id', 'status', 'start_at', 'end_at'])
      .where('user_id', '=', userId)
      .where('status', 'in', LIVE_SHIFT_STATUSES)
      .where('start_at', '<', end)
      .where('end_at', '>', start)
      .orderBy('start_at')
      .execute();

  return {
    liveOverlapping,

    /** Shifts of one user that overlap a period, with their breaks, oldest first. */
    async overlappingWithBreaks(userId: number, start: Date, end: Date): Promise<ShiftRecord[]> {
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

    /** Live shifts and blocking vacations a new shift must not overlap. */
    async busyIntervals(userId: number, start: Date, end: Date): Promise<BusyTime[]> {
      const shifts = await liveOverlapping(userId, start, end);
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

    /** Stores one user's shifts and their breaks in two statements; returns the new ids in the order given. */
    async insert(origin: NewShiftsOrigin, shifts: NewShift[]): Promise<number[]> {
      if (shifts.length === 0) return [];
      const rows = await db
        .insertInto('shifts')
        .values(
          shifts.map((shift) => ({
            user_id: origin.userId,
            status: origin.status,
            start_at: shift.start,
            end_at: shift.end,
            notes: shift.notes ?? null,
            created_by: origin.createdBy,
            sent_for_approval_at: origin.sentAt,
            free_shift_id: origin.freeShiftId ?? null,
            planner_id: origin.plannerId ?? null,
          })),
        )
        .returning(['id', 'start_at'])
        .execute();
      // Matched by start (a user's live shifts never share one), not by the order RETURNING happens to give.
      const idByStart = new Map(rows.map((row) => [row.start_at.getTime(), row.id]));
      const idOf = (shift: NewShift) => idByStart.get(shift.start.getTime()) as number;
      const breaks = shifts.flatMap((shift) =>
        shift.breaks.map((b) => ({ shift_id: idOf(shift), type: b.type, start_at: b.start, end_at: b.end })),
      );
      if (breaks.length > 0) await db.insertInto('shift_breaks').values(breaks).execute();
      return shifts.map(idOf);
    },

    find: (id: number) => db.selectFrom('shifts').selectAll().where('id', '=', id).executeTakeFirst(),

    lock: (id: number) => db.selectFrom('shifts').selectAll().where('id', '=', id).forUpdate().executeTakeFirst(),

    /** Locks the shifts in id order (two transactions locking overlapping sets cannot deadlock). */
    lockMany: (ids: number[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db.selectFrom('shifts').selectAll().where('id', 'in', ids).orderBy('id').forUpdate().execute(),

    async delete(ids: number[]): Promise<number> {
      if (ids.length === 0) return 0;
      const result = await db.deleteFrom('shifts').where('id', 'in', ids).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async setStatus(ids: number[], status: ShiftStatus, reason: string | null, at: Date): Promise<void> {
      if (ids.length === 0) return;
      await db
        .updateTable('shifts')
        .set({ status, updated_at: at, ...(reason !== null ? { reason } : {}) })
        .where('id', 'in', ids)
        .execute();
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

    /** Deletes the planner's shifts starting at or after `from` that are not approved; returns how many. */
    async deletePendingOfPlanner(plannerId: number, from: Date): Promise<number> {
      const rows = await db
        .deleteFrom('shifts')
        .where('planner_id', '=', plannerId)
        .where('status', '=', 'pending')
        .where('start_at', '>=', from)
        .returning('id')
        .execute();
      return rows.length;
    },

    /** Ids of the planner's live shifts starting at or after `from` (the approved ones a re-save keeps). */
    liveIdsOfPlanner: async (plannerId: number, from: Date): Promise<number[]> => {
      const rows = await db
        .selectFrom('shifts')
        .select('id')
        .where('planner_id', '=', plannerId)
        .where('status', 'in', LIVE_SHIFT_STATUSES)
        .where('start_at', '>=', from)
        .execute();
      return rows.map((row) => row.id);
    },

    async linkToPlanner(ids: number[], plannerId: number): Promise<void> {
      if (ids.length === 0) return;
      await db.updateTable('shifts').set({ planner_id: plannerId }).where('id', 'in', ids).execute();
    },
  };
}

export type ShiftsRepository = ReturnType<typeof createShiftsRepository>;
