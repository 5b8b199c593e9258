import {
  type AgentCallType,
  allowedTransitions,
  billingOf,
  type CallMove,
  type CallState,
  canHaveStatus,
  DIAL_TIMEOUT_MS,
  isLiveStatus,
  type LiveStatusId,
  liveStatus,
  moveCall,
  OFFER_TIMEOUT_MS,
  refusedTransition,
  statusTitle,
} from '@shiftline/shared';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.js';
import { AppError, conflict, forbidden, invalidField, notFound } from '../../plugins/errors.js';
import { queueCallsForRollups } from '../../rollups/index.js';
import type { Realtime } from '../realtime/index.js';
import { type AgentStatesRepository, createAgentStatesRepository, type OpenState } from './agentStates.repository.js';
import { type CallRow, type CallsRepository, createCallsRepository } from './calls.repository.js';
import { createLiveEvents, type LiveEvents } from './liveEvents.js';
import { announceColdCalls } from './outbound.js';
import type { Telephony } from './telephony.js';

export type CallEngineDeps = {
  db: Kysely<Database>;
  realtime: Realtime;
  telephony: Telephony;
  /** The clock; tests pin it. */
  now?: () => number;
  log: { warn: (object: object, message: string) => void };
};

/** The transaction's handle (for the rollups' upkeep) and its repositories. */
type Repositories = { handle: Kysely<Database>; calls: CallsRepository; states: AgentStatesRepository };
/** What a transaction did, announced once it has committed. */
type Outcome = { events: LiveEvents; after: (() => void)[] };

export type Agent = Pick<UserRow, 'id' | 'role' | 'agent_call_type'>;

const statusOf = (open: OpenState | null): LiveStatusId =>
  open && isLiveStatus(open.state) ? open.state : 'logged_out';

const seconds = (from: Date, to: Date) => Math.max(0, Math.round((to.getTime() - from.getTime()) / 1000));

/**
 * The live call engine: agent statuses and calls move here and only here, each move in one transaction that locks
 * the call (first) and the agent's open state row (second), so any number of app processes can route at once. The
 * database decides: no in-memory map says who is free. Events go out after the commit.
 */
export function createCallEngine(deps: CallEngineDeps) {
  const { db } = deps;
  const now = () => new Date(deps.now?.() ?? Date.now());
  const bind = (handle: Kysely<Database>): Repositories => ({
    handle,
    calls: createCallsRepository(handle),
    states: createAgentStatesRepository(handle),
  });
  const read = bind(db);

  /** Runs `work` in a transaction, then sends what it recorded. */
  async function move<T>(work: (repos: Repositories, outcome: Outcome) => Promise<T>): Promise<T> {
    const outcome: Outcome = { events: createLiveEvents(deps.realtime, db, deps.log), after: [] };
    const result = await db.transaction().execute((trx) => work(bind(trx), outcome));
    outcome.events.flush();
    for (const then of outcome.after) then();
    return result;
  }

  /** Applies a call move from the state machine or refuses it with the machine's reason (409, nothing changed). */
  function check(call: CallRow, step: CallMove): CallState {
    const from = (call.status ?? (call.abandoned ? 'abandoned' : 'ended')) as CallState;
    const result = moveCall(from, step);
    if ('refused' in result) throw conflict(result.refused, { call_id: result.refused });
    return result.to;
  }

  /** Puts a locked call into an agent's hands: the call rings, the agent goes from `agentState` to ringing. */
  async function offer(repos: Repositories, outcome: Outcome, call: CallRow, agentState: OpenState, at: Date) {
    const to = check(call, 'offer');
    const updated = await repos.calls.update(call.id, { status: to, agent_id: agentState.user_id, offered_at: at });
    outcome.events.call(updated, call.status);
    outcome.events.state(
      await repos.states.change(agentState.user_id, agentState, 'ringing', at, {
        campaignId: call.campaign_id,
        callId: call.id,
      }),
    );
    outcome.after.push(() => deps.telephony.ring(call.id, agentState.user_id));
  }

  /** Offers the oldest waiting call of the campaign to its longest-idle ready agent; false when either is missing. */
  async function routeOnce(campaignId: number): Promise<boolean> {
    return move(async (repos, outcome) => {
      const call = await repos.calls.takeOldestQueued([campaignId]);
      if (!call) return false;
      const agent = await repos.states.takeLongestIdle(campaignId);
      if (!agent) return false;
      await offer(repos, outcome, call, agent, now());
      return true;
    });
  }

  /** Routes the campaign's queue until it is empty or nobody is ready. */
  async function route(campaignId: number): Promise<number> {
    let offered = 0;
    while (await routeOnce(campaignId)) offered += 1;
    return offered;
  }

  /** An agent became ready: the oldest call waiting in their campaigns comes to them. */
  async function routeAgent(userId: number): Promise<boolean> {
    return move(async (repos, outcome) => {
      const state = await repos.states.lockCurrent(userId);
      if (state?.state !== 'ready') return false;
      const call = await repos.calls.takeOldestQueued(await repos.calls.enabledCampaignsOf(userId));
      if (!call) return false;
      await offer(repos, outcome, call, state, now());
      return true;
    });
  }

  /** The call's agent is now in `state` (after a call move), their open row closed in the same transaction. */
  async function agentTo(repos: Repositories, outcome: Outcome, agentId: number, state: LiveStatusId, call: CallRow) {
    const open = await repos.states.lockCurrent(agentId);
    outcome.events.state(
      await repos.states.change(agentId, open, state, now(), { campaignId: call.campaign_id, callId: call.id }),
    );
  }

  /** Locks a call the agent holds, or refuses (404 unknown, 403 someone else's). */
  async function agentsCall(repos: Repositories, agent: Agent, callId: number | string): Promise<CallRow> {
    const call = await repos.calls.lock(callId);
    if (!call) throw notFound('No such call.');
    if (call.agent_id !== agent.id) {
      throw forbidden(call.status === 'offered' ? 'This call is offered to another agent.' : 'This is not your call.');
    }
    return call;
  }

  /** Ends the line of a connected call: talk and hold time are settled, the agent goes to after-call work. */
  async function hangUpLocked(
    repos: Repositories,
    outcome: Outcome,
    call: CallRow,
    by: 'agent' | 'caller',
    at: Date,
  ): Promise<CallRow> {
    const to = check(call, 'hangUp');
    const holdSeconds = call.hold_seconds + (call.hold_started_at ? seconds(call.hold_started_at, at) : 0);
    const connected = call.answered_at ? seconds(call.answered_at, at) : 0;
    const talkSeconds = Math.max(0, connected - holdSeconds);
    const { billed, billedSeconds } = billingOf({ answered: call.answered_at !== null, talkSeconds, holdSeconds });
    const updated = await repos.calls.update(call.id, {
      status: to,
      hung_up_at: at,
      hold_started_at: null,
      hold_seconds: holdSeconds,
      talk_seconds: talkSeconds,
      billed,
      billed_seconds: billedSeconds,
      agent_disconnected: by === 'agent',
    });
    outcome.events.call(updated, call.status);
    if (call.agent_id !== null) await agentTo(repos, outcome, call.agent_id, 'after_call_work', call);
    outcome.after.push(() => deps.telephony.release(call.id, by));
    return updated;
  }

  /** Closes a call in after-call work: it has ended and counts in the rollups from now. */
  async function closeLocked(repos: Repositories, outcome: Outcome, call: CallRow): Promise<CallRow> {
    const to = check(call, 'close');
    const updated = await repos.calls.update(call.id, { status: to, ended_at: call.hung_up_at ?? now() });
    await queueCallsForRollups(repos.handle, [call.id]);
    outcome.events.call(updated, call.status);
    return updated;
  }

  return {
    /** GET /api/status/get_current_status_info */
    async statusInfo(agent: Agent) {
      const open = await read.states.current(agent.id);
      const status = statusOf(open);
      const startedAt = open?.start_at ?? (await read.states.lastEnd(agent.id)) ?? now();
      const definition = liveStatus(status);
      // Technical issues keeps the phone as the status before it had it (spec §4).
      const before =
        status === 'technical_issues' && open ? await read.states.stateBefore(agent.id, open.start_at) : null;
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
      await move(async (repos, outcome) => {
        let afterCall: CallRow | null = null;
        const liveCallId = body.call_id ?? (await repos.calls.liveCallOf(agent.id));
        if (liveCallId !== null) {
          const call = await repos.calls.lock(liveCallId);
          if (!call) throw notFound('No such call.');
          if (call.agent_id !== agent.id) throw forbidden('This is not your call.');
          if (call.status === 'after_call') afterCall = call;
          else if (body.call_id != null) check(call, 'close');
        }
        const open = await repos.states.lockCurrent(agent.id);
        const from = statusOf(open);
        const refused = refusedTransition(from, to, agent.agent_call_type as AgentCallType | null);
        if (refused) throw conflict(refused.reason, { status_name: refused.reason });
        if (afterCall) await closeLocked(repos, outcome, afterCall);
        outcome.events.state(await repos.states.change(agent.id, open, to, now()));
      });
      if (to === 'ready') await routeAgent(agent.id);
    },

    /**
     * A call reaches the centre (the telephony adapter, or the simulator, calls this): it is queued for its
     * campaign and offered at once if someone is ready.
     */
    async arrive(input: {
      campaignId: number;
      callerPhone: string;
      did?: string | null;
      statsSourceId?: number | null;
      callback?: { voiceMail: boolean } | null;
    }): Promise<CallRow> {
      const { queued, newCallWaits } = await move(async (repos, outcome) => {
        const campaign = await repos.calls.campaign(input.campaignId);
        if (!campaign) throw invalidField('campaign_id', 'is not a campaign');
        if (campaign.type !== 'inbound' || campaign.archived || !campaign.active) {
          throw conflict(`${campaign.name} takes no inbound calls.`, { campaign_id: 'takes no inbound calls' });
        }
        const clientId = await repos.calls.clientFor(input.callerPhone);
        const inserted = await repos.calls.insertQueued({
          campaignId: input.campaignId,
          clientId,
          did: input.did ?? null,
          statsSourceId: input.statsSourceId ?? null,
          queuedAt: now(),
          callbackRequested: input.callback != null,
          voiceMail: input.callback?.voiceMail ?? false,
        });
        outcome.events.call(inserted, null);
        if (input.callback) outcome.events.callback(inserted, false);
        // Routed in the same transaction: the oldest waiting call of the campaign (this one, unless older ones wait)
        // goes to the longest-idle ready agent, with no second transaction between a caller and a free agent.
        const oldest = await repos.calls.takeOldestQueued([input.campaignId]);
        const agent = oldest ? await repos.states.takeLongestIdle(input.campaignId) : null;
        if (oldest && agent) await offer(repos, outcome, oldest, agent, now());
        return { queued: inserted, newCallWaits: agent !== null && oldest?.id !== inserted.id };
      });
      // An older call took the free agent: the new one may find another.
      if (newCallWaits) await route(queued.campaign_id);
      return queued;
    },

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

    /**
     * A transfer (the agent's phone sent REFER, blind or warm): the connected call moves to the target agent, whose
     * phone rings while the caller stays connected (on call once it answers); the first agent goes to after-call
     * work. The target must be Ready (409 naming target otherwise). Hold time so far is settled. One transaction.
     */
    async transfer(callId: number | string, targetId: number): Promise<CallRow> {
      return move(async (repos, outcome) => {
        const call = await repos.calls.lock(callId);
        if (!call) throw notFound('No such call.');
        if (call.status !== 'talking' && call.status !== 'on_hold') {
          throw conflict('Only a connected call can be transferred.', { call_id: 'is not connected' });
        }
        if (call.agent_id === null || call.agent_id === targetId) {
          throw conflict('The call is already with this agent.', { target: 'already has the call' });
        }
        // Agents' rows in id order, as every transaction touching two agents takes them.
        const [first, second] = [call.agent_id, targetId].sort((a, b) => a - b) as [number, number];
        const locked = new Map([
          [first, await repos.states.lockCurrent(first)],
          [second, await repos.states.lockCurrent(second)],
        ]);
        const target = locked.get(targetId) ?? null;
        if (target?.state !== 'ready') {
          const reason = `is ${statusTitle(statusOf(target)).toLowerCase()}, not ready`;
          throw conflict(`The agent you transfer to ${reason}.`, { target: reason });
        }
        const at = now();
        const resumed = call.status === 'on_hold' ? check(call, 'unhold') : call.status;
        const updated = await repos.calls.update(call.id, {
          status: resumed,
          agent_id: targetId,
          hold_seconds: call.hold_seconds + (call.hold_started_at ? seconds(call.hold_started_at, at) : 0),
          hold_started_at: null,
        });
        outcome.events.call(updated, call.status);
        const context = { campaignId: call.campaign_id, callId: call.id };
        outcome.events.state(
          await repos.states.change(call.agent_id, locked.get(call.agent_id) ?? null, 'after_call_work', at, context),
        );
        outcome.events.state(await repos.states.change(targetId, target, 'ringing', at, context));
        return updated;
      });
    },

    /**
     * The phone of an agent whose offer had been taken back answered anyway (its answer crossed the cancel): the caller
     * talks to that agent, so the call becomes theirs, answered now. Meanwhile the call may have gone back to the queue
     * or been offered to someone else, who goes back to Ready. Refused (409) when that agent is on another call.
     */
    async answeredLate(callId: number | string, agentId: number): Promise<CallRow> {
      const { updated, freed } = await move(async (repos, outcome) => {
        const call = await repos.calls.lock(callId);
        if (!call) throw notFound('No such call.');
        if (call.status !== 'queued' && call.status !== 'offered') {
          throw conflict('The call is no longer waiting.', { call_id: 'is not waiting' });
        }
        const open = await repos.states.lockCurrent(agentId);
        const busy = ['ringing', 'on_call', 'on_hold', 'after_call_work'];
        if (open && busy.includes(open.state) && open.call_id !== call.id) {
          throw conflict('That agent is on another call.', { agent_id: 'is on another call' });
        }
        const at = now();
        const offered = call.status === 'queued' ? { ...call, status: check(call, 'offer') } : call;
        const result = await repos.calls.update(call.id, {
          status: check(offered, 'answer'),
          agent_id: agentId,
          answered_at: at,
          queue_seconds: seconds(call.queued_at, at),
          offered_at: null,
        });
        outcome.events.call(result, call.status);
        const context = { campaignId: call.campaign_id, callId: call.id };
        outcome.events.state(await repos.states.change(agentId, open, 'on_call', at, context));
        const other = call.status === 'offered' && call.agent_id !== agentId ? call.agent_id : null;
        if (other !== null) await agentTo(repos, outcome, other, 'ready', call);
        outcome.after.push(() => deps.telephony.connect(call.id, agentId));
        return { updated: result, freed: other };
      });
      if (freed !== null) await routeAgent(freed);
      return updated;
    },

    /** The agent's phone reports a call-flow step (POST /api/inquiries/call_data): talk answers or resumes, hold holds. */
    async flow(agent: Agent, callId: number, flowStatus: 'ring' | 'talk' | 'hold' | 'mute') {
      // An outbound call's phone reports the client picking up (the SIP softphone dials from the browser).
      const dialled = await read.calls.find(callId);
      if (flowStatus === 'talk' && dialled?.status === 'dialling' && dialled.agent_id === agent.id) {
        await this.calleeAnswered(callId);
        return;
      }
      await move(async (repos, outcome) => {
        const call = await agentsCall(repos, agent, callId);
        const at = now();
        if (flowStatus === 'talk' && call.status === 'offered') {
          const updated = await repos.calls.update(call.id, {
            status: check(call, 'answer'),
            answered_at: at,
            queue_seconds: seconds(call.queued_at, at),
            offered_at: null,
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
        await this.calleeUnanswered(callId, { agent });
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
     * back to ready and may get the next call).
     */
    async abandon(callId: number | string, reason: 'caller' | 'restart' = 'caller') {
      const ringingAgent = await move(async (repos, outcome) => {
        const call = await repos.calls.lock(callId);
        if (!call) throw notFound('No such call.');
        const to = check(call, 'abandon');
        const at = now();
        const updated = await repos.calls.update(call.id, {
          status: to,
          abandoned: true,
          ended_at: at,
          queue_seconds: seconds(call.queued_at, at),
          offered_at: null,
          end_reason: reason === 'restart' ? 'restart' : null,
        });
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
     * Offers that rang too long go back to the queue (their agents to not ready); outbound calls nobody answered end
     * unanswered; waiting queues are routed.
     */
    async sweep(): Promise<{ missed: number; offered: number; unanswered: number }> {
      let unanswered = 0;
      for (const callId of await read.calls.ringingSince('dialling', new Date(now().getTime() - DIAL_TIMEOUT_MS))) {
        // The network may have ended it meanwhile: that is its answer, not an error.
        const ended = await this.calleeUnanswered(callId).catch((error: unknown) => {
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
          outcome.events.call(updated, call.status);
          await agentTo(repos, outcome, call.agent_id, 'not_ready_automatic', call);
          outcome.after.push(() => deps.telephony.release(call.id, 'missed'));
          return true;
        });
        if (done) missed += 1;
      }
      let offered = 0;
      for (const campaignId of await read.calls.campaignsWithQueuedCalls()) offered += await route(campaignId);
      return { missed, offered, unanswered };
    },

    /**
     * An outbound call (a cold call, or a redial): the agent, in Outbound Sales Calls and on no call, dials the client
     * of an outbound campaign. The call is dialling and the agent ringing until the client picks up (calleeAnswered)
     * or not (calleeUnanswered). `closing` names the agent's call in after-call work to close first (a redial from
     * the after-call form); `within` runs in the same transaction with the new call (the cold-call list's writes).
     */
    async dial(
      agent: Agent,
      input: { campaignId: number; clientId: number; phone: string; closing?: number | null },
      within?: (handle: Kysely<Database>, call: CallRow) => Promise<void>,
    ): Promise<CallRow> {
      if (!deps.telephony.dial) throw conflict('This phone network places no outbound calls.');
      return move(async (repos, outcome) => {
        let closed = false;
        if (input.closing != null) {
          const previous = await agentsCall(repos, agent, input.closing);
          if (previous.status === 'after_call') {
            await closeLocked(repos, outcome, previous);
            closed = true;
          }
        }
        const campaign = await repos.calls.campaign(input.campaignId);
        if (!campaign) throw invalidField('campaign_id', 'is not a campaign');
        if (campaign.type !== 'outbound' || campaign.archived || !campaign.active) {
          throw conflict(`${campaign.name} makes no outbound calls.`, { campaign_id: 'makes no outbound calls' });
        }
        const open = await repos.states.lockCurrent(agent.id);
        const from = statusOf(open);
        if (from !== 'outbound_sales_calls' && !(closed && from === 'after_call_work')) {
          throw conflict(
            `Change to ${statusTitle('outbound_sales_calls')} to make calls (you are ${statusTitle(from)}).`,
          );
        }
        if ((await repos.calls.liveCallOf(agent.id)) !== null) throw conflict('You are already on a call.');
        const at = now();
        const call = (await repos.handle
          .insertInto('calls')
          .values({
            campaign_id: campaign.id,
            direction: 'outbound',
            client_id: input.clientId,
            agent_id: agent.id,
            queued_at: at,
            offered_at: at,
            status: 'dialling',
            cold_call: true,
          })
          .returningAll()
          .executeTakeFirstOrThrow()) as CallRow;
        outcome.events.call(call, null);
        outcome.events.state(
          await repos.states.change(agent.id, open, 'ringing', at, { campaignId: campaign.id, callId: call.id }),
        );
        if (within) await within(repos.handle, call);
        outcome.after.push(() => {
          announceColdCalls(deps.realtime, call, input.phone);
          deps.telephony.dial?.(call.id, agent.id, input.phone);
        });
        return call;
      });
    },

    /** The dialled client picked up (telephony): the call is in progress, the agent on call. */
    async calleeAnswered(callId: number | string): Promise<CallRow> {
      return move(async (repos, outcome) => {
        const call = await repos.calls.lock(callId);
        if (!call) throw notFound('No such call.');
        const at = now();
        const updated = await repos.calls.update(call.id, {
          status: check(call, 'calleeAnswers'),
          answered_at: at,
          // An outbound call's wait is the time it rang the client.
          queue_seconds: seconds(call.queued_at, at),
          offered_at: null,
        });
        outcome.events.call(updated, call.status);
        if (call.agent_id !== null) {
          await agentTo(repos, outcome, call.agent_id, 'on_call', call);
          const agentId = call.agent_id;
          outcome.after.push(() => deps.telephony.connect(call.id, agentId));
        }
        outcome.after.push(() => announceColdCalls(deps.realtime, updated));
        return updated;
      });
    },

    /**
     * The dialled client did not pick up (telephony: 'no_answer'), or the agent gave up dialling ('agent'; refused
     * for anyone but the call's agent): the call ends unanswered and the agent is back in Outbound Sales Calls.
     */
    async calleeUnanswered(
      callId: number | string,
      by: { agent: Agent } | 'no_answer' = 'no_answer',
    ): Promise<CallRow> {
      return move(async (repos, outcome) => {
        const call = by === 'no_answer' ? await repos.calls.lock(callId) : await agentsCall(repos, by.agent, callId);
        if (!call) throw notFound('No such call.');
        const at = now();
        const updated = await repos.calls.update(call.id, {
          status: check(call, 'unanswered'),
          hung_up_at: at,
          ended_at: at,
          offered_at: null,
          queue_seconds: seconds(call.queued_at, at),
          agent_disconnected: by !== 'no_answer',
          end_reason: by === 'no_answer' ? 'no_answer' : 'cancelled',
        });
        await queueCallsForRollups(repos.handle, [call.id]);
        outcome.events.call(updated, call.status);
        if (call.agent_id !== null) await agentTo(repos, outcome, call.agent_id, 'outbound_sales_calls', call);
        outcome.after.push(() => {
          deps.telephony.release(call.id, by === 'no_answer' ? 'unanswered' : 'agent');
          announceColdCalls(deps.realtime, updated);
        });
        return updated;
      });
    },
  };
}

export type CallEngine = ReturnType<typeof createCallEngine>;
