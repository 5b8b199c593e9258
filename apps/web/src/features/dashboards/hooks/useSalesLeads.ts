import type { DashboardQuery } from '@shiftline/shared';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/queryKeys';
import { dashboardsApi } from '../api';
import { useLoggedFailure } from './useLoggedFailure';

/** The Leads Analytics table, loaded when its dialog opens. */
export function useSalesLeads(query: DashboardQuery, enabled: boolean) {
  const result = useQuery({
    queryKey: [...queryKeys.dashboards.salesLeads, query],
    queryFn: () => dashboardsApi.salesLeads(query),
    enabled,
  });
  useLoggedFailure(result.error, 'sales leads');
  return result;
}
