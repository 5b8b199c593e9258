import { useLoggedQuery } from '../../../lib/useLoggedQuery';
import { dashboardsApi } from '../api';

export function useStatsSources(enabled: boolean) {
  return useLoggedQuery(
    {
      queryKey: ['dashboards', 'stats-sources'],
      queryFn: dashboardsApi.statsSources,
      enabled,
      staleTime: 5 * 60_000,
    },
    'Dashboard: stats sources could not be loaded',
  );
}
