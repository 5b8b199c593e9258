import {
  idParamSchema,
  newShiftBodySchema,
  okSchema,
  schedulePeriodQuerySchema,
  sendForApprovalBodySchema,
  sentForApprovalSchema,
  shiftSchema,
  unsentCountSchema,
  userScheduleSchema,
} from '@shiftline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerRoute } from '../../plugins/viewerRoute.js';
import type { ScheduleService } from './schedule.service.js';

export const scheduleRoutes: FastifyPluginAsyncZod<{ scheduleService: ScheduleService }> = async (
  app,
  { scheduleService },
) => {
  const tags = ['schedule'];

  viewerRoute(app, {
    method: 'GET',
    url: '/api/schedules/get_user_schedule',
    action: 'schedule.view_own',
    tags,
    summary: "A user's shifts and vacations overlapping a period (another user's: schedule supervisor only)",
    input: { in: 'querystring', schema: schedulePeriodQuerySchema },
    response: userScheduleSchema,
    answer: (viewer, query) => scheduleService.getUserSchedule(viewer, query),
  });

  viewerRoute(app, {
    method: 'POST',
    url: '/api/schedules/save_new_event',
    action: 'schedule.edit_own',
    tags,
    summary: 'Create a shift with its breaks (400 for a broken rule, 409 for an overlap)',
    input: { in: 'body', schema: newShiftBodySchema },
    response: shiftSchema,
    status: 201,
    answer: (viewer, body) => scheduleService.createShift(viewer, body),
  });

  viewerRoute(app, {
    method: 'POST',
    url: '/api/schedules/send_for_approval',
    action: 'schedule.edit_own',
    tags,
    summary: "Send the user's new shifts (all, or the listed ids) to the schedule supervisors",
    input: { in: 'body', schema: sendForApprovalBodySchema },
    response: sentForApprovalSchema,
    answer: (viewer, body) => scheduleService.sendForApproval(viewer, body.shifts),
  });

  viewerRoute(app, {
    method: 'GET',
    url: '/api/schedules/unsent_count',
    action: 'schedule.view_own',
    tags,
    summary: "How many of the user's shifts are not sent for approval yet",
    response: unsentCountSchema,
    answer: async (viewer) => ({ count: await scheduleService.unsentCount(viewer) }),
  });

  viewerRoute(app, {
    method: 'POST',
    url: '/api/schedules/delete_event/:id',
    action: 'schedule.edit_own',
    tags,
    summary: 'Delete a shift: the owner their pending or canceled shifts, a schedule supervisor any',
    input: { in: 'params', schema: idParamSchema },
    response: okSchema,
    answer: async (viewer, params) => {
      await scheduleService.deleteShift(viewer, params.id);
      return { status: 'ok' as const };
    },
  });
};
