import { type LiveBoard, NOT_READY_STATUSES, ON_CALL_STATUSES, STATUS_GROUPS } from '@shiftline/shared';

const READY: readonly string[] = STATUS_GROUPS[2].statuses;
const AFTER_CALL: readonly string[] = STATUS_GROUPS[1].statuses;

/** The wallboard's agents by state for one campaign: on call, ready, not ready, after-call work. */
export function agentsByState(board: LiveBoard, campaignId: number) {
  const counts = { onCall: 0, ready: 0, notReady: 0, afterCall: 0 };
  for (const agent of board.agents.values()) {
    if (!agent.campaigns.includes(campaignId)) continue;
    if (ON_CALL_STATUSES.includes(agent.status)) counts.onCall += 1;
    else if (READY.includes(agent.status)) counts.ready += 1;
    else if (NOT_READY_STATUSES.includes(agent.status)) counts.notReady += 1;
    else if (AFTER_CALL.includes(agent.status)) counts.afterCall += 1;
  }
  return counts;
}
