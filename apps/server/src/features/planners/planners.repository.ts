import { type Kysely, sql } from 'kysely';
import type { Database, PlannersTable } from '../../db/schema.js';
import { createShiftsRepository } from '../shifts/index.js';
import { listedUser, lockUserRow } from '../users/index.js';

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
    /** The planner's shifts are written through the shifts module, in the planner's transaction. */
    shifts: createShiftsRepository(db),

    /** Serialises a user's schedule writes (same lock as the schedule feature takes). */
    async lockUser(userId: number): Promise<void> {
      await lockUserRow(db, userId);
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
        .where(listedUser)
        .where('users.role', '<>', 'company_supervisor')
        .orderBy('planners.id')
        .execute(),
  };
}

export type PlannersRepository = ReturnType<typeof createPlannersRepository>;
