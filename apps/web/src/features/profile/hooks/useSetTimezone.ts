import type { SessionResponse, TimeZoneId } from '@shiftline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshAfter } from '../../../lib/cacheRefresh';
import { sessionQueryKey } from '../../auth';
import { profileApi } from '../api';

/** Saves the user's time zone; every clock and time on screen follows at once, then /me is reloaded. */
export function useSetTimezone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (timezone: TimeZoneId) => profileApi.setTimezone(timezone),
    onMutate: async (timezone) => {
      await queryClient.cancelQueries({ queryKey: sessionQueryKey });
      const previous = queryClient.getQueryData<SessionResponse | null>(sessionQueryKey);
      if (previous) queryClient.setQueryData(sessionQueryKey, { ...previous, user: { ...previous.user, timezone } });
      return { previous };
    },
    onError: (_error, _timezone, context) => {
      if (context?.previous) queryClient.setQueryData(sessionQueryKey, context.previous);
    },
    onSettled: () => refreshAfter(queryClient, { kind: 'session' }),
  });
}
