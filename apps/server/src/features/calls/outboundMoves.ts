import {
  BLOCK_REASON_LABELS,
  blockedDialMessage,
  closedCampaignMessage,
  isOpenAt,
  statusTitle,
} from '@shiftline/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { conflict, invalidField, notFound } from '../../plugins/errors.js';
import { queueCallsForRollups } from '../../rollups/index.js';
import { blockReasonOf } from '../blocking/index.js';
import { workingHoursOf } from '../campaigns/index.js';
import type { CallRow } from './calls.repository.js';
import { type Agent, type EngineCore, seconds, statusOf } from './engineCore.js';
import { announceColdCalls } from './outbound.js';

/** Outbound calls: an agent dials a client (a cold call or a redial); the client answers or does not. */
export function outboundMoves(core: EngineCore) {
  const { deps, now, move, check, agentTo, agentsCall, closeLocked } = core;
  return {
    /**
     * An outbound call (a cold call, or a redial): the agent, in Outbound Sales Calls and on no call, dials the client
     * of an outbound campaign. The call is dialling and the agent ringing until the client picks up (calleeAnswered)
     * or not (calleeUnanswered). `closing` names the agent's call in after-call work to close first (a redial from
     * the after-call form); `within` runs in the same transaction with the new call (the cold-call list's writes).
     * A blacklisted or do-not-call number is refused (409 naming why).
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
        const hours = workingHoursOf(campaign);
        if (!isOpenAt(hours, now().getTime())) {
          throw conflict(closedCampaignMessage(campaign.name, hours, now().getTime()), {
            campaign_id: 'is closed now',
          });
        }
        const open = await repos.states.lockCurrent(agent.id);
        const from = statusOf(open);
        if (from !== 'outbound_sales_calls' && !(closed && from === 'after_call_work')) {
          throw conflict(
            `Change to ${statusTitle('outbound_sales_calls')} to make calls (you are ${statusTitle(from)}).`,
          );
        }
        if ((await repos.calls.liveCallOf(agent.id)) !== null) throw conflict('You are already on a call.');
        const blocked = await blockReasonOf(repos.handle, input.phone);
        if (blocked) throw conflict(blockedDialMessage(input.phone, blocked), { phone: BLOCK_REASON_LABELS[blocked] });
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

    /**
     * The dialled client picked up (telephony): the call is in progress, the agent on call. Heard twice on SIP (the
     * agent's phone reports talk, the SIP server the answer): the second finds the call answered and changes nothing.
     */
    async calleeAnswered(callId: number | string): Promise<CallRow> {
      return move(async (repos, outcome) => {
        const call = await repos.calls.lock(callId);
        if (!call) throw notFound('No such call.');
        if (call.direction === 'outbound' && call.status === 'talking' && call.answered_at !== null) return call;
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
