import {
  approveAllBodySchema,
  campaignsQuerySchemaForSchedule,
  cancelShiftBodySchema,
  freeShiftBodySchema,
  freeShiftSchema,
  freeShiftsQuerySchema,
  idParamSchema,
  scheduleCampaignSchema,
  teamDayQuerySchema,
  teamMonthQuerySchema,
  teamMonthSchema,
  teamScheduleQuerySchema,
  teamScheduleSchema,
} from '@shiftline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedIn } from '../../plugins/access.js';
import { viewerRoute } from '../../plugins/viewerRoute.js';
import type { FreeShiftsService } from '../freeShifts/index.js';
import type { TeamScheduleService } from './teamSchedule.service.js';

const transitionResult = z.object({ status: z.literal('ok'), ids: z.array(z.number().int()) });
const manage = { action: 'schedule.manage' as const };
const tags = ['supervisor schedule'];

export const teamScheduleRoutes: FastifyPluginAsyncZod<{
  teamSchedule: TeamScheduleService;
  freeShifts: FreeShiftsService;
}> = async (app, { teamSchedule, freeShifts }) => {
  /** A team calendar read: a period query in, the viewer's answer out. */
  const teamRead = { method: 'GET', action: 'schedule.view_team', tags } as const;

  viewerRoute(app, {
    ...teamRead,
    url: '/api/schedules/get_schedule',
    summary: 'Data points per agent and a per-date summary (non-approved points only for supervisory roles)',
    input: { in: 'querystring', schema: teamScheduleQuerySchema },
    response: teamScheduleSchema,
    answer: teamSchedule.getTeamSchedule,
  });

  viewerRoute(app, {
    ...teamRead,
    url: '/api/schedules/get_month_summary',
    summary:
      'The month grid: per local day pending shifts, approved days off, scheduled headcount and the first agent atoms; the pending ids',
    input: { in: 'querystring', schema: teamMonthQuerySchema },
    response: teamMonthSchema,
    answer: teamSchedule.getTeamMonth,
  });

  viewerRoute(app, {
    ...teamRead,
    url: '/api/schedules/get_day_schedule',
    summary: "One day's data points with shifts and breaks (get_schedule's shape for at most a day)",
    input: { in: 'querystring', schema: teamDayQuerySchema },
    response: teamScheduleSchema,
    answer: teamSchedule.getTeamSchedule,
  });

  viewerRoute(app, {
    ...teamRead,
    url: '/api/schedules/get_all_campaigns',
    summary:
      'Campaigns with their agents, working hours (local, in the campaign zone) and shifts (non-approved only for schedule supervisors)',
    input: { in: 'querystring', schema: campaignsQuerySchemaForSchedule },
    response: scheduleCampaignSchema.array(),
    answer: teamSchedule.getScheduleCampaigns,
  });

  app.post(
    '/api/schedules/approve_event/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Approve a pending (or canceled) shift',
        params: idParamSchema,
        response: { 200: transitionResult },
      },
    },
    async (request) => teamSchedule.approve([request.params.id]),
  );

  app.post(
    '/api/schedules/approve_all',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Approve shifts, all or none',
        body: approveAllBodySchema,
        response: { 200: transitionResult },
      },
    },
    async (request) => teamSchedule.approve([...new Set(request.body.ids)]),
  );

  app.post(
    '/api/schedules/cancel_event/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Cancel a shift (canceled ones cannot be canceled again)',
        params: idParamSchema,
        body: cancelShiftBodySchema,
        response: { 200: transitionResult },
      },
    },
    async (request) => teamSchedule.cancel(request.params.id, request.body.reason ?? null),
  );

  app.post(
    '/api/schedules/restore_event/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Restore a canceled shift (approves it)',
        params: idParamSchema,
        response: { 200: transitionResult },
      },
    },
    async (request) => teamSchedule.restore(request.params.id),
  );

  app.post(
    '/api/schedules/set_free_shift',
    {
      config: manage,
      schema: {
        tags: ['free shifts'],
        summary: 'Offer a free shift to every available agent of the campaigns',
        body: freeShiftBodySchema,
        response: { 201: z.object({ id: z.number().int(), notified: z.number().int() }) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await freeShifts.setFreeShift(signedIn(request).user, request.body)),
  );

  app.get(
    '/api/schedules/get_free_shifts',
    {
      config: { action: 'free_shifts.view' },
      schema: {
        tags: ['free shifts'],
        summary: 'Free shifts overlapping a period',
        querystring: freeShiftsQuerySchema,
        response: { 200: freeShiftSchema.array() },
      },
    },
    async (request) => freeShifts.list(request.query.start_period, request.query.end_period),
  );
};
