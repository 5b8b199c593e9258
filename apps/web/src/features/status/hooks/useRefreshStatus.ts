import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { refreshAfter } from '../../../lib/cacheRefresh';

/** Loads the agent's status again: for screens whose call moved the agent (answer, hold, end). */
export function useRefreshStatus(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => void refreshAfter(queryClient, { kind: 'agentStatus' }), [queryClient]);
}
