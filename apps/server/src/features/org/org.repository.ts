import type { CampaignType } from '@shiftline/shared';
import { CALL_TAKING_ROLES } from '@shiftline/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Active, non-archived campaigns only: the only ones any list shows. */
/** `includeRetired`: archived and inactive campaigns too (their history still counts in reports). */
export type CampaignScope = {
  companyId?: number;
  assignedToUserId?: number;
  type?: CampaignType;
  includeRetired?: boolean;
};

export function createOrgRepository(db: Kysely<Database>) {
  const listableAgents = () =>
    db
      .selectFrom('users')
      .leftJoin('agent_groups', 'agent_groups.id', 'users.agent_group_id')
      .where('users.archived', '=', false)
      .where('users.is_system', '=', false)
      .where('users.role', 'in', CALL_TAKING_ROLES);

  return {
    async listAgents(filter: { campaignId?: number; groupId?: number; companyId?: number }) {
      let query = listableAgents().select([
        'users.id',
        'users.first_name',
        'users.second_name',
        'users.email',
        'users.role',
        'users.avatar_url',
        'users.archived',
        'users.agent_group_id',
        'agent_groups.name as agent_group',
      ]);
      if (filter.groupId !== undefined) query = query.where('users.agent_group_id', '=', filter.groupId);
      if (filter.campaignId !== undefined || filter.companyId !== undefined) {
        query = query.where((eb) =>
          eb.exists(
            eb
              .selectFrom('campaign_agents')
              .innerJoin('campaigns', 'campaigns.id', 'campaign_agents.campaign_id')
              .whereRef('campaign_agents.user_id', '=', 'users.id')
              .$if(filter.campaignId !== undefined, (q) => q.where('campaigns.id', '=', filter.campaignId as number))
              .$if(filter.companyId !== undefined, (q) =>
                q.where('campaigns.company_id', '=', filter.companyId as number),
              )
              .select(sql`1`.as('one')),
          ),
        );
      }
      return query.orderBy('users.first_name').orderBy('users.second_name').orderBy('users.id').execute();
    },

    listAgentGroups: () => db.selectFrom('agent_groups').select(['id', 'name']).orderBy('name').execute(),

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
          'campaigns.start_work_time',
          'campaigns.end_work_time',
          'campaigns.company_id',
          'companies.name as company_name',
          (eb) =>
            eb
              .selectFrom('campaign_agents')
              .innerJoin('users', 'users.id', 'campaign_agents.user_id')
              .whereRef('campaign_agents.campaign_id', '=', 'campaigns.id')
              .where('campaign_agents.is_disabled', '=', false)
              .where('users.archived', '=', false)
              .where('users.is_system', '=', false)
              .select((inner) => inner.fn.countAll<string>().as('n'))
              .as('agents_count'),
        ])
        .$if(!scope.includeRetired, (q) =>
          q.where('campaigns.archived', '=', false).where('campaigns.active', '=', true),
        )
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
        .where('campaigns.archived', '=', false)
        .where('campaigns.active', '=', true)
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
        .where('campaigns.archived', '=', false)
        .where('campaigns.active', '=', true)
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

    isAgentInCompany: async (userId: number, companyId: number): Promise<boolean> => {
      const row = await db
        .selectFrom('campaign_agents')
        .innerJoin('campaigns', 'campaigns.id', 'campaign_agents.campaign_id')
        .select('campaign_agents.user_id')
        .where('campaign_agents.user_id', '=', userId)
        .where('campaigns.company_id', '=', companyId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async writeAudit(entry: { actorId: number; action: string; subject: string; details: unknown }): Promise<void> {
      await db
        .insertInto('audit_log')
        .values({
          actor_id: entry.actorId,
          action: entry.action,
          subject: entry.subject,
          details: JSON.stringify(entry.details),
        })
        .execute();
    },
  };
}

export type OrgRepository = ReturnType<typeof createOrgRepository>;
