import type { Notification as AppNotification, NotificationList } from '@shiftline/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { refreshAfter } from '../../../lib/cacheRefresh';
import { queryKeys } from '../../../lib/queryKeys';
import { notificationsApi } from '../api';
import { addNotification, EMPTY_LIST, markReadIn, removeFrom, unreadAmong } from '../utils/notificationCache';

/** The user's notifications, newest first, and the unread count. */
export function useNotificationList(enabled = true) {
  return useQuery({
    queryKey: queryKeys.notifications.list,
    queryFn: notificationsApi.list,
    enabled,
    staleTime: 60_000,
  });
}

/**
 * Changes to the list: the cache changes at once and the server is told. A failed call is not shown
 * (spec: other failures are silent); the list is then fetched again so it shows the server's truth.
 */
export function useNotificationActions() {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const read = () => queryClient.getQueryData<NotificationList>(queryKeys.notifications.list);
    const write = (change: (list: NotificationList) => NotificationList) =>
      queryClient.setQueryData<NotificationList>(queryKeys.notifications.list, (list) => change(list ?? EMPTY_LIST));
    const refetch = () => void refreshAfter(queryClient, { kind: 'notifications' });
    return {
      add: (notification: AppNotification) =>
        queryClient.setQueryData<NotificationList>(queryKeys.notifications.list, (list) =>
          addNotification(list, notification),
        ),
      /** Marks read those of `ids` still unread; read ones are not sent again. */
      markRead: (ids: readonly number[]) => {
        const unread = unreadAmong(read(), ids);
        if (unread.length === 0) return;
        write((list) => markReadIn(list, unread));
        notificationsApi.markRead(unread).catch(refetch);
      },
      remove: (id: number) => {
        write((list) => removeFrom(list, id));
        notificationsApi.remove(id).catch(refetch);
      },
      removeAll: () => {
        write(() => EMPTY_LIST);
        notificationsApi.removeAll().catch(refetch);
      },
      refetch,
    };
  }, [queryClient]);
}

export type NotificationActions = ReturnType<typeof useNotificationActions>;
