import { useQuery } from '@tanstack/react-query';
import { scheduleApi, scheduleKeys } from '../api';

/** How many of the viewer's own shifts still wait to be sent for approval (0 until known). */
export function useUnsentCount(enabled: boolean): number {
  const query = useQuery({ queryKey: scheduleKeys.unsentCount, queryFn: scheduleApi.unsentCount, enabled });
  return query.data?.count ?? 0;
}
