import { type UserSchedule } from '@shiftline/shared';
import { keepPreviousData } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/queryKeys';
import { useLoggedQuery } from '../../../lib/useLoggedQuery';
import { type SchedulePeriod, scheduleApi } from '../api';
import { useScheduleLive } from './useScheduleLive';

const EMPTY: UserSchedule['shifts'] = [];
const NO_VACATIONS: UserSchedule['vacations'] = [];

/**
 * A user's shifts and vacations in the calendar period. Loading errors are logged (spec); `loadFailed` says the
 * period has nothing to show because its load failed, so the page can say so instead of drawing an empty month
 * (an agent must never take a failed load for having no shifts). A failed refresh keeps what was shown.
 */
export function useUserSchedule(userId: number, forself: boolean, period: SchedulePeriod) {
  const query = useLoggedQuery(
    {
      queryKey: queryKeys.schedule.period(userId, period),
      queryFn: () => scheduleApi.userSchedule(period, forself ? undefined : userId),
      placeholderData: keepPreviousData,
    },
    'The schedule could not be loaded',
  );
  useScheduleLive(userId);
  return {
    shifts: query.data?.shifts ?? EMPTY,
    vacations: query.data?.vacations ?? NO_VACATIONS,
    owner: query.data?.user ?? null,
    isPending: query.isPending,
    loadFailed: query.isError && query.data === undefined,
    refetch: query.refetch,
  };
}
