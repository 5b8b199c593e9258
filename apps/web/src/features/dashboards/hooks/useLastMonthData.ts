import type { DashboardQuery } from '@shiftline/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { dashboardsApi } from '../api';
import { useLoggedFailure } from './useLoggedFailure';

/** The last-month graph and its cards (null: the viewer does not get them). */
export function useLastMonthData(query: DashboardQuery | null) {
  const result = useQuery({
    queryKey: ['dashboards', 'last-month', query],
    queryFn: () => dashboardsApi.lastMonth(query as DashboardQuery),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
  useLoggedFailure(result.error, 'last-month data');
  return result;
}
