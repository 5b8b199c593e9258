import { LIVE_ROOM, SOCKET_EVENTS } from '@shiftline/shared';
import { useEffect, useRef, useState } from 'react';
import { socketClient } from '../../../lib/socketClient';
import { planColdCallRefresh } from '../utils/refreshThrottle';

/**
 * The table's live half: list-changed events (and outbound calls moving) reload it through the throttle, and a busy
 * event marks that client at once until the next load says otherwise. Supervisory roles hear every campaign in the
 * live room; agents hear their own campaigns' rooms, which they are in already.
 */
export function useColdCallsLive(options: { reload: () => void; loadedAt: number | null; watchAll: boolean }) {
  const [busyClients, setBusyClients] = useState<ReadonlySet<number>>(new Set());
  const planned = useRef<{ at: number; timer: ReturnType<typeof setTimeout> } | null>(null);
  const latest = useRef(options);
  latest.current = options;

  // A fresh load knows who is busy; the marks it replaces go.
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared on each new load, by its time
  useEffect(() => setBusyClients(new Set()), [options.loadedAt]);

  useEffect(() => {
    const refresh = () => {
      const plan = planColdCallRefresh(Date.now(), latest.current.loadedAt, planned.current?.at ?? null);
      if (plan.kind === 'now') latest.current.reload();
      if (plan.kind === 'later') {
        const timer = setTimeout(() => {
          planned.current = null;
          latest.current.reload();
        }, plan.at - Date.now());
        planned.current = { at: plan.at, timer };
      }
    };
    const stops = [
      socketClient.on(SOCKET_EVENTS.coldCallsRefresh, refresh),
      socketClient.on(SOCKET_EVENTS.newCallData, (call) => {
        if (call.direction === 'outbound') refresh();
      }),
      socketClient.on(SOCKET_EVENTS.coldCallBusy, (event) =>
        setBusyClients((current) => new Set([...current, event.client_id])),
      ),
    ];
    const leave = options.watchAll ? socketClient.stayIn(LIVE_ROOM) : () => undefined;
    return () => {
      for (const stop of stops) stop();
      leave();
      if (planned.current) clearTimeout(planned.current.timer);
      planned.current = null;
    };
  }, [options.watchAll]);

  return busyClients;
}
