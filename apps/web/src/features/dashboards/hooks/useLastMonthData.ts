import type { DashboardQuery } from '@shiftline/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { dashboardsApi } from '../api';
import { useKeptData } from './useKeptData';
import { useLoggedFailure } from './useLoggedFailure';

/** The last-month graph and its cards (null: the viewer does not get them); a failed refresh keeps the last answer. */
export function useLastMonthData(query: DashboardQuery | null) {
  const result = useQuery({
    queryKey: ['dashboards', 'last-month', query],
    queryFn: () => dashboardsApi.lastMonth(query as DashboardQuery),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
  useLoggedFailure(result.error, 'last-month data');
  return { data: useKeptData(result.data), failed: result.isError };
}
