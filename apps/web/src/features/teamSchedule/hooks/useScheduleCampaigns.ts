import type { ScheduleCampaign } from '@shiftline/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../../../lib/queryKeys';
import { type TeamPeriod, teamScheduleApi } from '../api';

const EMPTY: ScheduleCampaign[] = [];

/** Campaigns with their agents, working windows and shifts on the opened day, for the per-campaign timeline. */
export function useScheduleCampaigns(day: TeamPeriod | null) {
  const enabled = day !== null;
  const query = useQuery({
    queryKey: day ? queryKeys.teamSchedule.campaigns(day) : queryKeys.teamSchedule.campaignsAll,
    queryFn: () => teamScheduleApi.allCampaigns(day as TeamPeriod),
    enabled,
  });
  useEffect(() => {
    if (query.error) console.error('The campaign timeline could not be loaded', query.error);
  }, [query.error]);
  return { campaigns: query.data ?? EMPTY, isPending: enabled && query.isPending };
}
