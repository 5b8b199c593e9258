import { LIVE_ROOM, SOCKET_EVENTS } from '@shiftline/shared/api/events';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { refreshAfter } from '../../../lib/cacheRefresh';
import { socketClient } from '../../../lib/socketClient';

/** Call states in which a call has just been counted in the dashboards' figures (the rollups take it then). */
const COUNTED = new Set(['ended', 'abandoned']);
/** At most one reload per this long, however busy the centre: a burst of ended calls is one reload. */
export const CALLS_LIVE_THROTTLE_MS = 5000;

/**
 * Keeps the call-statistics figures current while the page is open: the page joins the live room (an agent hears
 * their own campaigns' calls through their campaign rooms), and when calls end it loads its records again, at most
 * once every CALLS_LIVE_THROTTLE_MS; what is shown stays until the new figures arrive.
 */
export function useCallsLive(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    let last = 0;
    const reload = () => {
      timer = null;
      last = Date.now();
      void refreshAfter(queryClient, { kind: 'callsCounted' });
    };
    const stops = [
      socketClient.stayIn(LIVE_ROOM),
      socketClient.on(SOCKET_EVENTS.newCallData, (call) => {
        if (!COUNTED.has(call.status) || timer !== null) return;
        timer = setTimeout(reload, Math.max(0, last + CALLS_LIVE_THROTTLE_MS - Date.now()));
      }),
    ];
    return () => {
      if (timer !== null) clearTimeout(timer);
      for (const stop of stops) stop();
    };
  }, [queryClient]);
}
