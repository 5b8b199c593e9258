import {
  type AgentStateEvent,
  type CallbackChangedEvent,
  type CallChangedEvent,
  campaignRoom,
  companyLiveRoom,
  isLiveStatus,
  LIVE_ROOM,
  type LiveBatchEvent,
  liveStatus,
  SOCKET_EVENTS,
  statusTitle,
  userRoom,
} from '@shiftline/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Realtime } from '../realtime/index.js';
import type { StateChange } from './agentStates.repository.js';
import type { CallRow } from './calls.repository.js';

/** The call page of a call: where the agent works it (and where a queue-callback notice sends them). */
export const callPageUrl = (callId: number | string) => `/inquiries/call/${callId}`;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

type Log = { warn: (object: object, message: string) => void };

/** What one committed transaction produced. */
type Recorded = {
  calls: (Omit<CallChangedEvent, 'seq'> & { company?: number | null })[];
  callbacks: Omit<CallbackChangedEvent, 'seq'>[];
  queueCallbacks: { agentId: number; callId: string; voiceMail: boolean }[];
  states: StateChange[];
};

/** One event ready to go but for its number: where it goes and which campaigns' streams number it. */
type Outgoing =
  | { rooms: string[]; campaigns: number[]; event: 'call'; payload: Omit<CallChangedEvent, 'seq'> }
  | { rooms: string[]; campaigns: number[]; event: 'callback'; payload: Omit<CallbackChangedEvent, 'seq'> }
  | { rooms: string[]; campaigns: number[]; event: 'state'; payload: Omit<AgentStateEvent, 'seq'> };

/**
 * Sends the live events of this process's transactions in commit order. What several transactions committed while
 * the previous send was under way goes out together: one lookup of the agents and campaigns it names and one round
 * trip for its numbers, however many events it holds (a burst of 500 status changes would otherwise queue 500
 * lookups and 500 numberings one after another).
 */
function createSender(realtime: Realtime, db: Kysely<Database>, log: Log) {
  const queue: Recorded[] = [];
  let draining = false;

  async function companiesOf(campaignIds: number[]) {
    if (campaignIds.length === 0) return new Map<number, number | null>();
    const rows = await db.selectFrom('campaigns').select(['id', 'company_id']).where('id', 'in', campaignIds).execute();
    return new Map(rows.map((row) => [row.id, row.company_id]));
  }

  async function send(batch: Recorded[]) {
    // The moves return who the agent is and the campaign's company with their rows; a call inserted without its
    // company (an outbound dial) is looked up here.
    const companies = await companiesOf([
      ...new Set(
        batch.flatMap((recorded) =>
          recorded.calls.filter((call) => call.company === undefined).map((call) => call.campaign_id),
        ),
      ),
    ]);
    const outgoing: Outgoing[] = [];
    for (const recorded of batch) {
      for (const { company: known, ...call } of recorded.calls) {
        const company = known === undefined ? companies.get(call.campaign_id) : known;
        const rooms = [campaignRoom(call.campaign_id)];
        if (company != null) rooms.push(companyLiveRoom(company));
        if (call.agent_id !== null) rooms.push(userRoom(call.agent_id));
        // The agent the move took the call from hears it too: their page follows the offer's end.
        if (call.old_agent_id !== null && call.old_agent_id !== call.agent_id) rooms.push(userRoom(call.old_agent_id));
        outgoing.push({ rooms, campaigns: [call.campaign_id], event: 'call', payload: call });
      }
      for (const callback of recorded.callbacks) {
        const rooms = [campaignRoom(callback.campaign_id)];
        outgoing.push({ rooms, campaigns: [callback.campaign_id], event: 'callback', payload: callback });
      }
      for (const { closed, opened, agent } of recorded.states) {
        if (!isLiveStatus(opened.state)) continue;
        const campaigns = agent.campaigns;
        outgoing.push({
          rooms: [userRoom(opened.user_id)],
          campaigns,
          event: 'state',
          payload: {
            user_id: opened.user_id,
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
            customer: agent.customer,
            customer_phone: agent.customer_phone,
            cold_call_id: agent.cold_call_id,
            source: agent.source,
            call_type: agent.call_type,
          },
        });
      }
    }
    const stamps = await realtime.sequence.nextMany(outgoing.map((event) => event.campaigns));
    // The live room gets one frame with everything; the other rooms each event, unless a page there is in the live
    // room too (it has the frame).
    const frame: LiveBatchEvent['events'] = [];
    const live = [LIVE_ROOM];
    outgoing.forEach((event, index) => {
      const seq = stamps[index] as AgentStateEvent['seq'];
      if (event.event === 'call') {
        const payload = { ...event.payload, seq };
        frame.push({ event: SOCKET_EVENTS.newCallData, payload });
        realtime.toRoom(event.rooms, SOCKET_EVENTS.newCallData, payload, live);
      } else if (event.event === 'callback') {
        const payload = { ...event.payload, seq };
        frame.push({ event: SOCKET_EVENTS.newCallbackData, payload });
        realtime.toRoom(event.rooms, SOCKET_EVENTS.newCallbackData, payload, live);
      } else {
        const payload = { ...event.payload, seq };
        frame.push({ event: SOCKET_EVENTS.newAgentStateData, payload });
        realtime.toRoom(event.rooms, SOCKET_EVENTS.newAgentStateData, payload, live);
      }
    });
    if (frame.length > 0) realtime.toRoom(LIVE_ROOM, SOCKET_EVENTS.liveBatch, { events: frame });
    for (const notice of batch.flatMap((recorded) => recorded.queueCallbacks)) {
      realtime.toRoom(userRoom(notice.agentId), SOCKET_EVENTS.queueCallback, {
        url: callPageUrl(notice.callId),
        is_voice_mail: notice.voiceMail,
      });
    }
  }

  async function drain() {
    draining = true;
    try {
      while (queue.length > 0) {
        await send(queue.splice(0)).catch((error: unknown) => log.warn({ err: error }, 'live events not sent'));
      }
    } finally {
      draining = false;
    }
  }

  return {
    push(recorded: Recorded) {
      queue.push(recorded);
      if (!draining) void drain();
    },
  };
}

/** One sender per process (per realtime hub), shared by every transaction's events. */
const senders = new WeakMap<Realtime, ReturnType<typeof createSender>>();

/**
 * The events one transaction of the call engine produced, kept until it commits (an event about a change that was
 * rolled back would be a lie), then sent: newCallData to the live room, the campaign's room, its client company's
 * live room and the agent's own; newAgentStateData to the live room and the agent's own. Each is numbered in its
 * campaigns' streams (realtime/liveSequence); the live room gets them in liveBatch frames.
 */
export function createLiveEvents(realtime: Realtime, db: Kysely<Database>, log: Log) {
  const recorded: Recorded = { calls: [], callbacks: [], queueCallbacks: [], states: [] };

  return {
    /** A call moved; `fromAgentId` names the agent the move took it from (a missed offer), when it did. */
    call(row: CallRow, oldStatus: string | null, fromAgentId: number | null = null) {
      recorded.calls.push({
        call_id: Number(row.id),
        campaign_id: row.campaign_id,
        direction: row.direction,
        status: row.status ?? 'ended',
        old_status: oldStatus,
        agent_id: row.agent_id,
        old_agent_id: fromAgentId !== null && fromAgentId !== row.agent_id ? fromAgentId : null,
        queued_at: new Date(row.queued_at).toISOString(),
        answered_at: iso(row.answered_at),
        ended_at: iso(row.ended_at),
        missed: row.missed,
        callback: row.callback_requested,
        ...(row.company_id === undefined ? {} : { company: row.company_id }),
      });
      if (row.status === 'offered' && row.callback_requested && row.agent_id !== null) {
        recorded.queueCallbacks.push({ agentId: row.agent_id, callId: row.id, voiceMail: row.voice_mail });
      }
    },
    callback(row: CallRow, deleted: boolean) {
      recorded.callbacks.push({ call_id: Number(row.id), campaign_id: row.campaign_id, deleted });
    },
    state(change: StateChange) {
      recorded.states.push(change);
    },
    /** Sends everything recorded, once the transaction has committed, after what earlier transactions recorded. */
    flush() {
      const { calls, callbacks, queueCallbacks, states } = recorded;
      if (calls.length + callbacks.length + queueCallbacks.length + states.length === 0) return;
      let sender = senders.get(realtime);
      if (!sender) {
        sender = createSender(realtime, db, log);
        senders.set(realtime, sender);
      }
      sender.push(recorded);
    },
  };
}

export type LiveEvents = ReturnType<typeof createLiveEvents>;
