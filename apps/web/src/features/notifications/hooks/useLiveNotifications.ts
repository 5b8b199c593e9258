import type { Notification as AppNotification } from '@shiftline/shared';
import { NOTIFICATION_EVENT } from '@shiftline/shared/api/events';
import { useEffect, useEffectEvent } from 'react';
import { socketClient } from '../../../lib/socketClient';

/** Calls `onArrive` for each notification the server pushes to the user's room. */
export function useLiveNotifications(enabled: boolean, onArrive: (notification: AppNotification) => void): void {
  const arrive = useEffectEvent(onArrive);
  useEffect(() => {
    if (!enabled) return;
    return socketClient.on(NOTIFICATION_EVENT, (notification) => arrive(notification));
  }, [enabled]);
}
