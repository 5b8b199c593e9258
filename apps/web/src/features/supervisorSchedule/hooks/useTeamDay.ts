import type { TeamSchedule } from '@shiftline/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type TeamPeriod, teamScheduleApi, teamScheduleKeys } from '../api';

const EMPTY: TeamSchedule = { data_points: [], summary: {}, free_shifts: [] };

/** Every agent's time points in the period, filtered by campaigns; loading errors are only logged (spec). */
export function useTeamSchedule(period: TeamPeriod, campaigns: readonly number[]) {
  const query = useQuery({
    queryKey: teamScheduleKeys.period(period, campaigns),
    queryFn: () => teamScheduleApi.teamSchedule(period, campaigns),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (query.error) console.error('The team schedule could not be loaded', query.error);
  }, [query.error]);
  return { schedule: query.data ?? EMPTY, isPending: query.isPending, isFetching: query.isFetching };
}
