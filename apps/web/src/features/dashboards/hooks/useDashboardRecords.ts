import type { DashboardQuery } from '@shiftline/shared';
import { keepPreviousData } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/queryKeys';
import { useLoggedQuery } from '../../../lib/useLoggedQuery';
import { dashboardsApi } from '../api';
import { type DashboardLoad, loadStateOf } from '../utils/dashboardLoad';
import { useKeptData } from './useKeptData';

/**
 * Call records for one range (null: none wanted). While a new range loads, and when it fails, the previous answer
 * stays on screen (`data`); `failed` says the range on screen is not the one asked for.
 * Equal queries share one request, so the compare range and Today at-a-Glance's comparison load once.
 */
export function useDashboardRecords(query: DashboardQuery | null, what: string) {
  const result = useLoggedQuery(
    {
      queryKey: [...queryKeys.dashboards.records, query],
      queryFn: () => dashboardsApi.records(query as DashboardQuery),
      enabled: query !== null,
      placeholderData: query === null ? undefined : keepPreviousData,
    },
    `Dashboard: ${what} could not be loaded`,
  );
  const data = useKeptData(result.data);
  const load: DashboardLoad = loadStateOf(result);
  return { data, ...load, isPlaceholderData: result.isPlaceholderData || load.failed };
}
