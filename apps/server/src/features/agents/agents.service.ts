import { type Agent, ROLE_NAMES, STARRED_ROLES } from '@shiftline/shared';
import type { UserRow } from '../../db/schema.js';
import { campaignScopeFor } from '../campaigns/index.js';
import type { AgentsRepository } from './agents.repository.js';

export function createAgentsService(deps: { agents: AgentsRepository }) {
  const { agents } = deps;
  return {
    async listAgents(viewer: UserRow, filter: { campaign?: number; group?: number }): Promise<Agent[]> {
      const rows = await agents.listAgents({
        campaignId: filter.campaign,
        groupId: filter.group,
        companyId: campaignScopeFor(viewer).companyId,
      });
      return rows.map((row) => ({
        id: row.id,
        firstName: row.first_name,
        secondName: row.second_name,
        // Staff e-mail addresses are not the client portal's to see.
        email: viewer.role === 'company_supervisor' ? null : row.email,
        agent_group: row.agent_group,
        agent_group_id: row.agent_group_id,
        role: row.role,
        role_name: ROLE_NAMES[row.role],
        avatar_url: row.avatar_url,
        archived: row.archived,
        starred: STARRED_ROLES.includes(row.role),
      }));
    },

    listAgentGroups: () => agents.listAgentGroups(),
  };
}

export type AgentsService = ReturnType<typeof createAgentsService>;
