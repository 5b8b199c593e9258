import {
  productivityLoadBodySchema,
  productivityPayrollsSchema,
  productivityResultSchema,
  productivitySeriesAgentsBodySchema,
  productivitySeriesAgentsSchema,
} from '@shiftline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/access.js';
import type { ProductivityService } from './productivity.service.js';

export const productivityRoutes: FastifyPluginAsyncZod<{ productivity: ProductivityService }> = async (
  app,
  { productivity },
) => {
  app.post(
    '/api/productivity/load',
    {
      config: { action: 'productivity.view' },
      schema: {
        tags: ['productivity'],
        summary: 'Time per group and sub-category (capped at 3,600 s per record), login time and pay',
        body: productivityLoadBodySchema,
        response: { 200: productivityResultSchema },
      },
    },
    async (request) => productivity.load(signedIn(request).user, request.body),
  );

  app.post(
    '/api/productivity/payrolls',
    {
      config: { action: 'productivity.view' },
      schema: {
        tags: ['productivity'],
        summary: 'The payments Already Paid adds up (the Payment Details), under the load’s choices',
        body: productivityLoadBodySchema,
        response: { 200: productivityPayrollsSchema },
      },
    },
    async (request) => productivity.payrolls(signedIn(request).user, request.body),
  );

  app.post(
    '/api/productivity/series-agents',
    {
      config: { action: 'productivity.view' },
      schema: {
        tags: ['productivity'],
        summary: "One series' drill-down: the agents with time in it, most first, under the load's choices",
        body: productivitySeriesAgentsBodySchema,
        response: { 200: productivitySeriesAgentsSchema },
      },
    },
    async (request) => productivity.seriesAgents(signedIn(request).user, request.body),
  );
};
