import type { TeamSchedule } from '@shiftline/shared';
import { queryKeys } from '../../../lib/queryKeys';
import { useLoggedQuery } from '../../../lib/useLoggedQuery';
import { type TeamPeriod, teamScheduleApi } from '../api';

const EMPTY: TeamSchedule = { data_points: [], summary: {}, free_shifts: [] };

/** Every agent's time points on the opened day, filtered by campaigns; loading errors are only logged (spec). */
export function useTeamDay(day: TeamPeriod | null, campaigns: readonly number[]) {
  const query = useLoggedQuery(
    {
      queryKey: day ? queryKeys.teamSchedule.day(day, campaigns) : queryKeys.teamSchedule.days,
      queryFn: () => teamScheduleApi.teamDay(day as TeamPeriod, campaigns),
      enabled: day !== null,
    },
    'The team day could not be loaded',
  );
  return { schedule: query.data ?? EMPTY, isPending: day !== null && query.isPending };
}
