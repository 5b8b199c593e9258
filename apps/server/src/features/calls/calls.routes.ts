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
  productsQuerySchema,
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
import { viewerRoute } from '../../plugins/viewerRoute.js';
import type { CallEngine } from './callEngine.js';
import type { CallPageService } from './callPage.service.js';
import { callPageUrl } from './liveEvents.js';

/** The call page's routes: one permission, grouped in the OpenAPI document by what they serve. */
const CALL_PAGE = { action: 'calls.handle', tags: ['calls'] } as const;
const DISPOSITIONS = { action: 'calls.handle', tags: ['dispositions'] } as const;
const SALES = { action: 'calls.handle', tags: ['sales'] } as const;
/** The call named in the path, as /:id or /:callId. */
const BY_ID = { in: 'params', schema: idParamSchema } as const;
const BY_CALL_ID = { in: 'params', schema: callIdParamSchema } as const;
const OK = { status: 'ok' as const };

/** Where an agent goes when the after-call form closes (spec §2: the default return location after a call). */
export const AFTER_CALL_URL = '/inquiries/all_calls';

/** The call handling calls (operations spec §7 Calls, Dispositions, Sales). */
export const callsRoutes: FastifyPluginAsyncZod<{
  engine: CallEngine;
  callPage: CallPageService;
  now?: () => number;
}> = async (app, { engine, callPage, now = Date.now }) => {
  const callData = (viewer: Parameters<CallPageService['callData']>[0], id: number) => callPage.callData(viewer, id);

  viewerRoute(app, {
    ...CALL_PAGE,
    method: 'GET',
    url: '/api/inquiries/get_call_for_user',
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

  viewerRoute(app, {
    method: 'POST',
    url: '/api/inquiries/:id/pickup_call',
    action: 'calls.pickup',
    tags: ['calls'],
    summary: 'A team lead, agent supervisor or campaign manager takes a waiting call',
    input: BY_ID,
    response: callDataSchema,
    answer: async (viewer, params) => {
      await engine.pickup(viewer, params.id);
      return callData(viewer, params.id);
    },
  });

  viewerRoute(app, {
    ...CALL_PAGE,
    method: 'POST',
    url: '/api/inquiries/call_data',
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
    ...CALL_PAGE,
    method: 'POST',
    url: '/api/inquiries/:id/get_call_page_url',
    summary: 'The address of the call page',
    input: BY_ID,
    response: urlAnswerSchema,
    answer: async (viewer, params) => {
      await callData(viewer, params.id);
      return { url: callPageUrl(params.id) };
    },
  });

  viewerRoute(app, {
    ...CALL_PAGE,
    method: 'POST',
    url: '/api/inquiries/:id/redirect_user_or_client',
    summary: 'Where the agent goes once the call is over',
    input: BY_ID,
    response: urlAnswerSchema,
    answer: async (viewer, params) => {
      await callData(viewer, params.id);
      return { url: AFTER_CALL_URL };
    },
  });

  viewerRoute(app, {
    ...CALL_PAGE,
    method: 'GET',
    url: '/api/inquiries/:id/get_call_data',
    summary: "The call page's data: the call, its client, notes, disposition and callback",
    input: BY_ID,
    response: callDataSchema,
    answer: (viewer, params) => callData(viewer, params.id),
  });

  viewerRoute(app, {
    ...CALL_PAGE,
    method: 'POST',
    url: '/api/inquiries/set_notes/:callId',
    summary: "Save the call's notes",
    input: { in: 'body', schema: setNotesBodySchema },
    params: callIdParamSchema,
    response: okSchema,
    answer: async (viewer, input, params) => {
      await callPage.setNotes(viewer, params.callId, input.notes);
      return OK;
    },
  });

  viewerRoute(app, {
    ...CALL_PAGE,
    method: 'POST',
    url: '/api/inquiries/:id/update_client',
    summary: "Save the caller's client card",
    input: { in: 'body', schema: updateClientBodySchema },
    params: idParamSchema,
    response: callDataSchema,
    answer: (viewer, input, params) => callPage.updateClient(viewer, params.id, input),
  });

  viewerRoute(app, {
    ...CALL_PAGE,
    method: 'GET',
    url: '/api/inquiries/:id/get_operators_from_campaign',
    summary: "Who the call can be transferred to: the campaign's operators, by role",
    input: { in: 'querystring', schema: operatorsQuerySchema },
    params: idParamSchema,
    response: operatorsSchema,
    answer: (viewer, input, params) => callPage.operators(viewer, params.id, input.chosen_role),
  });

  viewerRoute(app, {
    ...CALL_PAGE,
    method: 'POST',
    url: '/api/inquiries/:id/set_call_back',
    summary: 'Ask for a callback to the client',
    input: { in: 'body', schema: setCallBackBodySchema },
    params: idParamSchema,
    response: callDataSchema,
    answer: (viewer, input, params) => callPage.setCallBack(viewer, params.id, input.date_time),
  });

  viewerRoute(app, {
    ...CALL_PAGE,
    method: 'POST',
    url: '/api/inquiries/:id/unset_call_back',
    summary: 'Withdraw the callback',
    input: BY_ID,
    response: callDataSchema,
    answer: (viewer, params) => callPage.unsetCallBack(viewer, params.id),
  });

  // A POST, not the GET the old front end used: it changes data, so it carries the CSRF token (docs/decisions.md).
  viewerRoute(app, {
    ...CALL_PAGE,
    method: 'POST',
    url: '/api/inquiries/:id/blacklist',
    summary: "Block the caller's number",
    input: BY_ID,
    response: callDataSchema,
    answer: (viewer, params) => callPage.blacklist(viewer, params.id),
  });

  viewerRoute(app, {
    ...CALL_PAGE,
    method: 'POST',
    url: '/api/inquiries/:id/update_transfer_type',
    summary: 'Choose a cold or warm transfer',
    input: { in: 'body', schema: updateTransferTypeBodySchema },
    params: idParamSchema,
    response: callDataSchema,
    answer: (viewer, input, params) => callPage.updateTransferType(viewer, params.id, input.transfer_type),
  });

  viewerRoute(app, {
    ...CALL_PAGE,
    method: 'POST',
    url: '/api/inquiries/end_call/:callId',
    summary: 'Hang up: the agent goes to after-call work (409 when already hung up)',
    input: { in: 'body', schema: endCallBodySchema },
    params: callIdParamSchema,
    response: callDataSchema,
    answer: async (viewer, _body, params) => {
      await engine.endCall(viewer, params.callId);
      return callData(viewer, params.callId);
    },
  });

  viewerRoute(app, {
    ...DISPOSITIONS,
    method: 'GET',
    url: '/api/dispositions/get_dispositions/:callId',
    summary: "The dispositions of the call's campaign type, and the one chosen",
    input: BY_CALL_ID,
    response: dispositionsSchema,
    answer: (viewer, params) => callPage.dispositions(viewer, params.callId),
  });

  viewerRoute(app, {
    ...DISPOSITIONS,
    method: 'POST',
    url: '/api/dispositions/set_disposition/:callId',
    summary: "Set the call's disposition (one of its campaign type)",
    input: { in: 'body', schema: setDispositionBodySchema },
    params: callIdParamSchema,
    response: okSchema,
    answer: async (viewer, input, params) => {
      await callPage.setDisposition(viewer, params.callId, input.disposition);
      return OK;
    },
  });

  viewerRoute(app, {
    ...SALES,
    method: 'GET',
    url: '/api/sales/get_products',
    summary: "The products on sale: every campaign's, and with call_id that call's campaign's own",
    input: { in: 'querystring', schema: productsQuerySchema },
    response: productsSchema,
    answer: (_viewer, query) => callPage.products(query.call_id),
  });

  viewerRoute(app, {
    ...SALES,
    method: 'POST',
    url: '/api/sales/:callId/set_new_sales',
    summary: "Post the call's sale (replaces an earlier one)",
    input: { in: 'body', schema: setNewSalesBodySchema },
    params: callIdParamSchema,
    response: salesSchema,
    answer: (viewer, input, params) => callPage.setSales(viewer, params.callId, input),
  });

  viewerRoute(app, {
    ...SALES,
    method: 'POST',
    url: '/api/sales/:callId/clear_sales',
    summary: "Withdraw the call's sale",
    input: BY_CALL_ID,
    response: salesSchema,
    answer: (viewer, params) => callPage.clearSales(viewer, params.callId),
  });

  viewerRoute(app, {
    ...SALES,
    method: 'GET',
    url: '/api/sales/:callId/get_sales',
    summary: "The call's sale",
    input: BY_CALL_ID,
    response: salesSchema,
    answer: (viewer, params) => callPage.getSales(viewer, params.callId),
  });
};
