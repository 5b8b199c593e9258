import {
  callDataBodySchema,
  callDataSchema,
  callForUserQuerySchema,
  callForUserSchema,
  callIdParamSchema,
  campaignByPhoneBodySchema,
  campaignByPhoneSchema,
  dispositionsSchema,
  endCallBodySchema,
  idParamSchema,
  okSchema,
  operatorsQuerySchema,
  operatorsSchema,
  productsSchema,
  salesSchema,
  serverTimeSchema,
  setCallBackBodySchema,
  setDispositionBodySchema,
  setNewSalesBodySchema,
  setNotesBodySchema,
  updateClientBodySchema,
  updateTransferTypeBodySchema,
  urlAnswerSchema,
} from '@shiftline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/access.js';
import { viewerRoute } from '../../plugins/viewerRoute.js';
import type { CallEngine } from './callEngine.js';
import type { CallPageService } from './callPage.service.js';
import { callPageUrl } from './liveEvents.js';

/** Where an agent goes when the after-call form closes (spec §2: the default return location after a call). */
export const AFTER_CALL_URL = '/inquiries/all_calls';

const handle = { action: 'calls.handle' as const };

/** The call handling calls (operations spec §7 Calls, Dispositions, Sales). */
export const callsRoutes: FastifyPluginAsyncZod<{
  engine: CallEngine;
  callPage: CallPageService;
  now?: () => number;
}> = async (app, { engine, callPage, now = Date.now }) => {
  const callData = (viewer: Parameters<CallPageService['callData']>[0], id: number) => callPage.callData(viewer, id);

  viewerRoute(app, {
    method: 'GET',
    url: '/api/inquiries/get_call_for_user',
    action: 'calls.handle',
    tags: ['calls'],
    summary: "The agent's live call (ringing, in progress, on hold or in after-call work), or null",
    input: { in: 'querystring', schema: callForUserQuerySchema },
    response: callForUserSchema,
    answer: async (viewer) => ({ call: await callPage.callForUser(viewer) }),
  });

  viewerRoute(app, {
    method: 'GET',
    url: '/api/inquiries/server_time',
    action: 'calls.server_time',
    tags: ['calls'],
    summary: "The server's clock, for call timers",
    response: serverTimeSchema,
    answer: async () => {
      const at = now();
      return { server_time: new Date(at).toISOString(), unix: Math.floor(at / 1000) };
    },
  });

  app.post(
    '/api/inquiries/:id/pickup_call',
    {
      config: { action: 'calls.pickup' },
      schema: {
        tags: ['calls'],
        summary: 'A team lead, agent supervisor or campaign manager takes a waiting call',
        params: idParamSchema,
        response: { 200: callDataSchema },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      await engine.pickup(user, request.params.id);
      return callData(user, request.params.id);
    },
  );

  viewerRoute(app, {
    method: 'POST',
    url: '/api/inquiries/call_data',
    action: 'calls.handle',
    tags: ['calls'],
    summary: "The agent's phone reports a call-flow step: talk answers or resumes, hold holds, ring and mute are noted",
    input: { in: 'body', schema: callDataBodySchema },
    response: callDataSchema,
    answer: async (viewer, body) => {
      await engine.flow(viewer, body.crm_call_id, body.flow_status);
      return callData(viewer, body.crm_call_id);
    },
  });

  viewerRoute(app, {
    method: 'POST',
    url: '/api/inquiries/get_campaign_by_phone_number',
    action: 'calls.campaign_by_phone',
    tags: ['calls'],
    summary: 'The campaign a dialled number belongs to',
    input: { in: 'body', schema: campaignByPhoneBodySchema },
    response: campaignByPhoneSchema,
    answer: async (_viewer, body) => ({ campaign: await callPage.campaignByPhone(body.phone) }),
  });

  viewerRoute(app, {
    method: 'POST',
    url: '/api/inquiries/:id/get_call_page_url',
    action: 'calls.handle',
    tags: ['calls'],
    summary: 'The address of the call page',
    input: { in: 'params', schema: idParamSchema },
    response: urlAnswerSchema,
    answer: async (viewer, params) => {
      await callData(viewer, params.id);
      return { url: callPageUrl(params.id) };
    },
  });

  viewerRoute(app, {
    method: 'POST',
    url: '/api/inquiries/:id/redirect_user_or_client',
    action: 'calls.handle',
    tags: ['calls'],
    summary: 'Where the agent goes once the call is over',
    input: { in: 'params', schema: idParamSchema },
    response: urlAnswerSchema,
    answer: async (viewer, params) => {
      await callData(viewer, params.id);
      return { url: AFTER_CALL_URL };
    },
  });

  viewerRoute(app, {
    method: 'GET',
    url: '/api/inquiries/:id/get_call_data',
    action: 'calls.handle',
    tags: ['calls'],
    summary: "The call page's data: the call, its client, notes, disposition and callback",
    input: { in: 'params', schema: idParamSchema },
    response: callDataSchema,
    answer: (viewer, params) => callData(viewer, params.id),
  });

  app.post(
    '/api/inquiries/set_notes/:callId',
    {
      config: handle,
      schema: {
        tags: ['calls'],
        summary: "Save the call's notes",
        params: callIdParamSchema,
        body: setNotesBodySchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await callPage.setNotes(signedIn(request).user, request.params.callId, request.body.notes);
      return { status: 'ok' as const };
    },
  );

  app.post(
    '/api/inquiries/:id/update_client',
    {
      config: handle,
      schema: {
        tags: ['calls'],
        summary: "Save the caller's client card",
        params: idParamSchema,
        body: updateClientBodySchema,
        response: { 200: callDataSchema },
      },
    },
    async (request) => callPage.updateClient(signedIn(request).user, request.params.id, request.body),
  );

  app.get(
    '/api/inquiries/:id/get_operators_from_campaign',
    {
      config: handle,
      schema: {
        tags: ['calls'],
        summary: "Who the call can be transferred to: the campaign's operators, by role",
        params: idParamSchema,
        querystring: operatorsQuerySchema,
        response: { 200: operatorsSchema },
      },
    },
    async (request) => callPage.operators(signedIn(request).user, request.params.id, request.query.chosen_role),
  );

  app.post(
    '/api/inquiries/:id/set_call_back',
    {
      config: handle,
      schema: {
        tags: ['calls'],
        summary: 'Ask for a callback to the client',
        params: idParamSchema,
        body: setCallBackBodySchema,
        response: { 200: callDataSchema },
      },
    },
    async (request) => callPage.setCallBack(signedIn(request).user, request.params.id, request.body.date_time),
  );

  viewerRoute(app, {
    method: 'POST',
    url: '/api/inquiries/:id/unset_call_back',
    action: 'calls.handle',
    tags: ['calls'],
    summary: 'Withdraw the callback',
    input: { in: 'params', schema: idParamSchema },
    response: callDataSchema,
    answer: (viewer, params) => callPage.unsetCallBack(viewer, params.id),
  });

  // A POST, not the GET the old front end used: it changes data, so it carries the CSRF token (docs/decisions.md).
  viewerRoute(app, {
    method: 'POST',
    url: '/api/inquiries/:id/blacklist',
    action: 'calls.handle',
    tags: ['calls'],
    summary: "Block the caller's number",
    input: { in: 'params', schema: idParamSchema },
    response: callDataSchema,
    answer: (viewer, params) => callPage.blacklist(viewer, params.id),
  });

  app.post(
    '/api/inquiries/:id/update_transfer_type',
    {
      config: handle,
      schema: {
        tags: ['calls'],
        summary: 'Choose a cold or warm transfer',
        params: idParamSchema,
        body: updateTransferTypeBodySchema,
        response: { 200: callDataSchema },
      },
    },
    async (request) =>
      callPage.updateTransferType(signedIn(request).user, request.params.id, request.body.transfer_type),
  );

  app.post(
    '/api/inquiries/end_call/:callId',
    {
      config: handle,
      schema: {
        tags: ['calls'],
        summary: 'Hang up: the agent goes to after-call work (409 when already hung up)',
        params: callIdParamSchema,
        body: endCallBodySchema,
        response: { 200: callDataSchema },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      await engine.endCall(user, request.params.callId);
      return callData(user, request.params.callId);
    },
  );

  viewerRoute(app, {
    method: 'GET',
    url: '/api/dispositions/get_dispositions/:callId',
    action: 'calls.handle',
    tags: ['dispositions'],
    summary: "The dispositions of the call's campaign type, and the one chosen",
    input: { in: 'params', schema: callIdParamSchema },
    response: dispositionsSchema,
    answer: (viewer, params) => callPage.dispositions(viewer, params.callId),
  });

  app.post(
    '/api/dispositions/set_disposition/:callId',
    {
      config: handle,
      schema: {
        tags: ['dispositions'],
        summary: "Set the call's disposition (one of its campaign type)",
        params: callIdParamSchema,
        body: setDispositionBodySchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await callPage.setDisposition(signedIn(request).user, request.params.callId, request.body.disposition);
      return { status: 'ok' as const };
    },
  );

  viewerRoute(app, {
    method: 'GET',
    url: '/api/sales/get_products',
    action: 'calls.handle',
    tags: ['sales'],
    summary: 'The products on sale',
    response: productsSchema,
    answer: () => callPage.products(),
  });

  app.post(
    '/api/sales/:callId/set_new_sales',
    {
      config: handle,
      schema: {
        tags: ['sales'],
        summary: "Post the call's sale (replaces an earlier one)",
        params: callIdParamSchema,
        body: setNewSalesBodySchema,
        response: { 200: salesSchema },
      },
    },
    async (request) => callPage.setSales(signedIn(request).user, request.params.callId, request.body),
  );

  viewerRoute(app, {
    method: 'POST',
    url: '/api/sales/:callId/clear_sales',
    action: 'calls.handle',
    tags: ['sales'],
    summary: "Withdraw the call's sale",
    input: { in: 'params', schema: callIdParamSchema },
    response: salesSchema,
    answer: (viewer, params) => callPage.clearSales(viewer, params.callId),
  });

  viewerRoute(app, {
    method: 'GET',
    url: '/api/sales/:callId/get_sales',
    action: 'calls.handle',
    tags: ['sales'],
    summary: "The call's sale",
    input: { in: 'params', schema: callIdParamSchema },
    response: salesSchema,
    answer: (viewer, params) => callPage.getSales(viewer, params.callId),
  });
};
