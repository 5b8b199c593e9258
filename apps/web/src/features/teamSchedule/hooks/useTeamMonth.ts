import type { TeamMonth } from '@shiftline/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../../../lib/queryKeys';
import { type TeamPeriod, teamScheduleApi } from '../api';

const EMPTY: TeamMonth = { days: {}, agents: {}, pending_ids: [] };

/** The month grid's summary, filtered by campaigns; loading errors are only logged (spec). */
export function useTeamMonth(period: TeamPeriod, campaigns: readonly number[]) {
  const query = useQuery({
    queryKey: queryKeys.teamSchedule.month(period, campaigns),
    queryFn: () => teamScheduleApi.teamMonth(period, campaigns),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (query.error) console.error('The team month could not be loaded', query.error);
  }, [query.error]);
  return { month: query.data ?? EMPTY, isPending: query.isPending };
}
