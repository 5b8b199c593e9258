import type { ScheduleCampaign, ShiftStatus, TeamMonth, TeamSchedule } from '@shiftline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshAfter } from '../../../lib/cacheRefresh';
import { queryKeys } from '../../../lib/queryKeys';
import { campaignsWithShiftStatus, dayWithShiftStatus, monthWithoutPending } from '../utils/patchTeamCache';

type Transition<Variables> = {
  /** The status the shifts have afterwards. */
  status: ShiftStatus;
  idsOf: (variables: Variables) => number[];
  /**
   * Cancelling or restoring can change a day's headcount and atoms, which only the server counts: the month
   * summary (a few kilobytes) loads again. Approving changes neither.
   */
  reloadMonth: boolean;
};

/**
 * Approve, cancel or restore shifts, patching the loaded days, months and campaign timelines from what is sent
 * instead of reloading them: at 1,000 agents a reload took seconds to show one approval.
 */
export function useShiftTransition<Variables, Result>(
  mutationFn: (variables: Variables) => Promise<Result>,
  { status, idsOf, reloadMonth }: Transition<Variables>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // Shown at once, before the server answers; a refusal reloads what the server holds.
    onMutate: async (variables) => {
      // A load under way would put back what it read before the change.
      await queryClient.cancelQueries({ queryKey: queryKeys.teamSchedule.all });
      const ids = new Set(idsOf(variables));
      queryClient.setQueriesData<TeamSchedule>({ queryKey: queryKeys.teamSchedule.days }, (day) =>
        day ? dayWithShiftStatus(day, ids, status) : day,
      );
      queryClient.setQueriesData<ScheduleCampaign[]>({ queryKey: queryKeys.teamSchedule.campaignsAll }, (campaigns) =>
        campaigns ? campaignsWithShiftStatus(campaigns, ids, status) : campaigns,
      );
      queryClient.setQueriesData<TeamMonth>({ queryKey: queryKeys.teamSchedule.months }, (month) =>
        month ? monthWithoutPending(month, ids) : month,
      );
    },
    onError: () => refreshAfter(queryClient, { kind: 'teamSchedule' }),
    // Personal calendars are not on screen here: marked stale, they load when next shown.
    onSuccess: () => refreshAfter(queryClient, { kind: 'shiftStatus', months: reloadMonth }),
  });
}
