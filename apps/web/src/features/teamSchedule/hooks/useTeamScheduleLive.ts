import { SOCKET_EVENTS, TEAM_SCHEDULE_ROOM } from '@shiftline/shared/api/events';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { refreshAfter } from '../../../lib/cacheRefresh';
import { socketClient } from '../../../lib/socketClient';

/** Server events after which the team calendar is out of date. */
export const TEAM_SCHEDULE_EVENTS = [SOCKET_EVENTS.scheduleChanged, SOCKET_EVENTS.shiftsSent] as const;

/**
 * Reloads the team calendar whenever the server says shifts changed or were sent for approval. The page joins
 * the team-calendar room while it shows the calendar, so every role viewing it hears approvals live.
 */
export function useTeamScheduleLive(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void refreshAfter(queryClient, { kind: 'teamSchedule' });
    const stops = [
      ...TEAM_SCHEDULE_EVENTS.map((event) => socketClient.on(event, refresh)),
      socketClient.stayIn(TEAM_SCHEDULE_ROOM),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [queryClient]);
}
