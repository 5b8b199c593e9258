import type { DashboardQuery } from '@shiftline/shared';
import { useQuery } from '@tanstack/react-query';
import { dashboardsApi } from '../api';
import { useLoggedFailure } from './useLoggedFailure';

/** The Leads Analytics table, loaded when its dialog opens. */
export function useSalesLeads(query: DashboardQuery, enabled: boolean) {
  const result = useQuery({
    queryKey: ['dashboards', 'sales-leads', query],
    queryFn: () => dashboardsApi.salesLeads(query),
    enabled,
  });
  useLoggedFailure(result.error, 'sales leads');
  return result;
}
