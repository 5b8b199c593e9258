import { callDataSchema, idParamSchema, simulatedCallBodySchema } from '@shiftline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conflict, notFound } from '../../plugins/errors.js';
import { viewerRoute } from '../../plugins/viewerRoute.js';
import type { CallEngine } from './callEngine.js';
import type { CallPageService } from './callPage.service.js';
import { SimulatedTelephony, type Telephony } from './telephony.js';

const tags = ['telephony'];

/**
 * The simulated phone network's controls: an administrator puts a caller into a campaign's queue (a test call, as a
 * real centre dials its own number) and hangs that caller up. Refused (409) when a real network is plugged in.
 */
export const telephonyRoutes: FastifyPluginAsyncZod<{
  engine: CallEngine;
  callPage: CallPageService;
  telephony: Telephony;
}> = async (app, { engine, callPage, telephony }) => {
  const simulatedOnly = () => {
    if (!(telephony instanceof SimulatedTelephony)) throw conflict('The phone network is not simulated here.');
  };

  viewerRoute(app, {
    method: 'POST',
    url: '/api/telephony/simulated_call',
    action: 'calls.simulate',
    tags,
    summary: "A simulated caller dials the campaign: the call joins its queue (and rings a ready agent's phone)",
    input: { in: 'body', schema: simulatedCallBodySchema },
    response: callDataSchema,
    status: 201,
    answer: async (viewer, body) => {
      simulatedOnly();
      const callback =
        body.callback === undefined || body.callback === 'none' ? null : { voiceMail: body.callback === 'voicemail' };
      // A caller dialling the centre's number reaches the campaign that owns it, as on a real network.
      let campaignId = body.campaign_id;
      if (body.dialled !== undefined) {
        const owner = await callPage.campaignByPhone(body.dialled);
        if (!owner) throw notFound(`No campaign takes calls on ${body.dialled}.`);
        campaignId = owner.id;
      }
      const call = await engine.arrive({
        campaignId: campaignId as number,
        callerPhone: body.caller_phone ?? '+14165550199',
        did: body.dialled ?? null,
        callback,
      });
      return callPage.callData(viewer, Number(call.id));
    },
  });

  viewerRoute(app, {
    method: 'POST',
    url: '/api/telephony/simulated_call/:id/hang_up',
    action: 'calls.simulate',
    tags,
    summary: 'The simulated caller hangs up: a waiting call is abandoned, a connected one goes to after-call work',
    input: { in: 'params', schema: idParamSchema },
    response: callDataSchema,
    answer: async (viewer, params) => {
      simulatedOnly();
      await engine.callerLeaves(params.id);
      return callPage.callData(viewer, params.id);
    },
  });
};
