import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/queryKeys';
import { agentsApi } from '../api';

export function useAgents(campaign: number | null) {
  return useQuery({
    queryKey: queryKeys.agents.list(campaign ?? undefined),
    queryFn: () => agentsApi.list({ campaign: campaign ?? undefined }),
    placeholderData: (previous) => previous,
  });
}
