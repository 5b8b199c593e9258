import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/queryKeys';
import { homeApi } from '../api';

/** The viewer's next shifts and requests waiting for an answer (null: the role has no schedule). */
export function useMyWork(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.home.myWork, queryFn: homeApi.myWork, enabled });
}

/** What waits for a schedule supervisor's decision. */
export function useToApprove(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.home.toApprove, queryFn: homeApi.toApprove, enabled });
}
