import { type Notification as AppNotification, NOTIFICATION_STATUS, type NotificationList } from '@shiftline/shared';

const isUnread = (notification: AppNotification) => notification.status === NOTIFICATION_STATUS.unread;

/** Newest first, as the server lists them; the id breaks ties. */
const newestFirst = (a: AppNotification, b: AppNotification) =>
  Date.parse(b.created_at) - Date.parse(a.created_at) || b.id - a.id;

/** The list with a live notification added (once: a repeated event changes nothing). */
export function addNotification(list: NotificationList | undefined, notification: AppNotification): NotificationList {
  if (!list) return { notifications: [notification], unread: isUnread(notification) ? 1 : 0 };
  if (list.notifications.some((known) => known.id === notification.id)) return list;
  return {
    notifications: [notification, ...list.notifications].sort(newestFirst),
    unread: list.unread + (isUnread(notification) ? 1 : 0),
  };
}

/** The ids among `ids` that the list still holds as unread. */
export function unreadAmong(list: NotificationList | undefined, ids: readonly number[]): number[] {
  if (!list) return [...ids];
  const wanted = new Set(ids);
  return list.notifications.filter((item) => wanted.has(item.id) && isUnread(item)).map((item) => item.id);
}

/** The list with these notifications read. */
export function markReadIn(list: NotificationList, ids: readonly number[]): NotificationList {
  const changed = new Set(unreadAmong(list, ids));
  if (changed.size === 0) return list;
  return {
    notifications: list.notifications.map((item) =>
      changed.has(item.id) ? { ...item, status: NOTIFICATION_STATUS.read } : item,
    ),
    unread: Math.max(0, list.unread - changed.size),
  };
}

/** The list without one notification. */
export function removeFrom(list: NotificationList, id: number): NotificationList {
  const gone = list.notifications.find((item) => item.id === id);
  if (!gone) return list;
  return {
    notifications: list.notifications.filter((item) => item.id !== id),
    unread: Math.max(0, list.unread - (isUnread(gone) ? 1 : 0)),
  };
}

export const EMPTY_LIST: NotificationList = { notifications: [], unread: 0 };
