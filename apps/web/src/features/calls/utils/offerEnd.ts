import type { CallChangedEvent } from '@shiftline/shared/api/events';

/**
 * How a call offered to the agent stopped ringing for them without their answer (issue 26 item 1), read from the
 * call's event: `missed`, it rang out or their phone refused it and went back to the queue (the event names them as
 * the agent it left, old_agent_id); `caller_left`, the caller hung up while it rang. Null for any other move.
 */
export type OfferEnd = 'missed' | 'caller_left';

export function offerEndFor(
  event: Pick<CallChangedEvent, 'status' | 'old_status' | 'agent_id' | 'old_agent_id'>,
  userId: number,
): OfferEnd | null {
  if (event.old_agent_id === userId && event.agent_id !== userId) return 'missed';
  if (event.agent_id === userId && event.old_status === 'offered' && event.status === 'abandoned') return 'caller_left';
  return null;
}
