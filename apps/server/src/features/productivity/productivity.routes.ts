import {
  productivityLoadBodySchema,
  productivityPayrollsSchema,
  productivityResultSchema,
  productivitySeriesAgentsBodySchema,
  productivitySeriesAgentsSchema,
} from '@shiftline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerRoute } from '../../plugins/viewerRoute.js';
import type { ProductivityService } from './productivity.service.js';

export const productivityRoutes: FastifyPluginAsyncZod<{ productivity: ProductivityService }> = async (
  app,
  { productivity },
) => {
  /** A productivity call: the page's choices posted, the viewer's answer under them. */
  const page = { method: 'POST', action: 'productivity.view', tags: ['productivity'] } as const;

  viewerRoute(app, {
    ...page,
    url: '/api/productivity/load',
    summary: 'Time per group and sub-category (capped at 3,600 s per record), login time and pay',
    input: { in: 'body', schema: productivityLoadBodySchema },
    response: productivityResultSchema,
    answer: (viewer, body) => productivity.load(viewer, body),
  });
  viewerRoute(app, {
    ...page,
    url: '/api/productivity/payrolls',
    summary: 'The payments Already Paid adds up (the Payment Details), under the load’s choices',
    input: { in: 'body', schema: productivityLoadBodySchema },
    response: productivityPayrollsSchema,
    answer: (viewer, body) => productivity.payrolls(viewer, body),
  });
  viewerRoute(app, {
    ...page,
    url: '/api/productivity/series-agents',
    summary: "One series' drill-down: the agents with time in it, most first, under the load's choices",
    input: { in: 'body', schema: productivitySeriesAgentsBodySchema },
    response: productivitySeriesAgentsSchema,
    answer: (viewer, body) => productivity.seriesAgents(viewer, body),
  });
};
