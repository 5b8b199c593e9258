import type { Agent, AgentGroup, ForceLogoutResponse, UserCampaign } from '@shiftline/shared';
import { http } from '../../lib/http';
import { loadAgentsList } from './agentsList';

export const agentsApi = {
  list: (filter: { campaign?: number }): Promise<Agent[]> => loadAgentsList(filter),
  groups: () => http.get<AgentGroup[]>('/api/dashboards/agent_groups'),
  campaignsOf: (userId: number) => http.get<UserCampaign[]>(`/api/dashboards/user-campaigns-popup/${userId}`),
  /** Enables the agent in the campaign if disabled, else disables; answers the agent's updated list. */
  toggleCampaign: (body: { user: number; campaign: number }) =>
    http.post<UserCampaign[]>('/api/dashboards/disable-campaign-for-agent', body),
  forceLogout: (userId: number) => http.post<ForceLogoutResponse>(`/api/users/${userId}/force_logout`),
};
