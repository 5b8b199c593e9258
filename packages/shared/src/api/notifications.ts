import { z } from 'zod';
import { idListSchema } from './fields.js';

export const NOTIFICATION_TYPES = [
  'free_shift',
  'shift_approved',
  'shift_canceled',
  'shifts_sent',
  'vacation',
  'general',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Notification status as the spec gives it: 0 unread, 1 read. */
export const NOTIFICATION_STATUS = { unread: 0, read: 1 } as const;

export const notificationSchema = z.object({
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  status: z.union([z.literal(0), z.literal(1)]),
  title: z.string(),
  message: z.string(),
  created_at: z.string(),
  /** Free-shift offers: still open to accept. */
  can_accept: z.boolean(),
  free_shift_id: z.number().int().nullable(),
  link: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const setReadStatusBodySchema = z.object({
  notifications: idListSchema(500).min(1),
});

export const acceptNotificationResponseSchema = z.object({ status: z.enum(['ok', 'error']), message: z.string() });
export type AcceptNotificationResponse = z.infer<typeof acceptNotificationResponseSchema>;
