import type { Agent, UserCampaign } from '@shiftline/shared';
import { http } from '../../lib/http';
import { loadAgentsList } from '../dashboards/agentsList';

type AgentGroup = { id: number; name: string };

export const agentsApi = {
  list: (filter: { campaign?: number }): Promise<Agent[]> => loadAgentsList(filter),
  groups: () => http.get<AgentGroup[]>('/api/dashboards/agent_groups'),
  campaignsOf: (userId: number) => http.get<UserCampaign[]>(`/api/dashboards/user-campaigns-popup/${userId}`),
  /** Enables the agent in the campaign if disabled, else disables; answers the agent's updated list. */
  toggleCampaign: (body: { user: number; campaign: number }) =>
    http.post<UserCampaign[]>('/api/dashboards/disable-campaign-for-agent', body),
  forceLogout: (userId: number) =>
    http.post<{ status: 'ok'; sessions_ended: number }>(`/api/users/${userId}/force_logout`),
};
