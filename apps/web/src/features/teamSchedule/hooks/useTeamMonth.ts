import type { TeamMonth } from '@shiftline/shared';
import { keepPreviousData } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/queryKeys';
import { useLoggedQuery } from '../../../lib/useLoggedQuery';
import { type TeamPeriod, teamScheduleApi } from '../api';

const EMPTY: TeamMonth = { days: {}, agents: {}, pending_ids: [] };

/** The month grid's summary, filtered by campaigns; loading errors are only logged (spec). */
export function useTeamMonth(period: TeamPeriod, campaigns: readonly number[]) {
  const query = useLoggedQuery(
    {
      queryKey: queryKeys.teamSchedule.month(period, campaigns),
      queryFn: () => teamScheduleApi.teamMonth(period, campaigns),
      placeholderData: keepPreviousData,
    },
    'The team month could not be loaded',
  );
  return { month: query.data ?? EMPTY, isPending: query.isPending };
}
