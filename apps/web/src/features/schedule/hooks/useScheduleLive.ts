import { SOCKET_EVENTS } from '@shiftline/shared/api/events';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { refreshAfter } from '../../../lib/cacheRefresh';
import { socketClient } from '../../../lib/socketClient';

/**
 * Reloads a user's calendar when the server says their shifts or days off changed (an approval, a cancellation, a
 * free shift taken), so the owner sees a decision without reloading the page.
 */
export function useScheduleLive(userId: number): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      socketClient.on(SOCKET_EVENTS.scheduleChanged, (event) => {
        // A load already under way (this page's own change) is not started again.
        if (event.user_ids?.includes(userId)) {
          void refreshAfter(queryClient, { kind: 'userSchedule', userId }, { cancelRefetch: false });
        }
      }),
    [queryClient, userId],
  );
}
