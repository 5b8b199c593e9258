import { myWorkSchema, toApproveSchema } from '@shiftline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/access.js';
import type { HomeService } from './home.service.js';

export const homeRoutes: FastifyPluginAsyncZod<{ home: HomeService }> = async (app, { home }) => {
  app.get(
    '/api/home/my_work',
    {
      config: { action: 'schedule.view_own' },
      schema: {
        tags: ['home'],
        summary: "The home page: the viewer's next shifts, and their shifts and days off waiting for an answer",
        response: { 200: myWorkSchema },
      },
    },
    async (request) => home.myWork(signedIn(request).user),
  );

  app.get(
    '/api/home/to_approve',
    {
      config: { action: 'schedule.manage' },
      schema: {
        tags: ['home'],
        summary: "The schedule supervisor's home page: shifts sent for approval and days-off requests",
        response: { 200: toApproveSchema },
      },
    },
    async () => home.toApprove(),
  );
};
