import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/queryKeys';
import { callsApi } from '../api';

/** The agent's live call (ringing, connected, on hold or in after-call work), or null. */
export function useCallForUser(enabled = true) {
  return useQuery({ queryKey: queryKeys.calls.forUser, queryFn: callsApi.callForUser, enabled });
}
