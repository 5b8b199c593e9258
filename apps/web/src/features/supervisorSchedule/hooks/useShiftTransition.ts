import type { ShiftStatus, TeamMonth, TeamSchedule } from '@shiftline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ScheduleCampaign, teamScheduleKeys } from '../api';
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
 * Approve, cancel or restore shifts, then patch the loaded days, months and campaign timelines from what was
 * sent instead of reloading them: at 1,000 agents a reload took seconds to show one approval.
 */
export function useShiftTransition<Variables, Result>(
  mutationFn: (variables: Variables) => Promise<Result>,
  { status, idsOf, reloadMonth }: Transition<Variables>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (_result, variables) => {
      const ids = new Set(idsOf(variables));
      queryClient.setQueriesData<TeamSchedule>({ queryKey: teamScheduleKeys.days }, (day) =>
        day ? dayWithShiftStatus(day, ids, status) : day,
      );
      queryClient.setQueriesData<ScheduleCampaign[]>({ queryKey: teamScheduleKeys.campaignsAll }, (campaigns) =>
        campaigns ? campaignsWithShiftStatus(campaigns, ids, status) : campaigns,
      );
      queryClient.setQueriesData<TeamMonth>({ queryKey: teamScheduleKeys.months }, (month) =>
        month ? monthWithoutPending(month, ids) : month,
      );
      // Personal calendars are not on screen here: marked stale, they load when next shown.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: teamScheduleKeys.personal }),
        reloadMonth ? queryClient.invalidateQueries({ queryKey: teamScheduleKeys.months }) : null,
      ]);
    },
  });
}
