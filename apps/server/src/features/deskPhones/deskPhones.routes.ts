import {
  deskPhoneBodySchema,
  deskPhoneCreatedSchema,
  deskPhoneListSchema,
  idParamSchema,
  okSchema,
} from '@shiftline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerRoute } from '../../plugins/viewerRoute.js';
import { ADMIN_ROUTE, OK } from '../admin/index.js';
import type { DeskPhonesService } from './deskPhones.service.js';

/** A user's desk phones on their administration page: list, add (credentials shown once), revoke. */
export const deskPhonesRoutes: FastifyPluginAsyncZod<{ deskPhones: DeskPhonesService }> = async (
  app,
  { deskPhones },
) => {
  viewerRoute(app, {
    ...ADMIN_ROUTE,
    method: 'GET',
    url: '/api/admin/users/:id/desk_phones',
    summary: "A user's desk phones (never their passwords)",
    input: { in: 'params', schema: idParamSchema },
    response: deskPhoneListSchema,
    answer: (viewer, params) => deskPhones.list(viewer, params.id),
  });
  viewerRoute(app, {
    ...ADMIN_ROUTE,
    method: 'POST',
    url: '/api/admin/users/:id/desk_phones',
    summary: "Add a desk phone for the user's extension: the answer shows its SIP password, once",
    input: { in: 'body', schema: deskPhoneBodySchema },
    params: idParamSchema,
    response: deskPhoneCreatedSchema,
    status: 201,
    answer: (viewer, body, params) => deskPhones.add(viewer, params.id, body),
  });
  viewerRoute(app, {
    ...ADMIN_ROUTE,
    method: 'POST',
    url: '/api/admin/desk_phones/:id/delete',
    summary: 'Revoke a desk phone: its next registration fails, its current one is dropped',
    input: { in: 'params', schema: idParamSchema },
    response: okSchema,
    answer: async (viewer, params) => {
      await deskPhones.revoke(viewer, params.id);
      return OK;
    },
  });
};
