import { useQuery } from '@tanstack/react-query';
import { callsApi, type OperatorRole } from '../api';
import { callKeys } from '../keys';

/** Who of the call's campaign, in one role, the call could be transferred to, with their live status. */
export function useOperators(callId: number, role: OperatorRole) {
  return useQuery({
    queryKey: callKeys.operators(callId, role),
    queryFn: () => callsApi.operators(callId, role),
    staleTime: 10_000,
  });
}
