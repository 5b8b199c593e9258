import {
  can,
  cancelAndNotifyBodySchema,
  createdVacationSchema,
  createVacationBodySchema,
  datedShiftSchema,
  datedVacationSchema,
  daysOffListSchema,
  daysOffQuerySchema,
  deleteShiftsBodySchema,
  idParamSchema,
  SOCKET_ID_HEADER,
  socketIdHeaderSchema,
  startVacationActionBodySchema,
  userDatesParamsSchema,
  vacationDecisionBodySchema,
} from '@shiftline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedIn } from '../../plugins/access.js';
import { invalidField } from '../../plugins/errors.js';
import { viewerRoute } from '../../plugins/viewerRoute.js';
import type { VacationsService } from './vacations.service.js';

const ok = z.object({ status: z.literal('ok') });
/** Days-off requests one person may send in an hour. */
export const VACATION_REQUESTS_PER_HOUR = 20;
const manage = { action: 'schedule.manage' as const };
const tags = ['vacations'];

function period(params: { start: number; end: number }) {
  const start = new Date(params.start);
  const end = new Date(params.end);
  if (end <= start) throw invalidField('end', 'must be after start');
  return { start, end };
}

export const vacationsRoutes: FastifyPluginAsyncZod<{ vacations: VacationsService }> = async (app, { vacations }) => {
  app.post(
    '/api/schedules/create_vacation',
    {
      config: {
        action: 'vacations.request',
        // A per-person rate, on top of the cap on waiting requests; supervisors entering days off are not limited.
        rateLimit: {
          max: VACATION_REQUESTS_PER_HOUR,
          timeWindow: '1 hour',
          keyGenerator: (request) => `vacation-request|${request.auth?.user.id ?? request.ip}`,
          allowList: (request) => can(request.auth?.user.role ?? null, 'schedule.manage'),
        },
      },
      schema: {
        tags,
        summary:
          'Request days off (a schedule supervisor may enter them for anyone): 409 vacation_overlap over your own waiting or approved days off, 409 with 10 requests waiting, 429 past 20 requests an hour',
        body: createVacationBodySchema,
        response: { 201: createdVacationSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await vacations.create(signedIn(request).user, request.body)),
  );

  app.post(
    '/api/schedules/approve_vacation/:id',
    {
      config: manage,
      schema: {
        tags,
        summary:
          "Approve days off: 409 vacation_overlap ('Cannot be approved!'), 409 shifts_overlap unless delete_shifts",
        params: idParamSchema,
        body: vacationDecisionBodySchema,
        response: { 200: ok },
      },
    },
    async (request) => vacations.approve(signedIn(request).user, request.params.id, request.body),
  );

  for (const [path, decision] of [
    ['reject_vacation', 'reject'],
    ['approve_vacation_cancellation', 'approve_cancellation'],
    ['reject_vacation_cancellation', 'reject_cancellation'],
  ] as const) {
    app.post(
      `/api/schedules/${path}/:id`,
      {
        config: manage,
        schema: { tags, summary: path.replaceAll('_', ' '), params: idParamSchema, response: { 200: ok } },
      },
      async (request) => vacations.decide(request.params.id, decision),
    );
  }

  app.post(
    '/api/schedules/request_vacation_cancellation/:id',
    {
      config: { action: 'vacations.request' },
      schema: { tags, summary: 'Ask to cancel your approved days off', params: idParamSchema, response: { 200: ok } },
    },
    async (request) => vacations.requestCancellation(signedIn(request).user, request.params.id),
  );

  app.post(
    '/api/schedules/start_vacation_action',
    {
      config: manage,
      schema: {
        tags,
        summary:
          "Opens the approval dialog in the supervisor's own pages (startApproveVacation / startAddVacation / startRejectVacationCancellation)",
        body: startVacationActionBodySchema,
        headers: socketIdHeaderSchema,
        response: { 200: ok },
      },
    },
    async (request) => vacations.startAction(signedIn(request).user, request.body, request.headers[SOCKET_ID_HEADER]),
  );

  viewerRoute(app, {
    method: 'GET',
    url: '/api/schedules/get_days_off',
    action: 'vacations.request',
    tags,
    summary: 'Days-off requests, one page, newest days first: your own, or everyone’s for a schedule supervisor',
    input: { in: 'querystring', schema: daysOffQuerySchema },
    response: daysOffListSchema,
    answer: (viewer, query) => vacations.daysOff(viewer, query),
  });

  app.get(
    '/api/schedules/get_user_vacations_by_dates/:user/:start/:end',
    {
      config: { action: 'vacations.request' },
      schema: {
        tags,
        summary: 'Approved days off of a user overlapping a period',
        params: userDatesParamsSchema,
        response: { 200: datedVacationSchema.array() },
      },
    },
    async (request) => {
      const { start, end } = period(request.params);
      return vacations.vacationsByDates(signedIn(request).user, request.params.user, start, end);
    },
  );

  app.get(
    '/api/schedules/get_user_shifts_by_dates/:user/:start/:end',
    {
      config: { action: 'vacations.request' },
      schema: {
        tags,
        summary: 'Pending and approved shifts of a user overlapping a period',
        params: userDatesParamsSchema,
        response: { 200: datedShiftSchema.array() },
      },
    },
    async (request) => {
      const { start, end } = period(request.params);
      return vacations.shiftsByDates(signedIn(request).user, request.params.user, start, end);
    },
  );

  app.post(
    '/api/schedules/delete_shifts',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Delete shifts, all or none',
        body: deleteShiftsBodySchema,
        response: { 200: z.object({ status: z.literal('ok'), deleted: z.number().int() }) },
      },
    },
    async (request) => vacations.deleteShifts([...new Set(request.body.shifts)]),
  );

  app.post(
    '/api/schedules/cancel_and_send_notification',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Cancel shifts, offer the chosen ones to other agents and approve the vacation, in one transaction',
        body: cancelAndNotifyBodySchema,
        response: { 200: z.object({ status: z.literal('ok'), notified: z.number().int() }) },
      },
    },
    async (request) => vacations.cancelAndNotify(signedIn(request).user, request.body),
  );
};
