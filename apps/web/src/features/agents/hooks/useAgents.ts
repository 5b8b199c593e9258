import { useQuery } from '@tanstack/react-query';
import { agentsApi } from '../api';

export function useAgents(campaign: number | null) {
  return useQuery({
    queryKey: ['agents', { campaign }],
    queryFn: () => agentsApi.list({ campaign: campaign ?? undefined }),
    placeholderData: (previous) => previous,
  });
}
