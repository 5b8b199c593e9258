import { getPlannerQuerySchema, plannerSchema, setPlannerBodySchema, setPlannerResultSchema } from '@shiftline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/access.js';
import type { PlannersService } from './planners.service.js';

export const plannerRoutes: FastifyPluginAsyncZod<{ plannersService: PlannersService }> = async (
  app,
  { plannersService },
) => {
  app.post(
    '/api/schedules/set_planner',
    {
      config: { action: 'schedule.planner' },
      schema: {
        tags: ['schedule'],
        summary:
          "Save the user's recurring planner (replacing the previous one) and generate its shifts 8 weeks ahead; repeats and another user's planner: schedule supervisor only",
        body: setPlannerBodySchema,
        response: { 200: setPlannerResultSchema },
      },
    },
    async (request) => plannersService.setPlanner(signedIn(request).user, request.body),
  );

  app.get(
    '/api/schedules/get_planner',
    {
      config: { action: 'schedule.planner' },
      schema: {
        tags: ['schedule'],
        summary: "The user's saved planner, or null (another user's: schedule supervisor only)",
        querystring: getPlannerQuerySchema,
        response: { 200: plannerSchema.nullable() },
      },
    },
    async (request) => plannersService.getPlanner(signedIn(request).user, request.query.user),
  );
};
