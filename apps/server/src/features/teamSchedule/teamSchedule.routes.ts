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
import type { FreeShiftsService } from '../freeShifts/index.js';
import type { TeamScheduleService } from './teamSchedule.service.js';

const transitionResult = z.object({ status: z.literal('ok'), ids: z.array(z.number().int()) });
const manage = { action: 'schedule.manage' as const };

export const teamScheduleRoutes: FastifyPluginAsyncZod<{
  teamSchedule: TeamScheduleService;
  freeShifts: FreeShiftsService;
}> = async (app, { teamSchedule, freeShifts }) => {
  app.get(
    '/api/schedules/get_schedule',
    {
      config: { action: 'schedule.view_team' },
      schema: {
        tags: ['supervisor schedule'],
        summary: 'Data points per agent and a per-date summary (non-approved points only for supervisory roles)',
        querystring: teamScheduleQuerySchema,
        response: { 200: teamScheduleSchema },
      },
    },
    async (request) => teamSchedule.getTeamSchedule(signedIn(request).user, request.query),
  );

  app.get(
    '/api/schedules/get_month_summary',
    {
      config: { action: 'schedule.view_team' },
      schema: {
        tags: ['supervisor schedule'],
        summary:
          'The month grid: per local day pending shifts, approved days off, scheduled headcount and the first agent atoms; the pending ids',
        querystring: teamMonthQuerySchema,
        response: { 200: teamMonthSchema },
      },
    },
    async (request) => teamSchedule.getTeamMonth(signedIn(request).user, request.query),
  );

  app.get(
    '/api/schedules/get_day_schedule',
    {
      config: { action: 'schedule.view_team' },
      schema: {
        tags: ['supervisor schedule'],
        summary: "One day's data points with shifts and breaks (get_schedule's shape for at most a day)",
        querystring: teamDayQuerySchema,
        response: { 200: teamScheduleSchema },
      },
    },
    async (request) => teamSchedule.getTeamSchedule(signedIn(request).user, request.query),
  );

  app.get(
    '/api/schedules/get_all_campaigns',
    {
      config: { action: 'schedule.view_team' },
      schema: {
        tags: ['supervisor schedule'],
        summary:
          'Campaigns with their agents, working window (UTC) and shifts (non-approved only for schedule supervisors)',
        querystring: campaignsQuerySchemaForSchedule,
        response: { 200: scheduleCampaignSchema.array() },
      },
    },
    async (request) => teamSchedule.getScheduleCampaigns(signedIn(request).user, request.query),
  );

  app.post(
    '/api/schedules/approve_event/:id',
    {
      config: manage,
      schema: {
        tags: ['supervisor schedule'],
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
        tags: ['supervisor schedule'],
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
        tags: ['supervisor schedule'],
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
        tags: ['supervisor schedule'],
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
