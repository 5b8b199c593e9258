import {
  productivityLoadBodySchema,
  productivityPayrollsSchema,
  productivityResultSchema,
  productivitySeriesAgentsBodySchema,
  productivitySeriesAgentsSchema,
} from '@shiftline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { UserRow } from '../../db/schema.js';
import { signedIn } from '../../plugins/access.js';
import type { ProductivityService } from './productivity.service.js';

export const productivityRoutes: FastifyPluginAsyncZod<{ productivity: ProductivityService }> = async (
  app,
  { productivity },
) => {
  /** A productivity call: the page's choices posted, the viewer's answer under them. */
  const pageRoute = <Body extends z.ZodType, Response extends z.ZodType>(route: {
    url: string;
    summary: string;
    body: Body;
    response: Response;
    answer: (viewer: UserRow, body: z.output<Body>) => Promise<z.input<Response>>;
  }) =>
    app.post(
      route.url,
      {
        config: { action: 'productivity.view' },
        // Body and answer were checked against these schemas at the call; here they only need to be schemas.
        schema: {
          tags: ['productivity'],
          summary: route.summary,
          body: route.body as z.ZodType,
          response: { 200: route.response as z.ZodType },
        },
      },
      async (request) => route.answer(signedIn(request).user, request.body as z.output<Body>),
    );

  pageRoute({
    url: '/api/productivity/load',
    summary: 'Time per group and sub-category (capped at 3,600 s per record), login time and pay',
    body: productivityLoadBodySchema,
    response: productivityResultSchema,
    answer: (viewer, body) => productivity.load(viewer, body),
  });
  pageRoute({
    url: '/api/productivity/payrolls',
    summary: 'The payments Already Paid adds up (the Payment Details), under the load’s choices',
    body: productivityLoadBodySchema,
    response: productivityPayrollsSchema,
    answer: (viewer, body) => productivity.payrolls(viewer, body),
  });
  pageRoute({
    url: '/api/productivity/series-agents',
    summary: "One series' drill-down: the agents with time in it, most first, under the load's choices",
    body: productivitySeriesAgentsBodySchema,
    response: productivitySeriesAgentsSchema,
    answer: (viewer, body) => productivity.seriesAgents(viewer, body),
  });
};
