import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshAfter } from '../../../lib/cacheRefresh';

/** A schedule change: afterwards every loaded schedule and the unsent count are fetched again. */
export function useScheduleMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => refreshAfter(queryClient, { kind: 'ownShifts' }),
  });
}
