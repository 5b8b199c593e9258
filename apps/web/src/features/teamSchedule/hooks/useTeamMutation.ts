import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshAfter } from '../../../lib/cacheRefresh';

/** A change to shifts: afterwards the team calendar, the campaign timeline and personal calendars load again. */
export function useTeamMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => refreshAfter(queryClient, { kind: 'teamShifts' }),
  });
}
