import { useQuery } from '@tanstack/react-query';
import { authApi, sessionQueryKey } from '../api';

/** The current session (null when signed out); rechecked when the tab regains focus. */
export function useSession() {
  return useQuery({
    queryKey: sessionQueryKey,
    queryFn: authApi.me,
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: true,
  });
}
