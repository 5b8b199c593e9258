import { SOCKET_EVENTS } from '@shiftline/shared/api/events';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { refreshAfter } from '../../../lib/cacheRefresh';
import { queryKeys } from '../../../lib/queryKeys';
import { socketClient } from '../../../lib/socketClient';
import { statusApi } from '../api';

/** The signed-in agent's status and the statuses they may move to; `enabled` only for roles with a status. */
export function useStatusInfo(enabled = true) {
  return useQuery({ queryKey: queryKeys.status.current, queryFn: statusApi.current, enabled, staleTime: 30_000 });
}

/**
 * Keeps the status current: newAgentStateData about this user (the call engine moved them: ringing, on call,
 * after-call work, or the agent changed status on another page) loads it again.
 */
export function useLiveStatus(userId: number, enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    return socketClient.on(SOCKET_EVENTS.newAgentStateData, (event) => {
      if (event.user_id === userId) void refreshAfter(queryClient, { kind: 'agentStatus' });
    });
  }, [enabled, userId, queryClient]);
}
