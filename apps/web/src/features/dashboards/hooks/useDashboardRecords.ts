import type { DashboardQuery } from '@shiftline/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { dashboardsApi } from '../api';
import { useLoggedFailure } from './useLoggedFailure';

/**
 * Call records for one range (null: none wanted). While a new range loads, the previous answer stays on screen.
 * Equal queries share one request, so the compare range and Today at-a-Glance's comparison load once.
 */
export function useDashboardRecords(query: DashboardQuery | null, what: string) {
  const result = useQuery({
    queryKey: ['dashboards', 'records', query],
    queryFn: () => dashboardsApi.records(query as DashboardQuery),
    enabled: query !== null,
    placeholderData: query === null ? undefined : keepPreviousData,
  });
  useLoggedFailure(result.error, what);
  return result;
}
