import { useMutation, useQueryClient } from '@tanstack/react-query';
import { teamScheduleKeys } from '../api';

/** A change to shifts: afterwards the team calendar, the campaign timeline and personal calendars load again. */
export function useTeamMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: teamScheduleKeys.all }),
        queryClient.invalidateQueries({ queryKey: teamScheduleKeys.personal }),
      ]);
    },
  });
}
