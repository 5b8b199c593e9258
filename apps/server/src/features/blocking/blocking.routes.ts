import { blockedNumberIdSchema, doNotCallAddedSchema, doNotCallBodySchema, okSchema } from '@shiftline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../plugins/errors.js';
import { viewerRoute } from '../../plugins/viewerRoute.js';
import { ADMIN_ROUTE, OK } from '../admin/index.js';
import type { BlockingService } from './blocking.service.js';

/** The blocked-numbers list's row id ('dnc:<E.164>' or 'blacklist:<number>'), of the kind the action takes. */
function numberOf(id: string, list: 'dnc' | 'blacklist'): string {
  const prefix = `${list}:`;
  if (!id.startsWith(prefix)) {
    const reason = `must name a ${list === 'dnc' ? 'do-not-call' : 'blacklisted'} number (${prefix}<number>)`;
    throw new AppError('validation_failed', `id ${reason}`, { id: reason });
  }
  return id.slice(prefix.length);
}

/** The administration's blocked numbers (admin.manage); the list is the admin_blocked_numbers table. */
export const blockingRoutes: FastifyPluginAsyncZod<{ blocking: BlockingService }> = async (app, { blocking }) => {
  viewerRoute(app, {
    ...ADMIN_ROUTE,
    method: 'POST',
    url: '/api/admin/blocked_numbers',
    summary: 'Add a number to the do-not-call list (any written form the phone rule reads; kept in E.164)',
    input: { in: 'body', schema: doNotCallBodySchema },
    response: doNotCallAddedSchema,
    status: 201,
    answer: async (viewer, body) => ({ ...OK, phone: await blocking.addDoNotCall(viewer, body) }),
  });

  viewerRoute(app, {
    ...ADMIN_ROUTE,
    method: 'POST',
    url: '/api/admin/blocked_numbers/:id/remove',
    summary: "Remove a number from the do-not-call list (id 'dnc:<E.164>')",
    input: { in: 'params', schema: blockedNumberIdSchema },
    response: okSchema,
    answer: async (viewer, params) => {
      await blocking.removeDoNotCall(viewer, numberOf(params.id, 'dnc'));
      return OK;
    },
  });

  viewerRoute(app, {
    ...ADMIN_ROUTE,
    method: 'POST',
    url: '/api/admin/blocked_numbers/:id/unblock',
    summary: "Unblock a blacklisted number: every blocked client with it (id 'blacklist:<number>')",
    input: { in: 'params', schema: blockedNumberIdSchema },
    response: okSchema,
    answer: async (viewer, params) => {
      await blocking.unblock(viewer, numberOf(params.id, 'blacklist'));
      return OK;
    },
  });
};
