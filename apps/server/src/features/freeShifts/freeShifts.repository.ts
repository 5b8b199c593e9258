import type { BreakType } from '@shiftline/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { activeCampaign } from '../campaigns/index.js';
import { freeDuring } from '../shifts/index.js';
import { listedAgent } from '../users/index.js';

export function createFreeShiftsRepository(db: Kysely<Database>) {
  return {
    async insert(freeShift: {
      start: Date;
      end: Date;
      countAgents: number;
      campaigns: number[];
      breaks: { type: BreakType; start_at: string; end_at: string }[];
      createdBy: number;
      sourceShiftId: number | null;
    }) {
      return db
        .insertInto('free_shifts')
        .values({
          start_at: freeShift.start,
          end_at: freeShift.end,
          count_agents: freeShift.countAgents,
          campaigns: freeShift.campaigns,
          breaks: JSON.stringify(freeShift.breaks),
          created_by: freeShift.createdBy,
          source_shift_id: freeShift.sourceShiftId,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** Locks the offer: concurrent accepts queue here, so the count can never be exceeded. */
    lock: (id: number) => db.selectFrom('free_shifts').selectAll().where('id', '=', id).forUpdate().executeTakeFirst(),

    async incrementAccepted(id: number): Promise<void> {
      await db.updateTable('free_shifts').set({ accepted: sql`accepted + 1` }).where('id', '=', id).execute();
    },

    listOverlapping: (start: Date, end: Date) =>
      db
        .selectFrom('free_shifts')
        .selectAll()
        .where('start_at', '<', end)
        .where('end_at', '>', start)
        .orderBy('start_at')
        .execute(),

    activeCampaignIds: async (ids: number[]): Promise<number[]> => {
      const rows = await db.selectFrom('campaigns').select('id').where('id', 'in', ids).where(activeCampaign).execute();
      return rows.map((row) => row.id);
    },

    enabledCampaignsOf: async (userId: number): Promise<number[]> => {
      const rows = await db
        .selectFrom('campaign_agents')
        .innerJoin('campaigns', 'campaigns.id', 'campaign_agents.campaign_id')
        .select('campaigns.id')
        .where('campaign_agents.user_id', '=', userId)
        .where('campaign_agents.is_disabled', '=', false)
        .where(activeCampaign)
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * Agents who could take a shift: enabled in one of the campaigns, listed (not archived, not a system
     * account), and free then (no pending or approved shift, no approved days off overlapping).
     */
    async availableAgents(
      campaignIds: number[],
      start: Date,
      end: Date,
      excludeUserIds: number[] = [],
    ): Promise<{ id: number; timezone: string }[]> {
      if (campaignIds.length === 0) return [];
      let query = db
        .selectFrom('users')
        .select(['users.id', 'users.timezone'])
        .where(listedAgent)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('campaign_agents')
              .select('campaign_agents.user_id')
              .whereRef('campaign_agents.user_id', '=', 'users.id')
              .where('campaign_agents.campaign_id', 'in', campaignIds)
              .where('campaign_agents.is_disabled', '=', false),
          ),
        )
        .where(freeDuring(start, end));
      if (excludeUserIds.length > 0) query = query.where('users.id', 'not in', excludeUserIds);
      return query.orderBy('users.id').execute();
    },
  };
}

export type FreeShiftsRepository = ReturnType<typeof createFreeShiftsRepository>;
