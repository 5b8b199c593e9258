import {
  SIP_SECRET_HEADER,
  type SipRouteBody,
  sipAnsweredBodySchema,
  sipDeviceBodySchema,
  sipDeviceRegisteredBodySchema,
  sipHangupBodySchema,
  sipLeftBodySchema,
  sipParkBodySchema,
  sipRegistrationBodySchema,
  sipRouteBodySchema,
  sipTransferBodySchema,
  sipUnansweredBodySchema,
  toE164,
  WARM_TRANSFER_PREFIX,
} from '@shiftline/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';
import type { CallEngine } from '../calls/index.js';
import type { DeskPhonesService } from '../deskPhones/index.js';
import type { RecordingsService } from '../recordings/index.js';
import { createTrunksRepository, type PasswordSeal } from '../trunks/index.js';
import { sameSecret } from './credentials.js';
import { createSipDirectory, type SipDirectory } from './sipDirectory.js';
import { offerToken, type SipTelephony } from './sipTelephony.js';

const tags = ['telephony'];

/** A warm transfer dials the target's extension behind WARM_TRANSFER_PREFIX; a blind one dials it as is. */
const withoutTransferPrefix = (dialled: string) =>
  dialled.startsWith(WARM_TRANSFER_PREFIX) ? dialled.slice(WARM_TRANSFER_PREFIX.length) : dialled;
const config = { action: 'telephony.sip' } as const;

/** What the engine refuses because the call moved on already (hung up by the other side first): nothing to do. */
const settled = (error: unknown) => {
  if (error instanceof AppError && (error.code === 'conflict' || error.code === 'not_found')) return;
  throw error;
};

/** Kamailio's script reads the first line and splits it on spaces. */
const line = (reply: FastifyReply, text: string, status = 200) =>
  reply.status(status).type('text/plain; charset=utf-8').send(`${text}\n`);

/**
 * The SIP server's questions (Kamailio's http_client): where an INVITE goes, and what callers and phones did. Only
 * the SIP server may ask: every request carries the shared secret (401 without it, 403 with another).
 */
export const sipRoutes: FastifyPluginAsyncZod<{
  db: Kysely<Database>;
  engine: CallEngine;
  telephony: SipTelephony;
  secret: string;
  /** After a transfer moved the call away from `fromAgentId`. */
  transferred: (callId: string, fromAgentId: number) => void;
  deskPhones: Pick<DeskPhonesService, 'credentialsOf' | 'registered'>;
  seal: PasswordSeal;
  /** An agent's leg was answered: recorded when its campaign records calls. */
  recordings: Pick<RecordingsService, 'legAnswered'>;
}> = async (app, { db, engine, telephony, secret, transferred, deskPhones, seal, recordings }) => {
  const directory: SipDirectory = createSipDirectory(db);
  const trunks = createTrunksRepository(db);
  const legs = telephony.legs;

  app.addHook('onRequest', async (request) => {
    const given = request.headers[SIP_SECRET_HEADER.toLowerCase()];
    if (given === undefined) throw new AppError('not_signed_in', 'Only the SIP server may ask this.');
    if (!sameSecret(secret, Array.isArray(given) ? given[0] : given)) {
      throw new AppError('forbidden', 'Only the SIP server may ask this.');
    }
  });

  /** The call an INVITE belongs to: echoed by Kamailio, known by its SIP Call-ID, or a new arrival (null: refused). */
  async function callOf(body: SipRouteBody) {
    if (body.call_id !== '') return { callId: body.call_id };
    // A campaign's number takes calls only from the addresses of the trunk that delivers it.
    if ((await trunks.sourceCheck(body.to, body.source)) === 'refused') {
      app.log.warn(
        { source: body.source, dialled: body.to, sip_call_id: body.sip_call_id },
        'call from an address no trunk allows refused',
      );
      return { refused: '403 Source_not_allowed' };
    }
    const invite = { sipCallId: body.sip_call_id, cseq: body.cseq, dialled: body.to, caller: body.from || 'anonymous' };
    // A blocked number's call to a campaign is declined before it queues, a call outside the campaign's working
    // hours answered Temporarily Unavailable; either is logged.
    const refusal = await engine.refuseBefore({
      target: { dialled: invite.dialled, sipCallId: invite.sipCallId },
      caller: invite.caller,
      did: invite.dialled,
    });
    if (refusal) {
      app.log.info(
        { caller: invite.caller, dialled: invite.dialled, reason: refusal.reason },
        refusal.reason === 'closed' ? 'call outside working hours refused' : 'blocked caller declined',
      );
      return { refused: refusal.reason === 'closed' ? '480 Closed' : '603 Decline' };
    }
    const found = await engine.arriveThrough((at) => legs.arrive(invite, at));
    if ('call' in found) {
      // Offered as it arrived: the answer needs no read of the offer.
      const { offeredTo, id } = found.call;
      const offer =
        offeredTo?.extension && offeredTo.at
          ? { extension: offeredTo.extension, offer: offerToken(offeredTo.agentId, offeredTo.at.getTime()) }
          : null;
      return { callId: String(id), leftEarly: found.extra.leftEarly, offer };
    }
    if ('known' in found.other) return { callId: found.other.known };
    if ('notInbound' in found.other) return { refused: '403 Not_an_inbound_number' };
    // A transferred caller dialling the target agent's extension (a warm transfer's with its prefix).
    const moved = await legs.transferArrived(withoutTransferPrefix(body.to), body.sip_call_id, body.cseq);
    if (moved) return { callId: moved, named: true };
    // An agent's phone dialling the client of their outbound call: on to the campaign's trunk (or the gateway). Only the phone that
    // registered the extension may (Kamailio refuses another source of a registered one; this, of an unregistered).
    if (body.from && (await directory.userOfExtension(body.from))) {
      if (body.bound !== '1') {
        app.log.warn(
          { sipCallId: body.sip_call_id, from: body.from },
          'INVITE from an unregistered agent phone refused',
        );
        return { refused: '403 Not_your_phone' };
      }
      const dialled = await directory.dialledBy(body.from, body.to);
      if (dialled) return { callId: dialled, out: toE164(body.to) as string, trunk: await outboundTrunkOf(dialled) };
      app.log.warn(
        { sipCallId: body.sip_call_id, from: body.from },
        "agent's INVITE to no current outbound call refused",
      );
      return { refused: '403 Not_your_current_call' };
    }
    return { refused: '404 No_such_number' };
  }

  /**
   * The end of the 'out' answer: ' <host:port> <caller id> <username> <password>' of the call's campaign's outbound
   * trunk ('-' for no credentials), or '' when the campaign has none (Kamailio then uses its OUTBOUND_GATEWAY).
   */
  async function outboundTrunkOf(callId: string): Promise<string> {
    const trunk = await trunks.outboundTrunkOfCall(callId);
    if (!trunk?.outbound_address) return '';
    const password = trunk.auth_password_sealed === null ? null : seal.open(trunk.auth_password_sealed);
    if (trunk.auth_password_sealed !== null && password === null) {
      app.log.warn({ trunk: trunk.id }, 'trunk password unreadable (SESSION_SECRET changed?): type it again');
    }
    return ` ${trunk.outbound_address} ${trunk.caller_id} ${trunk.auth_username ?? '-'} ${password ?? '-'}`;
  }

  app.post(
    '/api/telephony/sip/route',
    {
      config,
      schema: {
        tags,
        summary:
          "An INVITE asks where to go: answered with 'ring <extension> <call id> <offer>' once the engine offers the call to an agent, 'wait' after hold_ms, or 'reject <code> <reason>'",
        body: sipRouteBodySchema,
      },
    },
    async (request, reply) => {
      const body = request.body;
      // Kamailio could not ring the last offer (no reachable contact): missed now, the call goes to the next agent.
      if (body.call_id !== '' && body.unreachable !== '') await missUnreachable(body.call_id, body.unreachable, 480);
      const found = await callOf(body);
      if ('refused' in found) return line(reply, `reject ${found.refused}`);
      const { callId } = found;
      if ('out' in found) {
        await legs.remember(callId, body.sip_call_id);
        return line(reply, `out ${found.out} ${callId}${found.trunk}`);
      }
      if ('leftEarly' in found) {
        // The caller cancelled before the app had named their call (the cancel may have reached another process).
        if (found.leftEarly) {
          await engine.callerLeaves(callId).catch(settled);
          return line(reply, 'reject 487 Request_Terminated');
        }
      } else if (!('named' in found)) await legs.remember(callId, body.sip_call_id, body.cseq);
      const deadline = Date.now() + body.hold_ms;
      let known = 'offer' in found ? found.offer : null;
      for (;;) {
        const offer = known ?? (await directory.offerOf(callId));
        known = null;
        if (offer === 'ended') {
          await legs.forget(callId);
          return line(reply, 'reject 480 Call_ended');
        }
        if (offer !== null && offer.offer !== body.offer) {
          return line(reply, `ring ${offer.extension} ${callId} ${offer.offer}`);
        }
        const left = deadline - Date.now();
        if (left <= 0) return line(reply, 'wait');
        // The answer waited for an agent (the queue's time, not the router's): said in a header for measurements.
        reply.header('x-shiftline-queued', '1');
        // The ring wakes this at once (from another process through Redis); the database is read again now and then.
        await telephony.changeOf(callId, Math.min(left, 2000));
      }
    },
  );

  /**
   * The phone of the offer `offer` could not take the call (no contact, relay failure, an error reply): the offer
   * is missed now, not after its timeout. A decline (486, 600, 603) counts as the agent's; anything else is the
   * phone's (Technical issues).
   */
  async function missUnreachable(callId: string, offer: string, status: number) {
    const agentId = Number(/^(\d+)\./.exec(offer)?.[1] ?? Number.NaN);
    if (!Number.isInteger(agentId)) return;
    const current = await directory.offerOf(callId);
    if (current === 'ended' || current === null || current.offer !== offer) return;
    const cause = [486, 600, 603].includes(status) ? 'declined' : 'unreachable';
    if (await engine.offerFailed(callId, agentId, cause).catch(settled)) {
      app.log.warn(
        { callId, agentId, status },
        `offer missed at once: the agent's phone ${cause === 'declined' ? 'declined' : 'was unreachable'}`,
      );
    }
  }

  app.post(
    '/api/telephony/sip/registration',
    {
      config,
      schema: {
        tags,
        summary: "An agent's phone registered, or its registration ended (unregister, closed WebSocket, expiry)",
        body: sipRegistrationBodySchema,
      },
    },
    async (request, reply) => {
      const user = await directory.userOfExtension(request.body.extension);
      if (!user) return line(reply, 'ignored');
      await engine.phoneRegistered(user.id, request.body.registered);
      return line(reply, 'ok');
    },
  );

  app.post(
    '/api/telephony/sip/park',
    {
      config,
      schema: {
        tags,
        summary: "The ringing agent's branch failed: the caller waits parked until the engine offers the call again",
        body: sipParkBodySchema,
      },
    },
    async (request, reply) => {
      const { call_id: callId, sip_call_id: sipCallId, offer } = request.body;
      if (callId === '') return line(reply, 'reject 480 Unknown_call', 404);
      await legs.parked(callId, sipCallId, offer);
      // The phone failed the offer itself (an error reply, or no contact to ring): missed now, not at its timeout.
      if (request.body.status !== 487) await missUnreachable(callId, offer, request.body.status);
      // Whichever comes second of this park and the engine's next offer continues the caller (ring reads the park).
      const current = await directory.offerOf(callId);
      if (current === 'ended') {
        setImmediate(() => telephony.release(callId, 'abandoned'));
      } else if (current !== null && current.offer !== offer) {
        // Offered again already (the sweep misses and re-routes in one pass): continue once Kamailio has parked.
        setImmediate(() => void telephony.continueParked(callId));
      }
      // Otherwise the caller waits parked for the engine: the offer (or a transfer's ring) that failed is missed once
      // its time is up, and the call offered to the next free agent.
      return line(reply, 'parked');
    },
  );

  /** The engine hears of an agent's phone answering; its answer to Kamailio ('ok', or 'ignored' for no call). */
  async function answered(body: z.output<typeof sipAnsweredBodySchema>): Promise<'ok' | 'ignored'> {
    const { call_id: callId, sip_call_id: sipCallId, h_entry, h_id } = body;
    if (callId === '') return 'ignored';
    await legs.answered(callId, sipCallId, h_entry, h_id);
    if (body.offer === 'out') {
      // The client answered the agent's outbound call (the agent's page reports it too; the second is a no-op).
      await engine.calleeAnswered(callId).catch(settled);
      return 'ok';
    }
    const rang = Number(/^(\d+)\./.exec(body.offer)?.[1] ?? Number.NaN);
    const call = await directory.callState(callId);
    if (call && Number.isInteger(rang) && rang !== call.agent_id && ['queued', 'offered'].includes(call.status ?? '')) {
      // The answer crossed the cancel of an offer the engine had taken back: the caller talks to that agent.
      try {
        await engine.answeredLate(callId, rang);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // Nobody the centre knows of can have this call: hang the late phone and the caller up.
        telephony.release(callId, 'restart');
      }
      return 'ok';
    }
    const agent = await directory.agentOfCall(callId);
    if (agent) await engine.flow(agent, Number(callId), 'talk').catch(settled);
    return 'ok';
  }

  app.post(
    '/api/telephony/sip/answered',
    { config, schema: { tags, summary: "The agent's phone answered the call", body: sipAnsweredBodySchema } },
    async (request, reply) => {
      const answer = await answered(request.body);
      // Once the engine has the answer (the agent on the call is then known): recorded if its campaign records calls.
      if (answer === 'ok') {
        const { call_id: callId, sip_call_id: sipCallId } = request.body;
        recordings
          .legAnswered(callId, sipCallId)
          .catch((error: unknown) => app.log.error({ err: error, callId }, 'recording not started'));
      }
      return line(reply, answer);
    },
  );

  app.post(
    '/api/telephony/sip/hangup',
    { config, schema: { tags, summary: 'A BYE ended an answered call', body: sipHangupBodySchema } },
    async (request, reply) => {
      const { call_id: callId, sip_call_id: sipCallId, by } = request.body;
      if (callId === '') return line(reply, 'ignored');
      // The BYE of a dialog the call has left (the first agent's leg after a transfer) ends nothing.
      if (sipCallId !== undefined && (await legs.retired(callId, sipCallId))) return line(reply, 'ignored');
      if (by === 'caller') {
        await engine.callerHungUp(callId).catch(settled);
      } else {
        const agent = await directory.agentOfCall(callId);
        if (agent) await engine.endCall(agent, Number(callId)).catch(settled);
      }
      await legs.forget(callId);
      return line(reply, 'ok');
    },
  );

  app.post(
    '/api/telephony/sip/unanswered',
    {
      config,
      schema: {
        tags,
        summary: "The client of an agent's outbound call did not answer (busy, no answer, unreachable)",
        body: sipUnansweredBodySchema,
      },
    },
    async (request, reply) => {
      const { call_id: callId } = request.body;
      if (callId === '') return line(reply, 'ignored');
      await engine.calleeUnanswered(callId).catch(settled);
      await legs.forget(callId);
      return line(reply, 'ok');
    },
  );

  app.post(
    '/api/telephony/sip/left',
    { config, schema: { tags, summary: 'The caller cancelled before an agent answered', body: sipLeftBodySchema } },
    async (request, reply) => {
      const { sip_call_id: sipCallId } = request.body;
      // Not yet named: noted (the arrival then abandons it), unless another process named it meanwhile.
      const callId = request.body.call_id || (await legs.leftEarly(sipCallId));
      if (!callId) return line(reply, 'ok');
      await engine.callerLeaves(callId).catch(settled);
      await legs.forget(callId);
      return line(reply, 'ok');
    },
  );

  app.post(
    '/api/telephony/sip/transfer',
    {
      config,
      schema: {
        tags,
        summary: "The agent's phone transfers the call (REFER): the target agent must be free (409 otherwise)",
        body: sipTransferBodySchema,
      },
    },
    async (request, reply) => {
      const { call_id: callId, refer_to: referTo } = request.body;
      const extension = /sip:([^@;>]+)@/.exec(referTo)?.[1];
      if (callId === '' || !extension) return line(reply, 'reject 400 Bad_Refer-To', 400);
      const target = await directory.userOfExtension(withoutTransferPrefix(decodeURIComponent(extension)));
      if (!target) return line(reply, 'reject 404 No_such_extension', 404);
      const from = await directory.agentOfCall(callId);
      try {
        await engine.transfer(callId, target.id);
      } catch (error) {
        if (error instanceof AppError)
          return line(reply, `reject ${error.status} ${error.message.replaceAll(' ', '_')}`, error.status);
        throw error;
      }
      await legs.transferring(callId, target.extension);
      if (from) transferred(callId, from.id);
      return line(reply, 'ok');
    },
  );

  app.post(
    '/api/telephony/sip/device',
    {
      config,
      schema: {
        tags,
        summary: "A desk phone's REGISTER: 'device <ha1> <extension>' for its username, or 'unknown'",
        body: sipDeviceBodySchema,
      },
    },
    async (request, reply) => line(reply, await deskPhones.credentialsOf(request.body.username)),
  );

  app.post(
    '/api/telephony/sip/device_registered',
    {
      config,
      schema: {
        tags,
        summary: "A desk phone's REGISTER was accepted (its last registration and contact, for revoking it)",
        body: sipDeviceRegisteredBodySchema,
      },
    },
    async (request, reply) => {
      await deskPhones.registered(request.body.username, request.body.contact, new Date());
      return line(reply, 'ok');
    },
  );
};
