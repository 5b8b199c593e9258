import { useQuery } from '@tanstack/react-query';
import { productivityApi, productivityKeys } from '../api';

/** The agent dropdown's choices; not fetched for an agent, who has no dropdown. */
export function useProductivityAgents(enabled: boolean) {
  return useQuery({ queryKey: productivityKeys.agents, queryFn: productivityApi.agents, enabled });
}
