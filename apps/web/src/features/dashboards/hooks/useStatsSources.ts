import { useQuery } from '@tanstack/react-query';
import { dashboardsApi } from '../api';
import { useLoggedFailure } from './useLoggedFailure';

export function useStatsSources(enabled: boolean) {
  const result = useQuery({
    queryKey: ['dashboards', 'stats-sources'],
    queryFn: dashboardsApi.statsSources,
    enabled,
    staleTime: 5 * 60_000,
  });
  useLoggedFailure(result.error, 'stats sources');
  return result;
}
