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
import { signedIn } from '../../plugins/access.js';
import type { ScheduleService } from './schedule.service.js';

export const scheduleRoutes: FastifyPluginAsyncZod<{ scheduleService: ScheduleService }> = async (
  app,
  { scheduleService },
) => {
  app.get(
    '/api/schedules/get_user_schedule',
    {
      config: { action: 'schedule.view_own' },
      schema: {
        tags: ['schedule'],
        summary: "A user's shifts and vacations overlapping a period (another user's: schedule supervisor only)",
        querystring: schedulePeriodQuerySchema,
        response: { 200: userScheduleSchema },
      },
    },
    async (request) => scheduleService.getUserSchedule(signedIn(request).user, request.query),
  );

  app.post(
    '/api/schedules/save_new_event',
    {
      config: { action: 'schedule.edit_own' },
      schema: {
        tags: ['schedule'],
        summary: 'Create a shift with its breaks (400 for a broken rule, 409 for an overlap)',
        body: newShiftBodySchema,
        response: { 201: shiftSchema },
      },
    },
    async (request, reply) => {
      const shift = await scheduleService.createShift(signedIn(request).user, request.body);
      return reply.status(201).send(shift);
    },
  );

  app.post(
    '/api/schedules/send_for_approval',
    {
      config: { action: 'schedule.edit_own' },
      schema: {
        tags: ['schedule'],
        summary: "Send the user's new shifts (all, or the listed ids) to the schedule supervisors",
        body: sendForApprovalBodySchema,
        response: { 200: sentForApprovalSchema },
      },
    },
    async (request) => scheduleService.sendForApproval(signedIn(request).user, request.body.shifts),
  );

  app.get(
    '/api/schedules/unsent_count',
    {
      config: { action: 'schedule.view_own' },
      schema: {
        tags: ['schedule'],
        summary: "How many of the user's shifts are not sent for approval yet",
        response: { 200: unsentCountSchema },
      },
    },
    async (request) => ({ count: await scheduleService.unsentCount(signedIn(request).user) }),
  );

  app.post(
    '/api/schedules/delete_event/:id',
    {
      config: { action: 'schedule.edit_own' },
      schema: {
        tags: ['schedule'],
        summary: 'Delete a shift: the owner their pending or canceled shifts, a schedule supervisor any',
        params: idParamSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await scheduleService.deleteShift(signedIn(request).user, request.params.id);
      return { status: 'ok' as const };
    },
  );
};
