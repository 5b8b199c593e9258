import type { BreakType } from '@shiftline/shared';
import { type Kysely, sql } from 'kysely';
import type { Database, PlannersTable } from '../../db/schema.js';
import { type BusyTime, createScheduleRepository } from '../schedule/schedule.repository.js';

export type PlannerRecord = {
  id: number;
  user_id: number;
  start_planner: string;
  end_planner: string | null;
  zone: string;
  scheduler: string[];
  shift_status: PlannersTable['shift_status'];
  expanded_until: Date;
  created_by: number | null;
};

/** Time a generated shift must not take: the user's live shifts (with ids) and blocking vacations. */
export type { BusyTime };

export type PlannedShiftRow = {
  start: Date;
  end: Date;
  breaks: { type: BreakType; start: Date; end: Date }[];
};

export function createPlannersRepository(db: Kysely<Database>) {
  const plannerColumns = [
    'planners.id',
    'planners.user_id',
    sql<string>`planners.start_planner::text`.as('start_planner'),
    sql<string | null>`planners.end_planner::text`.as('end_planner'),
    'planners.zone',
    'planners.scheduler',
    'planners.shift_status',
    'planners.expanded_until',
    'planners.created_by',
  ] as const;

  return {
    /** Serialises a user's schedule writes (same lock as the schedule feature takes). */
    async lockUser(userId: number): Promise<void> {
      await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    },

    findByUser: (userId: number): Promise<PlannerRecord | undefined> =>
      db.selectFrom('planners').select(plannerColumns).where('user_id', '=', userId).executeTakeFirst(),

    findById: (id: number): Promise<PlannerRecord | undefined> =>
      db.selectFrom('planners').select(plannerColumns).where('id', '=', id).executeTakeFirst(),

    insertPlanner: (planner: Omit<PlannerRecord, 'id'>): Promise<PlannerRecord> =>
      db.insertInto('planners').values(planner).returning(plannerColumns).executeTakeFirstOrThrow(),

    async deletePlanner(id: number): Promise<void> {
      await db.deleteFrom('planners').where('id', '=', id).execute();
    },

    async setExpandedUntil(id: number, at: Date): Promise<void> {
      await db
        .updateTable('planners')
        .set({ expanded_until: at, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    },

    /** Planners not yet generated up to `horizon`, of users who still have a schedule, with the owner's display-from. */
    plannersToTopUp: (horizon: Date) =>
      db
        .selectFrom('planners')
        .innerJoin('users', 'users.id', 'planners.user_id')
        .select([...plannerColumns, 'users.display_from'])
        .where('planners.expanded_until', '<', horizon)
        .where('users.archived', '=', false)
        .where('users.is_system', '=', false)
        .where('users.role', '<>', 'company_supervisor')
        .orderBy('planners.id')
        .execute(),

    /** Deletes the planner's shifts starting at or after `from` that are not approved; returns how many. */
    async deletePendingShifts(plannerId: number, from: Date): Promise<number> {
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
    liveShiftIds: async (plannerId: number, from: Date): Promise<number[]> => {
      const rows = await db
        .selectFrom('shifts')
        .select('id')
        .where('planner_id', '=', plannerId)
        .where('status', 'in', ['pending', 'approved'])
        .where('start_at', '>=', from)
        .execute();
      return rows.map((row) => row.id);
    },

    /** The same busy times as a single shift's check: one query for both. */
    busyTimes: (userId: number, start: Date, end: Date) =>
      createScheduleRepository(db).busyIntervals(userId, start, end),

    /** Inserts a planner's shifts and their breaks in two statements; returns the new ids. */
    async insertShifts(
      shifts: PlannedShiftRow[],
      common: {
        userId: number;
        plannerId: number;
        status: 'pending' | 'approved';
        createdBy: number | null;
        sentAt: Date | null;
      },
    ): Promise<number[]> {
      if (shifts.length === 0) return [];
      const rows = await db
        .insertInto('shifts')
        .values(
          shifts.map((shift) => ({
            user_id: common.userId,
            status: common.status,
            start_at: shift.start,
            end_at: shift.end,
            notes: null,
            created_by: common.createdBy,
            sent_for_approval_at: common.sentAt,
            planner_id: common.plannerId,
          })),
        )
        .returning(['id', 'start_at'])
        .execute();
      // Matched by start (a user's live shifts never share one), not by the order RETURNING happens to give.
      const idByStart = new Map(rows.map((row) => [row.start_at.getTime(), row.id]));
      const breaks = shifts.flatMap((shift) =>
        shift.breaks.map((b) => ({
          shift_id: idByStart.get(shift.start.getTime()) as number,
          type: b.type,
          start_at: b.start,
          end_at: b.end,
        })),
      );
      if (breaks.length > 0) await db.insertInto('shift_breaks').values(breaks).execute();
      return rows.map((row) => row.id);
    },

    async linkShifts(ids: number[], plannerId: number): Promise<void> {
      if (ids.length === 0) return;
      await db.updateTable('shifts').set({ planner_id: plannerId }).where('id', 'in', ids).execute();
    },
  };
}

export type PlannersRepository = ReturnType<typeof createPlannersRepository>;
