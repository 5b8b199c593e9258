import {
  type DeclineTransferEvent,
  SOCKET_EVENTS,
  userRoom,
  warmTransferAnswerSchema,
  warmTransferBodySchema,
} from '@shiftline/shared';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { conflict, notFound } from '../../plugins/errors.js';
import { viewerRoute } from '../../plugins/viewerRoute.js';
import { longName } from '../users/index.js';

/** How long an unanswered warm-transfer question waits for a decline to relay. */
const PENDING_MS = 120_000;

/**
 * Warm transfer (spec §4): someone with a phone asks the agent on a call to bring them in. The agent's top bar asks
 * '{agent} wants to add you to the conference with the client for {campaign}…'; accepting transfers the call (REFER to
 * WARM_TRANSFER_PREFIX + the asker's extension, see sip.routes), declining sends decline_transfer, which reaches the
 * asker with the decliner's long name. The pending questions are this process's memory.
 */
export async function warmTransferRoutes(app: FastifyInstance, db: Kysely<Database>) {
  const pending = new Map<number, { askerId: number; timer: NodeJS.Timeout }>();
  const forget = (callId: number) => {
    clearTimeout(pending.get(callId)?.timer);
    pending.delete(callId);
  };
  app.addHook('onClose', async () => {
    for (const callId of pending.keys()) forget(callId);
  });

  viewerRoute(app, {
    method: 'POST',
    url: '/api/telephony/warm_transfer',
    action: 'calls.handle',
    tags: ['telephony'],
    summary: 'Ask the agent on a call to bring you in (warm transfer); they accept or decline on their phone',
    input: { in: 'body', schema: warmTransferBodySchema },
    response: warmTransferAnswerSchema,
    answer: async (viewer, body) => {
      const call = await db
        .selectFrom('calls')
        .innerJoin('campaigns', 'campaigns.id', 'calls.campaign_id')
        .select(['calls.id', 'calls.status', 'calls.agent_id', 'campaigns.name as campaign'])
        .where('calls.id', '=', String(body.call_id))
        .executeTakeFirst();
      if (!call) throw notFound('No such call.');
      if ((call.status !== 'talking' && call.status !== 'on_hold') || call.agent_id === null) {
        throw conflict('Only a connected call can be transferred.', { call_id: 'is not connected' });
      }
      if (call.agent_id === viewer.id) throw conflict('This call is already yours.', { call_id: 'is your own call' });
      if (!viewer.extension) {
        throw conflict('You need an extension to take a transferred call.', { call_id: 'you have no extension' });
      }
      forget(body.call_id);
      const timer = setTimeout(() => pending.delete(body.call_id), PENDING_MS);
      timer.unref();
      pending.set(body.call_id, { askerId: viewer.id, timer });
      app.realtime.toRoom(userRoom(call.agent_id), SOCKET_EVENTS.warmTransfer, {
        agent: longName(viewer),
        campaign: call.campaign,
        call_id: body.call_id,
        extension: viewer.extension,
      });
      return { status: 'ok' as const };
    },
  });

  // The agent on the call declined: the asker hears it, with the decliner's long name as the database has it.
  app.io.on('connection', (socket) => {
    socket.on(SOCKET_EVENTS.declineTransfer, async (payload: unknown) => {
      const callId = (payload as Partial<DeclineTransferEvent> | null)?.call_id;
      const userId = (socket.data as { userId?: number }).userId;
      const asked = typeof callId === 'number' ? pending.get(callId) : undefined;
      if (!asked || userId === undefined || typeof callId !== 'number') return;
      const call = await db.selectFrom('calls').select('agent_id').where('id', '=', String(callId)).executeTakeFirst();
      if (call?.agent_id !== userId) return;
      const decliner = await db
        .selectFrom('users')
        .select(['first_name', 'second_name'])
        .where('id', '=', userId)
        .executeTakeFirst();
      if (!decliner) return;
      forget(callId);
      app.realtime.toRoom(userRoom(asked.askerId), SOCKET_EVENTS.declineTransfer, {
        call_id: callId,
        name: longName(decliner),
      });
    });
  });

  return { forget };
}
