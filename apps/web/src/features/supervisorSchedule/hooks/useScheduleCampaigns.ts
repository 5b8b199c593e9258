import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type ScheduleCampaign, type TeamPeriod, teamScheduleApi, teamScheduleKeys } from '../api';

const EMPTY: ScheduleCampaign[] = [];

/** Campaigns with their agents, working windows and shifts in the period, for the per-campaign timeline. */
export function useScheduleCampaigns(period: TeamPeriod, enabled: boolean) {
  const query = useQuery({
    queryKey: teamScheduleKeys.campaigns(period),
    queryFn: () => teamScheduleApi.allCampaigns(period),
    enabled,
  });
  useEffect(() => {
    if (query.error) console.error('The campaign timeline could not be loaded', query.error);
  }, [query.error]);
  return { campaigns: query.data ?? EMPTY, isPending: enabled && query.isPending };
}
