import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/queryKeys';
import { callsApi, type DispositionOptions } from '../api';

/** The call's campaign dispositions and the one chosen (not loaded while `enabled` is false). */
export function useDispositions(callId: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.calls.dispositions(callId),
    queryFn: () => callsApi.dispositions(callId),
    enabled,
  });
}

/** Chooses the call's disposition; the choice shows once the server has taken it. */
export function useSetDisposition(callId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (disposition: number) => callsApi.setDisposition(callId, disposition),
    onSuccess: (_answer, disposition) =>
      queryClient.setQueryData<DispositionOptions>(queryKeys.calls.dispositions(callId), (options) =>
        options ? { ...options, selected: disposition } : options,
      ),
  });
}
