import type { CampaignType } from '@shiftline/shared';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { type AuditEntry, writeAudit } from '../../db/auditLog.js';
import type { Database } from '../../db/schema.js';
import { listedUser } from '../users/index.js';
import { HOURS_COLUMNS } from './workingHours.js';

/**
 * Which campaigns a list shows: active, non-archived ones only, unless `includeRetired` (archived and inactive
 * campaigns too: their history still counts in reports).
 */
export type CampaignScope = {
  companyId?: number;
  assignedToUserId?: number;
  type?: CampaignType;
  includeRetired?: boolean;
};

/** Campaigns lists show and agents work: active and not archived. */
export const activeCampaign = (eb: ExpressionBuilder<Database, 'campaigns'>) =>
  eb.and([eb('campaigns.archived', '=', false), eb('campaigns.active', '=', true)]);

export function createCampaignsRepository(db: Kysely<Database>) {
  return {
    async listCampaigns(scope: CampaignScope) {
      return db
        .selectFrom('campaigns')
        .leftJoin('companies', 'companies.id', 'campaigns.company_id')
        .select([
          'campaigns.id',
          'campaigns.name',
          'campaigns.unique_name',
          'campaigns.type',
          'campaigns.archived',
          'campaigns.active',
          ...HOURS_COLUMNS,
          'campaigns.company_id',
          'companies.name as company_name',
          (eb) =>
            eb
              .selectFrom('campaign_agents')
              .innerJoin('users', 'users.id', 'campaign_agents.user_id')
              .whereRef('campaign_agents.campaign_id', '=', 'campaigns.id')
              .where('campaign_agents.is_disabled', '=', false)
              .where(listedUser)
              .select((inner) => inner.fn.countAll<string>().as('n'))
              .as('agents_count'),
        ])
        .$if(!scope.includeRetired, (q) => q.where(activeCampaign))
        .$if(scope.type !== undefined, (q) => q.where('campaigns.type', '=', scope.type as CampaignType))
        .$if(scope.companyId !== undefined, (q) => q.where('campaigns.company_id', '=', scope.companyId as number))
        .$if(scope.assignedToUserId !== undefined, (q) =>
          q.where((eb) =>
            eb.exists(
              eb
                .selectFrom('campaign_agents')
                .whereRef('campaign_agents.campaign_id', '=', 'campaigns.id')
                .where('campaign_agents.user_id', '=', scope.assignedToUserId as number)
                .where('campaign_agents.is_disabled', '=', false)
                .select(sql`1`.as('one')),
            ),
          ),
        )
        .orderBy('campaigns.name')
        .execute();
    },

    async listCampaignLists(companyId?: number) {
      return db
        .selectFrom('campaign_lists')
        .innerJoin('campaign_list_items', 'campaign_list_items.list_id', 'campaign_lists.id')
        .innerJoin('campaigns', 'campaigns.id', 'campaign_list_items.campaign_id')
        .select([
          'campaign_lists.id',
          'campaign_lists.name',
          'campaign_lists.unique_name',
          'campaigns.id as campaign_id',
          'campaigns.name as campaign_name',
        ])
        .where(activeCampaign)
        .$if(companyId !== undefined, (q) => q.where('campaigns.company_id', '=', companyId as number))
        .orderBy('campaign_lists.name')
        .orderBy('campaigns.name')
        .execute();
    },

    /** The user's campaigns with their enabled state, for the campaigns popup. */
    userCampaigns: (userId: number) =>
      db
        .selectFrom('campaign_agents')
        .innerJoin('campaigns', 'campaigns.id', 'campaign_agents.campaign_id')
        .select(['campaigns.id', 'campaigns.name', 'campaign_agents.is_disabled'])
        .where('campaign_agents.user_id', '=', userId)
        .where(activeCampaign)
        .orderBy('campaigns.name')
        .execute(),

    async setCampaignDisabled(userId: number, campaignId: number, disabled: boolean): Promise<boolean> {
      const result = await db
        .updateTable('campaign_agents')
        .set({ is_disabled: disabled })
        .where('user_id', '=', userId)
        .where('campaign_id', '=', campaignId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    writeAudit: (entry: AuditEntry) => writeAudit(db, entry),
  };
}

export type CampaignsRepository = ReturnType<typeof createCampaignsRepository>;
