import type { CallData } from '@shiftline/shared';
import { SOCKET_EVENTS } from '@shiftline/shared/api/events';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { refreshAfter } from '../../../lib/cacheRefresh';
import { queryKeys } from '../../../lib/queryKeys';
import { socketClient } from '../../../lib/socketClient';
import { useSoftphone } from '../../softphone';
import { callsApi } from '../api';
import { offerEndFor } from '../utils/offerEnd';

/**
 * One call's page data, loaded again whenever the server says the call moved (newCallData), unless the move took the
 * call from the viewer (`viewerId`). A fetch that fails (after
 * the query's retries) while that call is on the softphone puts the phone in the fail state (spec §4).
 */
export function useCallData(id: number, enabled = true, viewerId: number | null = null) {
  const queryClient = useQueryClient();
  const phone = useSoftphone();
  useEffect(() => {
    if (!enabled) return;
    return socketClient.on(SOCKET_EVENTS.newCallData, (event) => {
      // A call that left this agent (an offer that rang out) is no longer theirs to read: the call watcher takes
      // them back, and a fetch would only be refused.
      if (event.call_id === id && (viewerId === null || offerEndFor(event, viewerId) !== 'missed')) {
        void refreshAfter(queryClient, { kind: 'call', callId: id });
      }
    });
  }, [id, enabled, queryClient, viewerId]);
  const query = useQuery({ queryKey: queryKeys.calls.call(id), queryFn: () => callsApi.callData(id), enabled });
  // Each failure once: errorUpdatedAt moves with every failed fetch, not with re-renders.
  const failedAt = query.isError ? query.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt > 0) phone?.callDataFailed(id);
  }, [failedAt, phone, id]);
  return query;
}

/** Puts a call's new data (the answer of a call action) in the cache the page reads. */
export function useStoreCall(): (call: CallData) => void {
  const queryClient = useQueryClient();
  return (call: CallData) => queryClient.setQueryData(queryKeys.calls.call(call.inquiry_id), call);
}
