import { getPlannerQuerySchema, plannerSchema, setPlannerBodySchema, setPlannerResultSchema } from '@shiftline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerRoute } from '../../plugins/viewerRoute.js';
import type { PlannersService } from './planners.service.js';

export const plannerRoutes: FastifyPluginAsyncZod<{ plannersService: PlannersService }> = async (
  app,
  { plannersService },
) => {
  const planner = { action: 'schedule.planner', tags: ['schedule'] } as const;

  viewerRoute(app, {
    ...planner,
    method: 'POST',
    url: '/api/schedules/set_planner',
    summary:
      "Save the user's recurring planner (replacing the previous one) and generate its shifts 8 weeks ahead; repeats and another user's planner: schedule supervisor only",
    input: { in: 'body', schema: setPlannerBodySchema },
    response: setPlannerResultSchema,
    answer: (viewer, body) => plannersService.setPlanner(viewer, body),
  });

  viewerRoute(app, {
    ...planner,
    method: 'GET',
    url: '/api/schedules/get_planner',
    summary: "The user's saved planner, or null (another user's: schedule supervisor only)",
    input: { in: 'querystring', schema: getPlannerQuerySchema },
    response: plannerSchema.nullable(),
    answer: (viewer, query) => plannersService.getPlanner(viewer, query.user),
  });
};
