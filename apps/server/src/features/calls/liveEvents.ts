import {
  type AgentStateEvent,
  type CallbackChangedEvent,
  type CallChangedEvent,
  campaignRoom,
  companyLiveRoom,
  isLiveStatus,
  LIVE_ROOM,
  liveStatus,
  SOCKET_EVENTS,
  statusTitle,
  userRoom,
} from '@shiftline/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Realtime } from '../realtime/index.js';
import type { StateChange } from './agentStates.repository.js';
import type { CallRow } from './calls.repository.js';

/** The call page of a call: where the agent works it (and where a queue-callback notice sends them). */
export const callPageUrl = (callId: number | string) => `/inquiries/call/${callId}`;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/**
 * The events one transaction of the call engine produced, kept until it commits (an event about a change that was
 * rolled back would be a lie), then sent: newCallData to the live room, the campaign's room, its client company's
 * live room and the agent's own; newAgentStateData to the live room and the agent's own.
 */
export function createLiveEvents(
  realtime: Realtime,
  db: Kysely<Database>,
  log: { warn: (object: object, message: string) => void },
) {
  const calls: Omit<CallChangedEvent, 'seq'>[] = [];
  const callbacks: Omit<CallbackChangedEvent, 'seq'>[] = [];
  const queueCallbacks: { agentId: number; callId: string; voiceMail: boolean }[] = [];
  const states: StateChange[] = [];

  async function sendStates() {
    const userIds = [...new Set(states.map((change) => change.opened.user_id))];
    const agents = await db
      .selectFrom('users as u')
      .select([
        'u.id',
        'u.first_name',
        'u.second_name',
        'u.agent_call_type',
        sql<number[]>`coalesce((SELECT array_agg(ca.campaign_id ORDER BY ca.campaign_id) FROM campaign_agents ca
          WHERE ca.user_id = u.id AND NOT ca.is_disabled), '{}')`.as('campaigns'),
      ])
      .where('u.id', 'in', userIds)
      .execute();
    const byId = new Map(agents.map((agent) => [agent.id, agent]));
    for (const { closed, opened } of states) {
      const agent = byId.get(opened.user_id);
      if (!agent || !isLiveStatus(opened.state)) continue;
      const campaigns = agent.campaigns.map(Number);
      const payload: AgentStateEvent = {
        user_id: agent.id,
        name: `${agent.first_name} ${agent.second_name}`,
        status: opened.state,
        title: statusTitle(opened.state),
        bgc: liveStatus(opened.state).bgc,
        status_started_at: opened.start_at.toISOString(),
        old_status: closed?.state ?? null,
        campaign_id: opened.campaign_id,
        agent_campaigns: campaigns,
        agent_call_type: agent.agent_call_type,
        call_id: opened.call_id === null ? null : Number(opened.call_id),
        seq: await realtime.sequence.next(campaigns),
      };
      realtime.toRoom([LIVE_ROOM, userRoom(agent.id)], SOCKET_EVENTS.newAgentStateData, payload);
    }
  }

  async function sendCalls() {
    const campaignIds = [...new Set(calls.map((call) => call.campaign_id))];
    const companies = await db
      .selectFrom('campaigns')
      .select(['id', 'company_id'])
      .where('id', 'in', campaignIds)
      .execute();
    const companyOf = new Map(companies.map((row) => [row.id, row.company_id]));
    for (const call of calls) {
      const company = companyOf.get(call.campaign_id);
      const rooms = [LIVE_ROOM, campaignRoom(call.campaign_id)];
      if (company != null) rooms.push(companyLiveRoom(company));
      if (call.agent_id !== null) rooms.push(userRoom(call.agent_id));
      const seq = await realtime.sequence.next([call.campaign_id]);
      realtime.toRoom(rooms, SOCKET_EVENTS.newCallData, { ...call, seq });
    }
    for (const callback of callbacks) {
      const seq = await realtime.sequence.next([callback.campaign_id]);
      realtime.toRoom([LIVE_ROOM, campaignRoom(callback.campaign_id)], SOCKET_EVENTS.newCallbackData, {
        ...callback,
        seq,
      });
    }
    for (const notice of queueCallbacks) {
      realtime.toRoom(userRoom(notice.agentId), SOCKET_EVENTS.queueCallback, {
        url: callPageUrl(notice.callId),
        is_voice_mail: notice.voiceMail,
      });
    }
  }

  return {
    call(row: CallRow, oldStatus: string | null) {
      calls.push({
        call_id: Number(row.id),
        campaign_id: row.campaign_id,
        direction: row.direction,
        status: row.status ?? 'ended',
        old_status: oldStatus,
        agent_id: row.agent_id,
        queued_at: new Date(row.queued_at).toISOString(),
        answered_at: iso(row.answered_at),
        ended_at: iso(row.ended_at),
        missed: row.missed,
        callback: row.callback_requested,
      });
      if (row.status === 'offered' && row.callback_requested && row.agent_id !== null) {
        queueCallbacks.push({ agentId: row.agent_id, callId: row.id, voiceMail: row.voice_mail });
      }
    },
    callback(row: CallRow, deleted: boolean) {
      callbacks.push({ call_id: Number(row.id), campaign_id: row.campaign_id, deleted });
    },
    state(change: StateChange) {
      states.push(change);
    },
    /**
     * Sends everything recorded, once the transaction has committed: after what earlier transactions recorded, so
     * each campaign's events are numbered and sent in commit order.
     */
    flush() {
      if (calls.length === 0 && callbacks.length === 0 && states.length === 0) return;
      realtime.inOrder(async () => {
        if (calls.length > 0 || callbacks.length > 0) {
          await sendCalls().catch((error: unknown) => log.warn({ err: error }, 'newCallData not sent'));
        }
        if (states.length > 0) {
          await sendStates().catch((error: unknown) => log.warn({ err: error }, 'newAgentStateData not sent'));
        }
      });
    },
  };
}

export type LiveEvents = ReturnType<typeof createLiveEvents>;
