import type { ScheduleCampaign } from '@shiftline/shared';
import { queryKeys } from '../../../lib/queryKeys';
import { useLoggedQuery } from '../../../lib/useLoggedQuery';
import { type TeamPeriod, teamScheduleApi } from '../api';

const EMPTY: ScheduleCampaign[] = [];

/** Campaigns with their agents, working windows and shifts on the opened day, for the per-campaign timeline. */
export function useScheduleCampaigns(day: TeamPeriod | null) {
  const enabled = day !== null;
  const query = useLoggedQuery(
    {
      queryKey: day ? queryKeys.teamSchedule.campaigns(day) : queryKeys.teamSchedule.campaignsAll,
      queryFn: () => teamScheduleApi.allCampaigns(day as TeamPeriod),
      enabled,
    },
    'The campaign timeline could not be loaded',
  );
  return { campaigns: query.data ?? EMPTY, isPending: enabled && query.isPending };
}
