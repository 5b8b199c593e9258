import {
  type AgentCallType,
  allowedTransitions,
  BLOCK_REASON_LABELS,
  blockedArrivalMessage,
  canHaveStatus,
  closedCampaignMessage,
  DIAL_TIMEOUT_MS,
  isLiveStatus,
  type LiveStatusId,
  liveStatus,
  OFFER_TIMEOUT_MS,
  refusedTransition,
  statusTitle,
} from '@shiftline/shared';
import { AppError, conflict, forbidden, invalidField, notFound } from '../../plugins/errors.js';
import { queueCallsForRollups } from '../../rollups/index.js';
import { createAgentTurns } from './agentTurns.js';
import { type ArrivalRefusal, type ArrivalTarget, refuseArrival } from './arrivalRefusal.js';
import type { Arrival, CallRow } from './calls.repository.js';
import { refuseClosingWithoutCallback } from './campaignCatalog.js';
import { type Agent, type CallEngineDeps, createEngineCore, seconds, statusOf } from './engineCore.js';
import { outboundMoves } from './outboundMoves.js';
import { phoneMoves } from './phoneMoves.js';
import { transferMoves } from './transferMoves.js';

export type { Agent, CallEngineDeps } from './engineCore.js';

/** A new call offered as it arrived: to whom (their phone's extension) and when (the offer's time). */
export type ArrivalOffer = { agentId: number; extension: string | null; at: Date | null };
/** The call an arrival queued, and the offer made of it at once, if any. */
export type Arrived = CallRow & { offeredTo: ArrivalOffer | null };

/**
 * The live call engine: agent statuses and calls move here and only here, each move in one transaction that locks
 * the call (first) and the agent's open state row (second), so any number of app processes can route at once. The
 * database decides: no in-memory map says who is free. Events go out after the commit.
 */
export function createCallEngine(deps: CallEngineDeps) {
  const core = createEngineCore(deps);
  const {
    now,
    read,
    move,
    once,
    check,
    offered,
    offer,
    route,
    routeAgent,
    agentTo,
    answerFields,
    lineEndFields,
    agentsCall,
    hangUpLocked,
    closeLocked,
  } = core;
  const outbound = outboundMoves(core);
  const transfers = transferMoves(core);
  const phones = phoneMoves(core);
  const inTurn = createAgentTurns();

  /**
   * An arrival made by an adapter's own statement around call_arrives (the SIP adapter names the caller's INVITE in
   * it: one round trip from the question to the answer), with what that statement adds (`extra`); what is no
   * arrival (`other`) comes back as it is.
   */
  async function arriveThrough<Extra extends object, Other extends object = never>(
    statement: (at: Date) => Promise<{ arrival: Arrival; extra: Extra } | { other: Other }>,
  ): Promise<{ call: Arrived; extra: Extra } | { other: Other }> {
    const result = await once(async (_, outcome) => {
      const made = await statement(now());
      if ('other' in made || 'refused' in made.arrival) return made;
      const { queued, offered: offer } = made.arrival;
      outcome.events.call(queued, null);
      if (queued.callback_requested) outcome.events.callback(queued, false);
      if (offer) offered(outcome, offer);
      return made;
    });
    if ('other' in result) return result;
    const { arrival, extra } = result;
    if ('refused' in arrival) {
      if (arrival.refused === 'no_campaign') throw invalidField('campaign_id', 'is not a campaign');
      throw conflict(`${arrival.name} takes no inbound calls.`, { campaign_id: 'takes no inbound calls' });
    }
    const { queued, offered: made } = arrival;
    const offeredThis = made !== null && made.call.id === queued.id;
    // An older call took the free agent: the new one may find another.
    if (made !== null && !offeredThis) await route(queued.campaign_id);
    const offeredTo = offeredThis
      ? { agentId: made.change.opened.user_id, extension: made.change.agent.extension, at: made.call.offered_at }
      : null;
    return { call: { ...queued, offeredTo }, extra };
  }

  /**
   * A call from a blocked number, or to a campaign outside its working hours, logged as refused before it queues;
   * null (nothing written) for any other.
   */
  const refuseBefore = (arrival: { target: ArrivalTarget; caller: string; did: string | null }) =>
    refuseArrival(deps.db, { ...arrival, at: now() });

  /** The simulated network's answer to a refused arrival (409 naming why). */
  function refusedArrivalError(refusal: ArrivalRefusal, callerPhone: string): AppError {
    if (refusal.reason === 'closed') {
      const { name, hours } = refusal.campaign;
      return conflict(closedCampaignMessage(name, hours, now().getTime()), { campaign_id: 'is closed now' });
    }
    const message = blockedArrivalMessage(callerPhone, refusal.reason);
    return conflict(message, { caller_phone: BLOCK_REASON_LABELS[refusal.reason] });
  }

  /** The agent's chosen status, in their turn: one transaction (see setStatus). */
  function setStatusInTurn(agent: Agent, to: LiveStatusId, callId: number | null | undefined) {
    return move(async (repos, outcome) => {
      let afterCall: CallRow | null = null;
      let passedOn: CallRow | null = null;
      const liveCallId = callId ?? (await repos.calls.liveCallOf(agent.id));
      if (liveCallId !== null) {
        const call = await repos.calls.lock(liveCallId);
        if (!call) throw notFound('No such call.');
        // A call the agent transferred away: closing their form ends only their part (checked with their row below).
        if (call.agent_id !== agent.id) passedOn = call;
        else if (call.status === 'after_call') afterCall = call;
        else if (callId != null) check(call, 'close');
      }
      const open = await repos.states.lockCurrent(agent.id);
      if (passedOn && (open?.state !== 'after_call_work' || String(open.call_id) !== String(passedOn.id))) {
        throw forbidden('This is not your call.');
      }
      const from = statusOf(open);
      const refused = refusedTransition(from, to, agent.agent_call_type as AgentCallType | null);
      if (refused) throw conflict(refused.reason, { status_name: refused.reason });
      if (afterCall) {
        await refuseClosingWithoutCallback(repos.handle, afterCall);
        await closeLocked(repos, outcome, afterCall);
      }
      const given = await phones.phoneGate(repos, agent.id, to);
      outcome.events.state(await repos.states.change(agent.id, open, given, now()));
    });
  }

  return {
    /** GET /api/status/get_current_status_info */
    async statusInfo(agent: Agent) {
      const open = await read.states.current(agent.id);
      const status = statusOf(open);
      const startedAt = open?.start_at ?? (await read.states.lastEnd(agent.id)) ?? now();
      const definition = liveStatus(status);
      // Technical issues keeps the phone as the status before it had it (spec §4), or as the status it waits to give
      // back once the phone registers (the phone must keep registering for that).
      const before =
        status === 'technical_issues' && open
          ? ((await phones.waitingFor(agent.id)) ?? (await read.states.stateBefore(agent.id, open.start_at)))
          : null;
      const sipRegister =
        before !== null && isLiveStatus(before) ? liveStatus(before).sipRegister : definition.sipRegister;
      const callId =
        open?.call_id && ['ringing', 'on_call', 'on_hold', 'after_call_work'].includes(status) ? open.call_id : null;
      return {
        status: {
          name: status,
          title: statusTitle(status),
          icon: definition.icon,
          bgc: definition.bgc,
          timer: seconds(startedAt, now()),
          status_start_at: startedAt.toISOString(),
          sip_register: sipRegister,
        },
        status_transitions: canHaveStatus(agent.role)
          ? allowedTransitions(status, agent.agent_call_type as AgentCallType | null).map((id) => {
              const next = liveStatus(id);
              return { name: id, title: statusTitle(id), icon: next.icon, bgc: next.bgc, priority: next.priority };
            })
          : [],
        call_id: callId === null ? null : Number(callId),
      };
    },

    /**
     * POST /api/status/set_new_status: the agent chooses a status. From after-call work it also closes the call
     * (the after-call form's Close). Refused, with the reason under status_name, when the move is not offered.
     */
    async setStatus(agent: Agent, body: { status_name: string; call_id?: number | null }) {
      if (!canHaveStatus(agent.role)) throw forbidden('Your role has no agent status.');
      const to = body.status_name as LiveStatusId;
      await inTurn(agent.id, () => setStatusInTurn(agent, to, body.call_id));
      if (to === 'ready') await routeAgent(agent.id);
    },

    /**
     * A call reaches the centre (the telephony adapter, or the simulator, calls this): it is queued for its
     * campaign and offered at once if someone is ready, in one statement (call_arrives).
     */
    async arrive(input: {
      campaignId: number;
      callerPhone: string;
      did?: string | null;
      statsSourceId?: number | null;
      callback?: { voiceMail: boolean } | null;
    }): Promise<Arrived> {
      // A blocked number's call, or one outside the campaign's hours, is logged and never queues; the simulated
      // network hears why (409).
      const refusal = await refuseBefore({
        target: { campaignId: input.campaignId },
        caller: input.callerPhone,
        did: input.did ?? null,
      });
      if (refusal) throw refusedArrivalError(refusal, input.callerPhone);
      const made = await arriveThrough(async (at) => ({
        arrival: await read.calls.arrive({
          campaignId: input.campaignId,
          callerPhone: input.callerPhone,
          did: input.did ?? null,
          statsSourceId: input.statsSourceId ?? null,
          queuedAt: at,
          callbackRequested: input.callback != null,
          voiceMail: input.callback?.voiceMail ?? false,
        }),
        extra: {},
      }));
      return (made as { call: Arrived }).call;
    },

    arriveThrough,
    refuseBefore,

    route,
    routeAgent,

    /** POST /api/inquiries/:id/pickup_call: a supervisor takes a waiting call; their phone answers it at once. */
    async pickup(agent: Agent, callId: number) {
      await move(async (repos, outcome) => {
        const call = await repos.calls.lock(callId);
        if (!call) throw notFound('No such call.');
        check(call, 'offer');
        const open = await repos.states.lockCurrent(agent.id);
        const from = statusOf(open);
        if (!open || ['ringing', 'on_call', 'on_hold', 'after_call_work', 'logged_out'].includes(from)) {
          throw conflict(`You cannot pick up a call while ${statusTitle(from)}.`);
        }
        await offer(repos, outcome, call, open, now());
      });
    },

    /** The agent's phone reports a call-flow step (POST /api/inquiries/call_data): talk answers or resumes, hold holds. */
    async flow(agent: Agent, callId: number, flowStatus: 'ring' | 'talk' | 'hold' | 'mute') {
      // An outbound call's phone reports the client picking up (the SIP softphone dials from the browser).
      const dialled = await read.calls.find(callId);
      if (flowStatus === 'talk' && dialled?.status === 'dialling' && dialled.agent_id === agent.id) {
        await outbound.calleeAnswered(callId);
        return;
      }
      await move(async (repos, outcome) => {
        const call = await agentsCall(repos, agent, callId);
        const at = now();
        if (flowStatus === 'talk' && call.status === 'offered') {
          const updated = await repos.calls.update(call.id, {
            status: check(call, 'answer'),
            ...answerFields(call, at),
          });
          outcome.events.call(updated, call.status);
          await agentTo(repos, outcome, agent.id, 'on_call', call);
          outcome.after.push(() => deps.telephony.connect(call.id, agent.id));
        } else if (flowStatus === 'talk' && call.status === 'on_hold') {
          const updated = await repos.calls.update(call.id, {
            status: check(call, 'unhold'),
            hold_seconds: call.hold_seconds + (call.hold_started_at ? seconds(call.hold_started_at, at) : 0),
            hold_started_at: null,
          });
          outcome.events.call(updated, call.status);
          await agentTo(repos, outcome, agent.id, 'on_call', call);
          outcome.after.push(() => deps.telephony.resume(call.id));
        } else if (flowStatus === 'hold') {
          const updated = await repos.calls.update(call.id, { status: check(call, 'hold'), hold_started_at: at });
          outcome.events.call(updated, call.status);
          await agentTo(repos, outcome, agent.id, 'on_hold', call);
          outcome.after.push(() => deps.telephony.hold(call.id));
        } else if (flowStatus === 'talk' && call.status === 'talking') {
          // A transferred call: the target's phone, ringing while the caller stays connected, answered.
          const open = await repos.states.lockCurrent(agent.id);
          if (open?.state === 'ringing' && open.call_id === call.id)
            await agentTo(repos, outcome, agent.id, 'on_call', call);
        } else if (flowStatus === 'talk') {
          check(call, 'answer');
        }
        // 'ring' and 'mute' change nothing the centre counts; they are acknowledged.
      });
    },

    /** POST /api/inquiries/end_call/:callId: the agent hangs up. A call already hung up is refused (409). */
    async endCall(agent: Agent, callId: number) {
      // Hanging up before the client picked up: the outbound call ends unanswered.
      if ((await read.calls.find(callId))?.status === 'dialling') {
        await outbound.calleeUnanswered(callId, { agent });
        return;
      }
      await move(async (repos, outcome) => {
        const call = await agentsCall(repos, agent, callId);
        await hangUpLocked(repos, outcome, call, 'agent', now());
      });
    },

    /** The caller leaves: a waiting or ringing call is abandoned, a connected one hung up (telephony). */
    async callerLeaves(callId: number | string) {
      const call = await read.calls.find(callId);
      if (!call) throw notFound('No such call.');
      if (call.status === 'queued' || call.status === 'offered') await this.abandon(callId);
      else await this.callerHungUp(callId);
    },

    /** The caller hung up a connected call (telephony). */
    async callerHungUp(callId: number | string) {
      await move(async (repos, outcome) => {
        const call = await repos.calls.lock(callId);
        if (!call) throw notFound('No such call.');
        await hangUpLocked(repos, outcome, call, 'caller', now());
      });
    },

    /**
     * The caller left before anyone talked to them: from the queue, or while an agent's phone rang (that agent goes
     * back to ready and may get the next call). A caller queued again after a transfer nobody took ends their
     * answered call the same way.
     */
    async abandon(callId: number | string, reason: 'caller' | 'restart' = 'caller') {
      const ringingAgent = await move(async (repos, outcome) => {
        const call = await repos.calls.lock(callId);
        if (!call) throw notFound('No such call.');
        const at = now();
        const endReason = reason === 'restart' ? 'restart' : null;
        // A caller answered before (a transfer nobody took) waiting again: the call ends answered, not abandoned.
        const updated = await repos.calls.update(
          call.id,
          call.answered_at !== null
            ? {
                status: check(call, 'hangUpWaiting'),
                ...lineEndFields(call, at),
                ended_at: at,
                offered_at: null,
                end_reason: endReason,
              }
            : {
                status: check(call, 'abandon'),
                abandoned: true,
                ended_at: at,
                queue_seconds: seconds(call.queued_at, at),
                offered_at: null,
                end_reason: endReason,
              },
        );
        await queueCallsForRollups(repos.handle, [call.id]);
        outcome.events.call(updated, call.status);
        if (call.callback_requested) outcome.events.callback(updated, true);
        if (call.status === 'offered' && call.agent_id !== null) {
          await agentTo(repos, outcome, call.agent_id, 'ready', call);
        }
        outcome.after.push(() => deps.telephony.release(call.id, 'abandoned'));
        return call.status === 'offered' ? call.agent_id : null;
      });
      if (ringingAgent !== null) await routeAgent(ringingAgent);
    },

    /**
     * Offers that rang too long go back to the queue (their agents to not ready), transfers whose target's phone rang
     * as long too; outbound calls nobody answered end unanswered; waiting queues are routed.
     */
    async sweep(): Promise<{ missed: number; offered: number; unanswered: number }> {
      let unanswered = 0;
      for (const callId of await read.calls.ringingSince('dialling', new Date(now().getTime() - DIAL_TIMEOUT_MS))) {
        // The network may have ended it meanwhile: that is its answer, not an error.
        const ended = await outbound.calleeUnanswered(callId).catch((error: unknown) => {
          if (error instanceof AppError) return null;
          throw error;
        });
        if (ended) unanswered += 1;
      }
      const expired = await read.calls.ringingSince('offered', new Date(now().getTime() - OFFER_TIMEOUT_MS));
      let missed = 0;
      for (const callId of expired) {
        const done = await move(async (repos, outcome) => {
          const call = await repos.calls.lock(callId);
          if (call?.status !== 'offered' || call.agent_id === null) return false;
          const updated = await repos.calls.update(call.id, {
            status: check(call, 'miss'),
            agent_id: null,
            offered_at: null,
            missed: true,
          });
          outcome.events.call(updated, call.status, call.agent_id);
          await agentTo(repos, outcome, call.agent_id, 'not_ready_automatic', call);
          outcome.after.push(() => deps.telephony.release(call.id, 'missed'));
          return true;
        });
        if (done) missed += 1;
      }
      const transferCutoff = new Date(now().getTime() - OFFER_TIMEOUT_MS);
      for (const callId of await read.calls.transferRingsSince(transferCutoff)) {
        if (await transfers.missTransfer(callId, transferCutoff)) missed += 1;
      }
      let offered = 0;
      for (const campaignId of await read.calls.campaignsWithQueuedCalls()) offered += await route(campaignId);
      return { missed, offered, unanswered };
    },

    phoneRegistered: phones.phoneRegistered,
    offerFailed: phones.offerFailed,

    ...outbound,
    ...transfers,
  };
}

export type CallEngine = ReturnType<typeof createCallEngine>;
