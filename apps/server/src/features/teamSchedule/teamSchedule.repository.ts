import { type BreakType, CALL_TAKING_ROLES, type ShiftStatus, type VacationStatus } from '@shiftline/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

export type TeamFilter = { role?: string; campaignIds?: number[]; companyId?: number };

export function createTeamScheduleRepository(db: Kysely<Database>) {
  return {
    /** Listed people who take calls, with their group and campaigns, narrowed by role, campaigns or company. */
    async teamMembers(filter: TeamFilter) {
      let query = db
        .selectFrom('users')
        .leftJoin('agent_groups', 'agent_groups.id', 'users.agent_group_id')
        .select([
          'users.id',
          'users.first_name',
          'users.second_name',
          'users.role',
          'users.avatar_url',
          'users.agent_call_type',
          'users.agent_group_id',
          'agent_groups.name as agent_group',
          sql<number[]>`coalesce((select array_agg(ca.campaign_id order by ca.campaign_id) from campaign_agents ca
             where ca.user_id = users.id and not ca.is_disabled), '{}')`.as('campaigns'),
        ])
        .where('users.archived', '=', false)
        .where('users.is_system', '=', false)
        .where('users.role', 'in', CALL_TAKING_ROLES);
      if (filter.role) query = query.where('users.role', '=', filter.role as (typeof CALL_TAKING_ROLES)[number]);
      if (filter.campaignIds || filter.companyId !== undefined) {
        query = query.where((eb) =>
          eb.exists(
            eb
              .selectFrom('campaign_agents')
              .innerJoin('campaigns', 'campaigns.id', 'campaign_agents.campaign_id')
              .select('campaign_agents.user_id')
              .whereRef('campaign_agents.user_id', '=', 'users.id')
              .$if(filter.campaignIds !== undefined, (q) =>
                q.where('campaigns.id', 'in', filter.campaignIds as number[]),
              )
              .$if(filter.companyId !== undefined, (q) =>
                q.where('campaigns.company_id', '=', filter.companyId as number),
              ),
          ),
        );
      }
      return query.orderBy('users.first_name').orderBy('users.second_name').orderBy('users.id').execute();
    },

    /**
     * Shifts of many users overlapping a period, with breaks, limited to the given statuses. Two flat
     * queries joined here: a correlated JSON subquery per shift costs ten times more at a month of 1,000 agents.
     */
    async shiftsOf(userIds: number[], start: Date, end: Date, statuses: readonly ShiftStatus[]) {
      if (userIds.length === 0) return [];
      const shifts = await db
        .selectFrom('shifts')
        .select(['id', 'user_id', 'status', 'start_at', 'end_at', 'free_shift_id'])
        .where('user_id', 'in', userIds)
        .where('status', 'in', statuses)
        .where('start_at', '<', end)
        .where('end_at', '>', start)
        .orderBy('start_at')
        .execute();
      if (shifts.length === 0) return [];
      const breaks = await db
        .selectFrom('shift_breaks')
        .innerJoin('shifts', 'shifts.id', 'shift_breaks.shift_id')
        .select(['shift_breaks.shift_id', 'shift_breaks.type', 'shift_breaks.start_at', 'shift_breaks.end_at'])
        .where('shifts.user_id', 'in', userIds)
        .where('shifts.status', 'in', statuses)
        .where('shifts.start_at', '<', end)
        .where('shifts.end_at', '>', start)
        .orderBy('shift_breaks.start_at')
        .execute();
      const byShift = new Map<number, { type: BreakType; start_at: Date; end_at: Date }[]>();
      for (const row of breaks) {
        const list = byShift.get(row.shift_id) ?? [];
        list.push({ type: row.type, start_at: row.start_at, end_at: row.end_at });
        byShift.set(row.shift_id, list);
      }
      return shifts.map((shift) => ({ ...shift, breaks: byShift.get(shift.id) ?? [] }));
    },

    async vacationsOf(userIds: number[], start: Date, end: Date, statuses: readonly VacationStatus[]) {
      if (userIds.length === 0) return [];
      return db
        .selectFrom('vacations')
        .selectAll()
        .where('user_id', 'in', userIds)
        .where('status', 'in', statuses)
        .where('start_at', '<', end)
        .where('end_at', '>', start)
        .orderBy('start_at')
        .execute();
    },

    scheduleCampaigns: (companyId?: number) =>
      db
        .selectFrom('campaigns')
        .select([
          'campaigns.id',
          'campaigns.name',
          'campaigns.start_work_time',
          'campaigns.end_work_time',
          sql<number[]>`coalesce((select array_agg(ca.user_id order by ca.user_id) from campaign_agents ca
             join users u on u.id = ca.user_id
             where ca.campaign_id = campaigns.id and not ca.is_disabled and not u.archived and not u.is_system), '{}')`.as(
            'users',
          ),
        ])
        .where('campaigns.archived', '=', false)
        .where('campaigns.active', '=', true)
        .$if(companyId !== undefined, (q) => q.where('campaigns.company_id', '=', companyId as number))
        .orderBy('campaigns.name')
        .execute(),

    lockShift: (id: number) => db.selectFrom('shifts').selectAll().where('id', '=', id).forUpdate().executeTakeFirst(),

    async setShiftStatus(ids: number[], status: ShiftStatus, reason: string | null, at: Date): Promise<void> {
      if (ids.length === 0) return;
      await db
        .updateTable('shifts')
        .set({ status, updated_at: at, ...(reason !== null ? { reason } : {}) })
        .where('id', 'in', ids)
        .execute();
    },

    lockShifts: (ids: number[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db.selectFrom('shifts').selectAll().where('id', 'in', ids).orderBy('id').forUpdate().execute(),

    async deleteShifts(ids: number[]): Promise<number> {
      if (ids.length === 0) return 0;
      const result = await db.deleteFrom('shifts').where('id', 'in', ids).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    scheduleSupervisorIds: async (): Promise<number[]> =>
      (
        await db
          .selectFrom('users')
          .select('id')
          .where('role', '=', 'schedule_supervisor')
          .where('archived', '=', false)
          .execute()
      ).map((row) => row.id),
  };
}

export type TeamScheduleRepository = ReturnType<typeof createTeamScheduleRepository>;
