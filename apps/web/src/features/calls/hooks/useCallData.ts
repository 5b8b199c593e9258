import type { CallData } from '@shiftline/shared';
import { SOCKET_EVENTS } from '@shiftline/shared/api/events';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { refreshAfter } from '../../../lib/cacheRefresh';
import { queryKeys } from '../../../lib/queryKeys';
import { socketClient } from '../../../lib/socketClient';
import { callsApi } from '../api';

/** One call's page data, loaded again whenever the server says the call moved (newCallData). */
export function useCallData(id: number, enabled = true) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    return socketClient.on(SOCKET_EVENTS.newCallData, (event) => {
      if (event.call_id === id) void refreshAfter(queryClient, { kind: 'call', callId: id });
    });
  }, [id, enabled, queryClient]);
  return useQuery({ queryKey: queryKeys.calls.call(id), queryFn: () => callsApi.callData(id), enabled });
}

/** Puts a call's new data (the answer of a call action) in the cache the page reads. */
export function useStoreCall(): (call: CallData) => void {
  const queryClient = useQueryClient();
  return (call: CallData) => queryClient.setQueryData(queryKeys.calls.call(call.inquiry_id), call);
}
