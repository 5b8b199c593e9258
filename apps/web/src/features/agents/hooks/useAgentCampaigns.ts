import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { refreshAfter } from '../../../lib/cacheRefresh';
import { queryKeys } from '../../../lib/queryKeys';
import { agentsApi } from '../api';

/** An agent's campaigns with their enabled state, and the toggle that answers the updated list. */
export function useAgentCampaigns(userId: number) {
  const queryClient = useQueryClient();
  const campaigns = useQuery({
    queryKey: queryKeys.agents.campaignToggles(userId),
    queryFn: () => agentsApi.campaignsOf(userId),
    staleTime: 0,
  });
  const toggle = useMutation({
    mutationFn: (campaign: number) => agentsApi.toggleCampaign({ user: userId, campaign }),
    onSuccess: (updated) => {
      queryClient.setQueryData(queryKeys.agents.campaignToggles(userId), updated);
      // Per-campaign agent lists and campaign agent counts changed with it.
      void refreshAfter(queryClient, { kind: 'agentCampaigns' });
    },
  });
  return { campaigns, toggle };
}
