import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/queryKeys';
import { scheduleApi } from '../api';

/** How many of the viewer's own shifts still wait to be sent for approval (0 until known). */
export function useUnsentCount(enabled: boolean): number {
  const query = useQuery({ queryKey: queryKeys.schedule.unsentCount, queryFn: scheduleApi.unsentCount, enabled });
  return query.data?.count ?? 0;
}
