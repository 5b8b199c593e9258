import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/queryKeys';
import { callsApi, type OperatorRole } from '../api';

/** Who of the call's campaign, in one role, the call could be transferred to, with their live status. */
export function useOperators(callId: number, role: OperatorRole) {
  return useQuery({
    queryKey: queryKeys.calls.operators(callId, role),
    queryFn: () => callsApi.operators(callId, role),
    staleTime: 10_000,
  });
}
