import { useQuery } from '@tanstack/react-query';
import { adminApi } from '../api';

/** What the administration's forms choose from: groups, companies, campaigns and agents. */
export function useAdminOptions() {
  return useQuery({ queryKey: ['admin', 'options'], queryFn: adminApi.options, staleTime: 30_000 });
}
