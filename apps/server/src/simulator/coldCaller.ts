import { DEFAULT_TIME_ZONE } from '@shiftline/shared';
import type { Agent } from '../features/calls/index.js';
import type { ColdCallsService } from '../features/coldCalls/index.js';

/**
 * An outbound agent's next cold call, as their page makes it: take the next free lead of their campaigns, then dial
 * it (checking for a simultaneous call). The call's id, or null when no lead is free or another agent is on a call
 * with the client (the lead is let go).
 */
export async function placeColdCall(coldCalls: ColdCallsService, agent: Agent): Promise<string | null> {
  // The zone only sets the time differences of the rows answered, which the simulator does not read.
  const viewer = { ...agent, timezone: DEFAULT_TIME_ZONE };
  const { cold_call: lead } = await coldCalls.takeLead(viewer, { cold_call_id: null, mode: 'definite' });
  if (!lead) return null;
  const answer = await coldCalls.coldCall(viewer, {
    abonent_number: lead.phone,
    cold_call_id: lead.id,
    check_simultaneous_calls: true,
  });
  if (answer.simultaneous_call || answer.call_id === null) {
    await coldCalls.clearLead(viewer, { only_definite_leads: false });
    return null;
  }
  return String(answer.call_id);
}
