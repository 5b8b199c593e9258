import { billingOf, type CallMove, type CallState, isLiveStatus, type LiveStatusId, moveCall } from '@shiftline/shared';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.js';
import { conflict, forbidden, notFound } from '../../plugins/errors.js';
import { queueCallsForRollups } from '../../rollups/index.js';
import type { Realtime } from '../realtime/index.js';
import { type AgentStatesRepository, createAgentStatesRepository, type OpenState } from './agentStates.repository.js';
import { type CallRow, type CallsRepository, createCallsRepository, type Offered } from './calls.repository.js';
import { createLiveEvents, type LiveEvents } from './liveEvents.js';
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
export type Repositories = { handle: Kysely<Database>; calls: CallsRepository; states: AgentStatesRepository };
/** What a transaction did, announced once it has committed. */
export type Outcome = { events: LiveEvents; after: (() => void)[] };

export type Agent = Pick<UserRow, 'id' | 'role' | 'agent_call_type'>;

export const statusOf = (open: OpenState | null): LiveStatusId =>
  open && isLiveStatus(open.state) ? open.state : 'logged_out';

export const seconds = (from: Date, to: Date) => Math.max(0, Math.round((to.getTime() - from.getTime()) / 1000));

/**
 * What every move of the call engine is made of: one transaction per move (`move`) that locks the call first and the
 * agent's open state row second, the call state machine's check, and the steps several moves share (offering a
 * call, routing, putting an agent in a state, hanging up, closing). The engine's moves (callEngine.ts, and the
 * outbound and transfer moves beside it) are built on these.
 */
export function createEngineCore(deps: CallEngineDeps) {
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
    return once((_, outcome) => db.transaction().execute((trx) => work(bind(trx), outcome)));
  }

  /** Applies a call move from the state machine or refuses it with the machine's reason (409, nothing changed). */
  function check(call: CallRow, step: CallMove): CallState {
    const from = (call.status ?? (call.abandoned ? 'abandoned' : 'ended')) as CallState;
    const result = moveCall(from, step);
    if ('refused' in result) throw conflict(result.refused, { call_id: result.refused });
    return result.to;
  }

  /** Records an offer the database made (events now, the agent's phone rings after the commit). */
  function offered(outcome: Outcome, { call, oldStatus, change }: Offered) {
    outcome.events.call(call, oldStatus);
    outcome.events.state(change);
    outcome.after.push(() => deps.telephony.ring(call.id, change.opened.user_id));
  }

  /** Puts a locked call into an agent's hands: the call rings, the agent goes from `agentState` to ringing. */
  async function offer(repos: Repositories, outcome: Outcome, call: CallRow, agentState: OpenState, at: Date) {
    offered(outcome, await repos.calls.offer(call, check(call, 'offer'), agentState, at));
  }

  /**
   * A move made of one statement (the database's routing functions): atomic without a transaction around it, so
   * without the two round trips of one. Its events are sent as a transaction's are.
   */
  async function once<T>(work: (repos: Repositories, outcome: Outcome) => Promise<T>): Promise<T> {
    const outcome: Outcome = { events: createLiveEvents(deps.realtime, db, deps.log), after: [] };
    const result = await work(read, outcome);
    outcome.events.flush();
    for (const then of outcome.after) then();
    return result;
  }

  /** Offers the oldest waiting call of the campaign to its longest-idle ready agent; false when either is missing. */
  async function routeOnce(campaignId: number): Promise<boolean> {
    return once(async (repos, outcome) => {
      const made = await repos.calls.routeOnce(campaignId, now());
      if (made) offered(outcome, made);
      return made !== null;
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

  /**
   * What answering an offered call writes: the answer time and the queue time, or, for a caller answered before (a
   * transfer nobody took, queued again), the wait for this agent added to the hold time: queue time and talk time
   * stay as they were counted.
   */
  function answerFields(call: CallRow, at: Date) {
    if (call.answered_at === null)
      return { answered_at: at, queue_seconds: seconds(call.queued_at, at), offered_at: null };
    return {
      hold_seconds: call.hold_seconds + (call.hold_started_at ? seconds(call.hold_started_at, at) : 0),
      hold_started_at: null,
      offered_at: null,
    };
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

  /** The end of an answered call's line: hold and talk time settled (talk is the time connected less the hold), billing. */
  function lineEndFields(call: CallRow, at: Date) {
    const holdSeconds = call.hold_seconds + (call.hold_started_at ? seconds(call.hold_started_at, at) : 0);
    const connected = call.answered_at ? seconds(call.answered_at, at) : 0;
    const talkSeconds = Math.max(0, connected - holdSeconds);
    const { billed, billedSeconds } = billingOf({ answered: call.answered_at !== null, talkSeconds, holdSeconds });
    return {
      hung_up_at: at,
      hold_started_at: null,
      hold_seconds: holdSeconds,
      talk_seconds: talkSeconds,
      billed,
      billed_seconds: billedSeconds,
    };
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
    const updated = await repos.calls.update(call.id, {
      status: to,
      ...lineEndFields(call, at),
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
    deps,
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
  };
}

export type EngineCore = ReturnType<typeof createEngineCore>;
