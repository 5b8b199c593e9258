import type { AgentStateEvent, CallbackChangedEvent, CallChangedEvent, LiveSequenceStamp } from '../api/events.js';

/*
 * The live supervision rules (operations spec §2.3, §4): how the agent state report sorts, and how a campaign status
 * board follows the live events. A board keeps the agents and waiting calls it was told about, not bare counters, and
 * reads each campaign's numbered event stream in order: an event it has read already (a replay, or one its snapshot
 * held) changes nothing, a skipped number asks for a snapshot, and a counter cannot go below zero.
 */

/** The agent state report's status groups, in the spec's order; any other status sorts after them. */
export const STATUS_GROUPS = [
  { label: 'On call', statuses: ['on_call', 'on_hold', 'ringing'] },
  { label: 'After-call work', statuses: ['after_call_work'] },
  { label: 'Ready', statuses: ['ready', 'ready_outbound'] },
  { label: 'Follow-up work', statuses: ['follow_up_work'] },
  { label: 'Not ready (automatic)', statuses: ['not_ready_automatic'] },
  { label: 'Not ready (personal)', statuses: ['not_ready_personal'] },
  { label: 'Logged out', statuses: ['logged_out'] },
] as const;

const GROUP_OF = new Map<string, number>(
  STATUS_GROUPS.flatMap((group, index) => group.statuses.map((status) => [status, index] as const)),
);

/** The sort position of a status: its group's index, or after every group. */
export const statusGroupIndex = (status: string): number => GROUP_OF.get(status) ?? STATUS_GROUPS.length;

/** A status's group for "state since": its report group's label, or the status itself when it is in none. */
export const statusGroupKey = (status: string): string => {
  const index = GROUP_OF.get(status);
  return index === undefined ? status : (STATUS_GROUPS[index] as (typeof STATUS_GROUPS)[number]).label;
};

/**
 * An agent state row's "state since" (spec §3, beside status_started_at): when the agent entered the current status
 * group, so a call reads "on call since 10:02" through ringing, talking and hold, while status_started_at is when the
 * current status began. A new status in the same group keeps the row's state_since; any other starts it afresh.
 */
export function stateSinceAfter(
  row: { status: string; state_since: string },
  next: { status: string; status_started_at: string },
): string {
  return statusGroupKey(row.status) === statusGroupKey(next.status) ? row.state_since : next.status_started_at;
}

/** By status group, then within a group the longest in their state first (the earliest start), then by name. */
export function compareAgentStates(
  a: { status: string; status_started_at: string; name: string },
  b: { status: string; status_started_at: string; name: string },
): number {
  return (
    statusGroupIndex(a.status) - statusGroupIndex(b.status) ||
    Date.parse(a.status_started_at) - Date.parse(b.status_started_at) ||
    a.name.localeCompare(b.name)
  );
}

/** Statuses counted as on call, and as not ready, on the campaign status board. */
export const ON_CALL_STATUSES: readonly string[] = ['ringing', 'on_call', 'on_hold'];
export const NOT_READY_STATUSES: readonly string[] = ['not_ready_automatic', 'not_ready_personal'];
/** A call waits in its queue until someone answers it: queued, or ringing an agent. */
export const WAITING_CALL_STATUSES: readonly string[] = ['queued', 'offered'];

export type BoardAgent = { status: string; since: string; campaigns: readonly number[] };
export type BoardCall = { campaignId: number; queuedAt: string; callback: boolean };

/**
 * What a campaign status board knows: each agent's status and campaigns, the calls waiting, and how far it has read
 * each campaign's event stream (`last`, within `epoch`).
 */
export type LiveBoard = {
  agents: ReadonlyMap<number, BoardAgent>;
  waiting: ReadonlyMap<number, BoardCall>;
  epoch: string | null;
  last: ReadonlyMap<number, number>;
};

export const emptyBoard = (): LiveBoard => ({ agents: new Map(), waiting: new Map(), epoch: null, last: new Map() });

/** A board applies an event and says whether it must fetch a snapshot (numbers were skipped, or a new epoch began). */
export type Applied = { board: LiveBoard; refetch: boolean };

/**
 * Reads an event's stamp against the board: stale when every campaign it is numbered in was read that far already
 * (a replay, or an event the snapshot held); a gap when a number was skipped or the epoch changed.
 */
function readStamp(
  board: LiveBoard,
  stamp: LiveSequenceStamp,
): { stale: boolean; refetch: boolean; last: Map<number, number> } {
  const last = new Map(board.last);
  if (board.epoch !== null && stamp.epoch !== board.epoch) return { stale: false, refetch: true, last };
  let fresh = false;
  let refetch = false;
  for (const [key, value] of Object.entries(stamp.campaigns)) {
    const campaignId = Number(key);
    const seen = board.last.get(campaignId);
    if (seen !== undefined && value <= seen) continue;
    fresh = true;
    if (seen !== undefined && value > seen + 1) refetch = true;
    last.set(campaignId, value);
  }
  return { stale: !fresh, refetch, last };
}

/** An agent's new status; stale events, and events older than the agent's current status, change nothing. */
export function applyAgentState(board: LiveBoard, event: AgentStateEvent): Applied {
  const { stale, refetch, last } = readStamp(board, event.seq);
  if (stale) return { board, refetch };
  const known = board.agents.get(event.user_id);
  const agents = new Map(board.agents);
  if (!known || Date.parse(known.since) <= Date.parse(event.status_started_at)) {
    agents.set(event.user_id, {
      status: event.status,
      since: event.status_started_at,
      campaigns: event.agent_campaigns,
    });
  }
  return { board: { ...board, agents, last, epoch: event.seq.epoch }, refetch };
}

/** A call moved: it waits while queued or ringing, and leaves the queue once answered or ended. */
export function applyCall(board: LiveBoard, event: CallChangedEvent): Applied {
  const { stale, refetch, last } = readStamp(board, event.seq);
  if (stale) return { board, refetch };
  const waiting = new Map(board.waiting);
  if (WAITING_CALL_STATUSES.includes(event.status)) {
    waiting.set(event.call_id, { campaignId: event.campaign_id, queuedAt: event.queued_at, callback: event.callback });
  } else {
    waiting.delete(event.call_id);
  }
  return { board: { ...board, waiting, last, epoch: event.seq.epoch }, refetch };
}

/** A queue callback was removed: its call, if still waiting, no longer counts as a callback. */
export function applyCallback(board: LiveBoard, event: CallbackChangedEvent): Applied {
  const { stale, refetch, last } = readStamp(board, event.seq);
  if (stale) return { board, refetch };
  const waiting = new Map(board.waiting);
  const call = waiting.get(event.call_id);
  if (event.deleted && call) waiting.set(event.call_id, { ...call, callback: false });
  return { board: { ...board, waiting, last, epoch: event.seq.epoch }, refetch };
}

/** One campaign's live counters (spec §3 campaign status row, the event-driven part). */
export type CampaignCounters = {
  agents_on_call: number;
  agents_not_ready: number;
  agents_logged_in: number;
  calls_in_queue: number;
  queues_callbacks: number;
  /** When the longest-waiting call of the campaign was queued (ISO), or null with nobody waiting. */
  oldest_waiting_since: string | null;
};

export function countersOf(board: LiveBoard, campaignId: number): CampaignCounters {
  let onCall = 0;
  let notReady = 0;
  let loggedIn = 0;
  for (const agent of board.agents.values()) {
    if (!agent.campaigns.includes(campaignId)) continue;
    if (agent.status !== 'logged_out') loggedIn += 1;
    if (ON_CALL_STATUSES.includes(agent.status)) onCall += 1;
    if (NOT_READY_STATUSES.includes(agent.status)) notReady += 1;
  }
  let inQueue = 0;
  let callbacks = 0;
  let oldest: string | null = null;
  for (const call of board.waiting.values()) {
    if (call.campaignId !== campaignId) continue;
    inQueue += 1;
    if (call.callback) callbacks += 1;
    if (oldest === null || Date.parse(call.queuedAt) < Date.parse(oldest)) oldest = call.queuedAt;
  }
  return {
    agents_on_call: onCall,
    agents_not_ready: notReady,
    agents_logged_in: loggedIn,
    calls_in_queue: inQueue,
    queues_callbacks: callbacks,
    oldest_waiting_since: oldest,
  };
}

/** What the server's snapshot of a board holds (the campaign status report's live part). */
export type BoardSnapshot = {
  stamp: LiveSequenceStamp;
  agents: readonly { user_id: number; status: string; since: string; campaigns: readonly number[] }[];
  waiting: readonly { call_id: number; campaign_id: number; queued_at: string; callback: boolean }[];
};

/** A board from a snapshot: events numbered up to the snapshot's stamp are in it already. */
export function boardFromSnapshot(snapshot: BoardSnapshot): LiveBoard {
  return {
    agents: new Map(
      snapshot.agents.map((agent) => [
        agent.user_id,
        { status: agent.status, since: agent.since, campaigns: agent.campaigns },
      ]),
    ),
    waiting: new Map(
      snapshot.waiting.map((call) => [
        call.call_id,
        { campaignId: call.campaign_id, queuedAt: call.queued_at, callback: call.callback },
      ]),
    ),
    epoch: snapshot.stamp.epoch,
    last: new Map(Object.entries(snapshot.stamp.campaigns).map(([id, value]) => [Number(id), value])),
  };
}
