import {
  callDataSchema,
  clearLeadAnswerSchema,
  clearLeadBodySchema,
  coldCallAnswerSchema,
  coldCallBodySchema,
  getColdCallAnswerSchema,
  getColdCallBodySchema,
  idParamSchema,
  simulatedCalleeBodySchema,
} from '@shiftline/shared';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { conflict } from '../../plugins/errors.js';
import { viewerRoute } from '../../plugins/viewerRoute.js';
import { SimulatedTelephony } from '../calls/index.js';
import { createColdCallsService } from './coldCalls.service.js';

const tags = ['cold calls'];

/** The cold-calls table, taking and letting go of leads, and dialling them (operations spec §2, §7). */
export const coldCallsRoutes: FastifyPluginAsyncZod<{
  db: Kysely<Database>;
  live: FastifyInstance['live'];
  realtime: FastifyInstance['realtime'];
  now?: () => number;
}> = async (app, { db, live, realtime, now }) => {
  const coldCalls = createColdCallsService({ db, engine: live.engine, realtime, now });
  const { telephony, engine, callPage } = live;

  viewerRoute(app, {
    method: 'POST',
    url: '/api/get_cold_call_for_agent',
    action: 'cold_calls.call',
    tags,
    summary:
      'Attach a lead (or, with a null id, the next free one) to the agent; a lead another agent holds is refused',
    input: { in: 'body', schema: getColdCallBodySchema },
    response: getColdCallAnswerSchema,
    answer: (viewer, body) => coldCalls.takeLead(viewer, body),
  });

  viewerRoute(app, {
    method: 'POST',
    url: '/api/clear_lead_attached_to_agent',
    action: 'cold_calls.call',
    tags,
    summary: "Let go of the agent's lead (only a definite one when only_definite_leads)",
    input: { in: 'body', schema: clearLeadBodySchema },
    response: clearLeadAnswerSchema,
    answer: (viewer, body) => coldCalls.clearLead(viewer, body),
  });

  viewerRoute(app, {
    method: 'POST',
    url: '/api/inquiries/cold_call',
    action: 'cold_calls.call',
    tags,
    summary:
      'Cold call: {check_ivr} may the agent dial now; {redial, inquiry_id} call that client again; {abonent_number, cold_call_id, check_simultaneous_calls} dial a lead (simultaneous_call when another agent is on a call with the client)',
    input: { in: 'body', schema: coldCallBodySchema },
    response: coldCallAnswerSchema,
    answer: (viewer, body) => coldCalls.coldCall(viewer, body),
  });

  viewerRoute(app, {
    method: 'POST',
    url: '/api/telephony/simulated_call/:id/callee',
    action: 'calls.simulate',
    tags: ['telephony'],
    summary: 'The simulated client of a dialled call picks up (answer: true) or does not (answer: false)',
    input: { in: 'body', schema: simulatedCalleeBodySchema },
    params: idParamSchema,
    response: callDataSchema,
    answer: async (viewer, body, params) => {
      if (!(telephony instanceof SimulatedTelephony)) throw conflict('The phone network is not simulated here.');
      if (body.answer) await engine.calleeAnswered(params.id);
      else await engine.calleeUnanswered(params.id);
      return callPage.callData(viewer, params.id);
    },
  });
};
