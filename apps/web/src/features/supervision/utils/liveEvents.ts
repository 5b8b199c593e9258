import {
  type AgentStateEvent,
  type Applied,
  applyAgentState,
  applyCall,
  applyCallback,
  type CallbackChangedEvent,
  type CallChangedEvent,
  type LiveBoard,
} from '@shiftline/shared';

/** One live event as the supervision screens hear it (spec §4: agent state, call and callback events). */
export type LiveEvent =
  | { kind: 'agent'; event: AgentStateEvent }
  | { kind: 'call'; event: CallChangedEvent }
  | { kind: 'callback'; event: CallbackChangedEvent };

/** The shared board rule for the event's kind: the board after it, and whether a snapshot must be fetched. */
export function applyLiveEvent(board: LiveBoard, live: LiveEvent): Applied {
  switch (live.kind) {
    case 'agent':
      return applyAgentState(board, live.event);
    case 'call':
      return applyCall(board, live.event);
    case 'callback':
      return applyCallback(board, live.event);
  }
}

/** A waiting call left its campaign's queue with this event (answered, or ended without an agent). */
export const leftQueue = (live: LiveEvent, before: LiveBoard, after: LiveBoard): number | null =>
  live.kind === 'call' && before.waiting.has(live.event.call_id) && !after.waiting.has(live.event.call_id)
    ? live.event.campaign_id
    : null;
