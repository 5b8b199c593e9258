import { idParamSchema, notificationListSchema, setReadStatusBodySchema } from '@shiftline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedIn } from '../../plugins/access.js';
import type { NotificationsService } from './notifications.service.js';

const ok = z.object({ status: z.literal('ok') });

export const notificationsRoutes: FastifyPluginAsyncZod<{ notificationsService: NotificationsService }> = async (
  app,
  { notificationsService },
) => {
  const config = { action: 'notifications.use' as const };

  app.get(
    '/api/notification/get_notifications',
    {
      config,
      schema: {
        tags: ['notifications'],
        summary: 'The newest notifications and the unread count',
        response: { 200: notificationListSchema },
      },
    },
    async (request) => notificationsService.list(signedIn(request).user.id),
  );

  app.post(
    '/api/notification/delete_notification/:id',
    {
      config,
      schema: {
        tags: ['notifications'],
        summary: 'Delete one of your notifications',
        params: idParamSchema,
        response: { 200: ok },
      },
    },
    async (request) => {
      await notificationsService.delete(signedIn(request).user.id, request.params.id);
      return { status: 'ok' as const };
    },
  );

  app.post(
    '/api/notification/delete_all_notifications',
    { config, schema: { tags: ['notifications'], summary: 'Delete all your notifications', response: { 200: ok } } },
    async (request) => {
      await notificationsService.deleteAll(signedIn(request).user.id);
      return { status: 'ok' as const };
    },
  );

  app.post(
    '/api/notification/set_read_status',
    {
      config,
      schema: {
        tags: ['notifications'],
        summary: 'Mark notifications read',
        body: setReadStatusBodySchema,
        response: { 200: z.object({ status: z.literal('ok'), updated: z.number().int() }) },
      },
    },
    async (request) => ({
      status: 'ok' as const,
      updated: await notificationsService.markRead(signedIn(request).user.id, request.body.notifications),
    }),
  );
};
