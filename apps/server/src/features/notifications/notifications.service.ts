import { NOTIFICATION_EVENT, type Notification, userRoom } from '@shiftline/shared';
import type { Selectable } from 'kysely';
import type { NotificationsTable } from '../../db/schema.js';
import { notFound } from '../../plugins/errors.js';
import type { Realtime } from '../realtime/index.js';
import type { NotificationsRepository } from './notifications.repository.js';

const LIST_LIMIT = 100;

type Row = Selectable<NotificationsTable> & {
  accepted?: number | null;
  count_agents?: number | null;
  free_shift_start?: Date | null;
  already_accepted?: unknown;
};

export function describeNotification(row: Row, now: number): Notification {
  const open =
    row.type === 'free_shift' &&
    row.free_shift_id !== null &&
    !row.already_accepted &&
    (row.accepted ?? 0) < (row.count_agents ?? 0) &&
    (row.free_shift_start?.getTime() ?? 0) > now;
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    title: row.title,
    message: row.message,
    created_at: row.created_at.toISOString(),
    can_accept: open,
    free_shift_id: row.free_shift_id,
    link: row.link,
  };
}

export function createNotificationsService(deps: {
  notifications: NotificationsRepository;
  realtime: Realtime;
  now: () => number;
}) {
  const { notifications, realtime, now } = deps;
  return {
    async list(userId: number) {
      const rows = await notifications.listForUser(userId, LIST_LIMIT);
      return {
        notifications: rows.map((row) => describeNotification(row, now())),
        unread: await notifications.countUnread(userId),
      };
    },

    /** Sends stored notifications to their users' open pages; call after the transaction that stored them commits. */
    push(rows: Selectable<NotificationsTable>[]): void {
      for (const row of rows) {
        const open = row.type === 'free_shift' && row.free_shift_id !== null;
        realtime.toRoom(userRoom(row.user_id), NOTIFICATION_EVENT, {
          ...describeNotification({ ...row, accepted: 0, count_agents: 1, free_shift_start: new Date(8.64e15) }, now()),
          can_accept: open,
        });
      }
    },

    async delete(userId: number, id: number): Promise<void> {
      if (!(await notifications.delete(userId, id))) throw notFound('No such notification.');
    },

    deleteAll: (userId: number) => notifications.deleteAll(userId),

    markRead: (userId: number, ids: number[]) => notifications.markRead(userId, ids),
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
