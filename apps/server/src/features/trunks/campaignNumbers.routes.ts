import {
  campaignNumberBodySchema,
  campaignNumberParamsSchema,
  campaignNumbersSchema,
  campaignNumberTrunkBodySchema,
  idParamSchema,
  okSchema,
} from '@shiftline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerRoute } from '../../plugins/viewerRoute.js';
import { ADMIN_ROUTE, OK } from '../admin/index.js';
import type { CampaignNumbersService } from './campaignNumbers.service.js';

/**
 * A campaign's numbers, each change its own call (the campaign form's "Phone numbers" section):
 * GET/POST /api/admin/campaigns/:id/numbers, POST …/numbers/:phone (its trunk), POST …/numbers/:phone/delete.
 */
export const campaignNumbersRoutes: FastifyPluginAsyncZod<{ numbers: CampaignNumbersService }> = async (
  app,
  { numbers },
) => {
  const url = '/api/admin/campaigns/:id/numbers';
  viewerRoute(app, {
    ...ADMIN_ROUTE,
    method: 'GET',
    url,
    summary: "A campaign's numbers with the trunk each arrives on, and the trunks to choose from",
    input: { in: 'params', schema: idParamSchema },
    response: campaignNumbersSchema,
    answer: (_viewer, params) => numbers.list(params.id),
  });
  viewerRoute(app, {
    ...ADMIN_ROUTE,
    method: 'POST',
    url,
    summary: "Add a number to an inbound campaign (409 naming the campaign when it is another's, unless move is true)",
    input: { in: 'body', schema: campaignNumberBodySchema },
    params: idParamSchema,
    response: okSchema,
    status: 201,
    answer: async (viewer, body, params) => {
      await numbers.add(viewer, params.id, body);
      return OK;
    },
  });
  viewerRoute(app, {
    ...ADMIN_ROUTE,
    method: 'POST',
    url: `${url}/:phone`,
    summary: 'Change the trunk a campaign number arrives on (null: none, it takes no SIP calls)',
    input: { in: 'body', schema: campaignNumberTrunkBodySchema },
    params: campaignNumberParamsSchema,
    response: okSchema,
    answer: async (viewer, body, params) => {
      await numbers.setTrunk(viewer, params.id, params.phone, body);
      return OK;
    },
  });
  viewerRoute(app, {
    ...ADMIN_ROUTE,
    method: 'POST',
    url: `${url}/:phone/delete`,
    summary: 'Remove a number from its campaign (calls already waiting on it stay queued)',
    input: { in: 'params', schema: campaignNumberParamsSchema },
    response: okSchema,
    answer: async (viewer, params) => {
      await numbers.remove(viewer, params.id, params.phone);
      return OK;
    },
  });
};
