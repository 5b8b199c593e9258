import type { AcceptNotificationResponse, NotificationList } from '@shiftline/shared';
import { http } from '../../lib/http';

// The server takes at most this many ids in one set_read_status call.
const READ_BATCH = 500;

export const notificationsApi = {
  list: () => http.get<NotificationList>('/api/notification/get_notifications'),
  markRead: async (ids: readonly number[]) => {
    for (let from = 0; from < ids.length; from += READ_BATCH) {
      await http.post('/api/notification/set_read_status', { notifications: ids.slice(from, from + READ_BATCH) });
    }
  },
  remove: (id: number) => http.post(`/api/notification/delete_notification/${id}`),
  removeAll: () => http.post('/api/notification/delete_all_notifications'),
  accept: (id: number) => http.post<AcceptNotificationResponse>(`/api/notification/accept_notification/${id}`),
};
