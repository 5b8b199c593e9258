import { acceptNotificationResponseSchema, idParamSchema } from '@shiftline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/access.js';
import type { FreeShiftsService } from './freeShifts.service.js';

/** Accepting an offer lives with free shifts; its path stays under the notifications the offer came in. */
export const freeShiftsRoutes: FastifyPluginAsyncZod<{ freeShifts: FreeShiftsService }> = async (
  app,
  { freeShifts },
) => {
  app.post(
    '/api/notification/accept_notification/:id',
    {
      config: { action: 'notifications.use' },
      schema: {
        tags: ['notifications'],
        summary: 'Accept a free-shift offer: the shift is added to your schedule (409 when taken or you are busy)',
        params: idParamSchema,
        response: { 200: acceptNotificationResponseSchema },
      },
    },
    async (request) => ({
      status: 'ok' as const,
      message: await freeShifts.acceptNotification(signedIn(request).user, request.params.id),
    }),
  );
};
