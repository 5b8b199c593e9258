import { type UserSchedule } from '@shiftline/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type SchedulePeriod, scheduleApi, scheduleKeys } from '../api';

const EMPTY: UserSchedule['shifts'] = [];
const NO_VACATIONS: UserSchedule['vacations'] = [];

/**
 * A user's shifts and vacations in the calendar period. Loading errors are only logged (spec): the
 * calendar then shows no events instead of failing.
 */
export function useUserSchedule(userId: number, forself: boolean, period: SchedulePeriod) {
  const query = useQuery({
    queryKey: scheduleKeys.period(userId, period),
    queryFn: () => scheduleApi.userSchedule(period, forself ? undefined : userId),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (query.error) console.error('The schedule could not be loaded', query.error);
  }, [query.error]);
  return {
    shifts: query.data?.shifts ?? EMPTY,
    vacations: query.data?.vacations ?? NO_VACATIONS,
    owner: query.data?.user ?? null,
    isPending: query.isPending,
    refetch: query.refetch,
  };
}
