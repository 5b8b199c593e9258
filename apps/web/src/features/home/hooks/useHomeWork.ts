import { useQuery } from '@tanstack/react-query';
import { homeApi, homeKeys } from '../api';

/** The viewer's next shifts and requests waiting for an answer (null: the role has no schedule). */
export function useMyWork(enabled: boolean) {
  return useQuery({ queryKey: homeKeys.myWork, queryFn: homeApi.myWork, enabled });
}

/** What waits for a schedule supervisor's decision. */
export function useToApprove(enabled: boolean) {
  return useQuery({ queryKey: homeKeys.toApprove, queryFn: homeApi.toApprove, enabled });
}
