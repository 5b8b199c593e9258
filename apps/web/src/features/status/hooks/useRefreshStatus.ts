import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { statusKeys } from '../keys';

/** Loads the agent's status again: for screens whose call moved the agent (answer, hold, end). */
export function useRefreshStatus(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => void queryClient.invalidateQueries({ queryKey: statusKeys.current }), [queryClient]);
}
