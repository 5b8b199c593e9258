import type { DashboardQuery } from '@shiftline/shared';
import { keepPreviousData } from '@tanstack/react-query';
import { useLoggedQuery } from '../../../lib/useLoggedQuery';
import { dashboardsApi } from '../api';
import { loadStateOf } from '../utils/dashboardLoad';
import { useKeptData } from './useKeptData';

/** The last-month graph and its cards (null: the viewer does not get them); a failed refresh keeps the last answer. */
export function useLastMonthData(query: DashboardQuery | null) {
  const result = useLoggedQuery(
    {
      queryKey: ['dashboards', 'last-month', query],
      queryFn: () => dashboardsApi.lastMonth(query as DashboardQuery),
      enabled: query !== null,
      placeholderData: keepPreviousData,
    },
    'Dashboard: last-month data could not be loaded',
  );
  return { data: useKeptData(result.data), ...loadStateOf(result) };
}
