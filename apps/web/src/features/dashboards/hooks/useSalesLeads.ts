import type { DashboardQuery } from '@shiftline/shared';
import { queryKeys } from '../../../lib/queryKeys';
import { useLoggedQuery } from '../../../lib/useLoggedQuery';
import { dashboardsApi } from '../api';

/** The Leads Analytics table, loaded when its dialog opens. */
export function useSalesLeads(query: DashboardQuery, enabled: boolean) {
  return useLoggedQuery(
    {
      queryKey: [...queryKeys.dashboards.salesLeads, query],
      queryFn: () => dashboardsApi.salesLeads(query),
      enabled,
    },
    'Dashboard: sales leads could not be loaded',
  );
}
