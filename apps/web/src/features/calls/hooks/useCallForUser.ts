import { useQuery } from '@tanstack/react-query';
import { callsApi } from '../api';
import { callKeys } from '../keys';

/** The agent's live call (ringing, connected, on hold or in after-call work), or null. */
export function useCallForUser(enabled = true) {
  return useQuery({ queryKey: callKeys.forUser, queryFn: callsApi.callForUser, enabled });
}
