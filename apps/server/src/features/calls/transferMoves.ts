import { statusTitle } from '@shiftline/shared';
import { conflict, notFound } from '../../plugins/errors.js';
import type { CallRow } from './calls.repository.js';
import { type EngineCore, seconds, statusOf } from './engineCore.js';

/** Moves of a connected call from one agent to another (the SIP phone's REFER), and a late answer after a cancel. */
export function transferMoves(core: EngineCore) {
  const { deps, now, move, check, agentTo, answerFields, route, routeAgent } = core;
  return {
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
     * A transfer's target did not answer within the offer time (spec §4, as a missed offer): the caller goes back to
     * the campaign's queue, keeping their place (queued at their arrival) and their queue time; the time since the
     * transfer, without an agent, counts as hold until the next agent answers. The target goes to Not ready (automatic); the transferring agent keeps their after-call
     * work. False when the target answered (or the call ended) meanwhile. The caller in the queue is then routed.
     */
    async missTransfer(callId: number | string, before: Date): Promise<boolean> {
      const requeued = await move(async (repos, outcome) => {
        const call = await repos.calls.lock(callId);
        if ((call?.status !== 'talking' && call?.status !== 'on_hold') || call.agent_id === null) return null;
        const target = await repos.states.lockCurrent(call.agent_id);
        if (target?.state !== 'ringing' || target.call_id !== call.id || target.start_at >= before) return null;
        // The caller has waited without an agent since the target's phone began ringing: on hold from then on.
        const updated = await repos.calls.update(call.id, {
          status: check(call, 'requeue'),
          agent_id: null,
          missed: true,
          hold_started_at: call.hold_started_at ?? target.start_at,
        });
        outcome.events.call(updated, call.status, call.agent_id);
        await agentTo(repos, outcome, call.agent_id, 'not_ready_automatic', call);
        outcome.after.push(() => deps.telephony.release(call.id, 'missed'));
        return updated;
      });
      if (requeued) await route(requeued.campaign_id);
      return requeued !== null;
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
          ...answerFields(call, at),
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
  };
}
