import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { agentsApi } from '../api';

const agentCampaignsKey = (userId: number) => ['agent-campaigns', userId] as const;

/** An agent's campaigns with their enabled state, and the toggle that answers the updated list. */
export function useAgentCampaigns(userId: number) {
  const queryClient = useQueryClient();
  const campaigns = useQuery({
    queryKey: agentCampaignsKey(userId),
    queryFn: () => agentsApi.campaignsOf(userId),
    staleTime: 0,
  });
  const toggle = useMutation({
    mutationFn: (campaign: number) => agentsApi.toggleCampaign({ user: userId, campaign }),
    onSuccess: (updated) => {
      queryClient.setQueryData(agentCampaignsKey(userId), updated);
      // Per-campaign agent lists and campaign agent counts changed with it.
      void queryClient.invalidateQueries({ queryKey: ['agents'] });
      void queryClient.invalidateQueries({ queryKey: ['campaigns'] });
    },
  });
  return { campaigns, toggle };
}
