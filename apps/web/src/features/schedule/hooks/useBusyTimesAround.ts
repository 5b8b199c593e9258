import { useQuery } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { useMemo } from 'react';
import { queryKeys } from '../../../lib/queryKeys';
import { type SchedulePeriod, scheduleApi } from '../api';
import { type BusyInterval, busyIntervals } from '../utils/busyIntervals';

const NONE: BusyInterval[] = [];

/**
 * A user's busy times (live shifts, blocking days off) around a local day, the day before and after included so
 * overnight shifts count: what a planner's start and end choices on that day must keep clear of.
 */
export function useBusyTimesAround(userId: number, forself: boolean, day: string, zone: string) {
  const period = useMemo<SchedulePeriod>(() => {
    const start = DateTime.fromISO(day, { zone }).startOf('day');
    return {
      startUtc: start.minus({ days: 1 }).toUTC().toISO() as string,
      endUtc: start.plus({ days: 2 }).toUTC().toISO() as string,
    };
  }, [day, zone]);
  const query = useQuery({
    queryKey: queryKeys.schedule.period(userId, period),
    queryFn: () => scheduleApi.userSchedule(period, forself ? undefined : userId),
  });
  const busy = useMemo(
    () => (query.data ? busyIntervals(query.data.shifts, query.data.vacations) : NONE),
    [query.data],
  );
  return { busy, isPending: query.isPending, isError: query.isError };
}
