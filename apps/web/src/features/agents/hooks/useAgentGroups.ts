import { useQuery } from '@tanstack/react-query';
import { agentsApi } from '../api';

export function useAgentGroups() {
  return useQuery({ queryKey: ['agent-groups'], queryFn: agentsApi.groups, staleTime: 5 * 60_000 });
}
