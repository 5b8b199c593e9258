import {
  type DeclineTransferEvent,
  SOCKET_EVENTS,
  userRoom,
  warmTransferAcceptBodySchema,
  warmTransferAnswerSchema,
  warmTransferBodySchema,
} from '@shiftline/shared';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { conflict, forbidden, notFound } from '../../plugins/errors.js';
import { viewerRoute } from '../../plugins/viewerRoute.js';
import { listedAgent, longName } from '../users/index.js';

/** How long an unanswered warm-transfer question waits for its answer. */
const PENDING_SECONDS = 120;

/** A question waiting for its answer: who asked, and (an invitation) the agent asked to join with their extension. */
type Pending = { askerId: number; invited: { id: number; extension: string } | null };

/** The questions in the database, so the answer may reach another app process than the question. */
function pendingQuestions(db: Kysely<Database>) {
  return {
    async get(callId: number): Promise<Pending | null> {
      const row = await db
        .selectFrom('warm_transfer_questions')
        .selectAll()
        .where('call_id', '=', String(callId))
        .where('expires_at', '>', sql<Date>`now()`)
        .executeTakeFirst();
      if (!row) return null;
      const invited =
        row.invited_id !== null && row.invited_extension !== null
          ? { id: row.invited_id, extension: row.invited_extension }
          : null;
      return { askerId: row.asker_id, invited };
    },
    /** Asks anew: an earlier question about the call is replaced. */
    async set(callId: number, pending: Pending): Promise<void> {
      const row = {
        call_id: String(callId),
        asker_id: pending.askerId,
        invited_id: pending.invited?.id ?? null,
        invited_extension: pending.invited?.extension ?? null,
        expires_at: sql<Date>`now() + make_interval(secs => ${PENDING_SECONDS})`,
      };
      await db
        .insertInto('warm_transfer_questions')
        .values(row)
        .onConflict((conflict) => conflict.column('call_id').doUpdateSet(row))
        .execute();
    },
    /** Settled (answered, or the call moved); answers whether it was still waiting, so only one answer relays it. */
    async forget(callId: number): Promise<boolean> {
      const gone = await db
        .deleteFrom('warm_transfer_questions')
        .where('call_id', '=', String(callId))
        .returning('call_id')
        .executeTakeFirst();
      return gone !== undefined;
    },
    expire: () => db.deleteFrom('warm_transfer_questions').where('expires_at', '<=', sql<Date>`now()`).execute(),
  };
}

/**
 * Warm transfer (spec §4), two ways of asking:
 * - someone with a phone asks the agent on a call to bring them in: the agent's top bar asks '{agent} wants to add you
 *   to the conference with the client for {campaign}…'; accepting transfers the call (REFER to WARM_TRANSFER_PREFIX +
 *   the asker's extension, see sip.routes);
 * - the agent on a call invites an agent of the call's campaign (the call page's transfer panel): the invited agent's
 *   top bar asks the same; accepting (warm_transfer/accept) tells the inviting agent's phone to make that REFER to the
 *   invited agent's extension.
 * Declining sends decline_transfer, which reaches the asker with the decliner's long name. The pending questions are
 * in the database (any app process may hear the answer).
 */
export async function warmTransferRoutes(app: FastifyInstance, db: Kysely<Database>) {
  const pending = pendingQuestions(db);

  viewerRoute(app, {
    method: 'POST',
    url: '/api/telephony/warm_transfer',
    action: 'calls.handle',
    tags: ['telephony'],
    summary:
      'Warm transfer: ask the agent on a call to bring you in, or (agent_id, the agent on the call) invite that agent of the campaign to join; the one asked accepts or declines',
    input: { in: 'body', schema: warmTransferBodySchema },
    response: warmTransferAnswerSchema,
    answer: async (viewer, body) => {
      const call = await connectedCall(body.call_id);
      if (body.agent_id !== undefined) {
        await invite(viewer, call, body.agent_id);
        return { status: 'ok' as const };
      }
      if (call.agent_id === viewer.id) throw conflict('This call is already yours.', { call_id: 'is your own call' });
      if (!viewer.extension) {
        throw conflict('You need an extension to take a transferred call.', { call_id: 'you have no extension' });
      }
      await pending.set(body.call_id, { askerId: viewer.id, invited: null });
      app.realtime.toRoom(userRoom(call.agent_id), SOCKET_EVENTS.warmTransfer, {
        agent: longName(viewer),
        campaign: call.campaign,
        call_id: body.call_id,
        extension: viewer.extension,
        mode: 'ask',
      });
      return { status: 'ok' as const };
    },
  });

  /** The call, connected (talking or on hold) and with an agent; 404 or 409 otherwise. */
  async function connectedCall(callId: number) {
    const call = await db
      .selectFrom('calls')
      .innerJoin('campaigns', 'campaigns.id', 'calls.campaign_id')
      .select(['calls.id', 'calls.status', 'calls.agent_id', 'calls.campaign_id', 'campaigns.name as campaign'])
      .where('calls.id', '=', String(callId))
      .executeTakeFirst();
    if (!call) throw notFound('No such call.');
    if ((call.status !== 'talking' && call.status !== 'on_hold') || call.agent_id === null) {
      throw conflict('Only a connected call can be transferred.', { call_id: 'is not connected' });
    }
    return { ...call, id: Number(call.id), agent_id: call.agent_id };
  }

  /** The agent on the call invites `agentId` (an agent of the call's campaign, with an extension) to join it. */
  async function invite(
    viewer: { id: number; first_name: string; second_name: string },
    call: Awaited<ReturnType<typeof connectedCall>>,
    agentId: number,
  ) {
    if (call.agent_id !== viewer.id) throw forbidden('This is not your call.');
    if (agentId === viewer.id) throw conflict('This call is already yours.', { agent_id: 'is you' });
    const target = await db
      .selectFrom('users')
      .innerJoin('campaign_agents as ca', 'ca.user_id', 'users.id')
      .select(['users.id', 'users.extension'])
      .where('users.id', '=', agentId)
      .where('ca.campaign_id', '=', call.campaign_id)
      .where('ca.is_disabled', '=', false)
      .where(listedAgent)
      .executeTakeFirst();
    if (!target)
      throw conflict("That agent does not work this call's campaign.", { agent_id: 'is not on the campaign' });
    if (!target.extension) {
      throw conflict('That agent has no extension to take a transferred call.', { agent_id: 'has no extension' });
    }
    await pending.set(call.id, { askerId: viewer.id, invited: { id: target.id, extension: target.extension } });
    app.realtime.toRoom(userRoom(target.id), SOCKET_EVENTS.warmTransfer, {
      agent: longName(viewer),
      campaign: call.campaign,
      call_id: call.id,
      extension: target.extension,
      mode: 'invite',
    });
  }

  viewerRoute(app, {
    method: 'POST',
    url: '/api/telephony/warm_transfer/accept',
    action: 'calls.handle',
    tags: ['telephony'],
    summary: "Accept a warm-transfer invitation: the inviting agent's phone transfers the call to you",
    input: { in: 'body', schema: warmTransferAcceptBodySchema },
    response: warmTransferAnswerSchema,
    answer: async (viewer, body) => {
      const asked = await pending.get(body.call_id);
      const noInvitation = () =>
        conflict('There is no invitation to this call for you.', { call_id: 'has no invitation for you' });
      if (!asked?.invited || asked.invited.id !== viewer.id) throw noInvitation();
      const call = await connectedCall(body.call_id);
      // The call changed hands since the invitation: the one who invited can no longer transfer it.
      if (call.agent_id !== asked.askerId) {
        await pending.forget(body.call_id);
        throw conflict('The call is no longer with the agent who invited you.', { call_id: 'changed hands' });
      }
      // Answered once, whichever process hears it first.
      if (!(await pending.forget(body.call_id))) throw noInvitation();
      app.realtime.toRoom(userRoom(asked.askerId), SOCKET_EVENTS.warmTransfer, {
        agent: longName(viewer),
        campaign: call.campaign,
        call_id: call.id,
        extension: asked.invited.extension,
        mode: 'accepted',
      });
      return { status: 'ok' as const };
    },
  });

  // The agent on the call declined: the asker hears it, with the decliner's long name as the database has it.
  app.io.on('connection', (socket) => {
    socket.on(SOCKET_EVENTS.declineTransfer, async (payload: unknown) => {
      const callId = (payload as Partial<DeclineTransferEvent> | null)?.call_id;
      const userId = (socket.data as { userId?: number }).userId;
      const asked = typeof callId === 'number' ? await pending.get(callId) : null;
      if (!asked || userId === undefined || typeof callId !== 'number') return;
      // The one asked declines: the agent on the call (asked to bring someone in), or the agent invited.
      if (asked.invited !== null) {
        if (asked.invited.id !== userId) return;
      } else {
        const call = await db
          .selectFrom('calls')
          .select('agent_id')
          .where('id', '=', String(callId))
          .executeTakeFirst();
        if (call?.agent_id !== userId) return;
      }
      const decliner = await db
        .selectFrom('users')
        .select(['first_name', 'second_name'])
        .where('id', '=', userId)
        .executeTakeFirst();
      if (!decliner || !(await pending.forget(callId))) return;
      app.realtime.toRoom(userRoom(asked.askerId), SOCKET_EVENTS.declineTransfer, {
        call_id: callId,
        name: longName(decliner),
      });
    });
  });

  return pending;
}
