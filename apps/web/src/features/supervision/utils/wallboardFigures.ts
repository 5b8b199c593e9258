import { countersOf, type LiveBoard, type Wallboard } from '@shiftline/shared';
import { agentsByState } from './agentsByState';

/** One campaign's tile on the wall. */
export type WallboardFigures = {
  campaignId: number;
  name: string;
  waiting: number;
  /** Seconds the longest-waiting caller has waited now. */
  longestWait: number;
  serviceLevel: number | null;
  serviceLevelSeconds: number;
  answered: number;
  abandoned: number;
  agents: { onCall: number; ready: number; notReady: number; afterCall: number };
};

/** Each campaign's tile at `nowMs` (server clock): today's figures from the server, the queue and agents from the board. */
export function wallboardFigures(data: Wallboard, board: LiveBoard, nowMs: number): WallboardFigures[] {
  return data.items.map((item) => {
    const counters = countersOf(board, item.campaign_id);
    const oldest = counters.oldest_waiting_since;
    return {
      campaignId: item.campaign_id,
      name: item.campaign_name,
      waiting: counters.calls_in_queue,
      longestWait: oldest === null ? 0 : Math.max(0, Math.floor((nowMs - Date.parse(oldest)) / 1000)),
      serviceLevel: item.service_level_today,
      serviceLevelSeconds: data.service_level_seconds,
      answered: item.answered_today,
      abandoned: item.abandoned_today,
      agents: agentsByState(board, item.campaign_id),
    };
  });
}
