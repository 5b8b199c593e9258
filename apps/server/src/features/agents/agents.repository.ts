import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { listedAgent } from '../users/index.js';

export function createAgentsRepository(db: Kysely<Database>) {
  return {
    async listAgents(filter: { campaignId?: number; groupId?: number; companyId?: number }) {
      let query = db
        .selectFrom('users')
        .leftJoin('agent_groups', 'agent_groups.id', 'users.agent_group_id')
        .where(listedAgent)
        .select([
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
  };
}

export type AgentsRepository = ReturnType<typeof createAgentsRepository>;
