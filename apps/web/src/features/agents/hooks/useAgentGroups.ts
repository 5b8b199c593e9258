import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/queryKeys';
import { agentsApi } from '../api';

export function useAgentGroups() {
  return useQuery({ queryKey: queryKeys.agents.groups, queryFn: agentsApi.groups, staleTime: 5 * 60_000 });
}
