import { type CampaignStatusRow, countersOf, type LiveBoard } from '@shiftline/shared';

/** Today's longest wait of a campaign as last fetched, and when (ms). */
export type LongestToday = { seconds: number; at: number };

/**
 * The campaign status rows at `nowMs` (server clock): the counters from the board (spec §4: derived, so never below
 * zero), the current longest from the oldest waiting call, today's longest the most of what the server said and the
 * wait still running.
 */
export function campaignStatusRows(
  items: readonly CampaignStatusRow[],
  board: LiveBoard,
  longest: ReadonlyMap<number, LongestToday>,
  nowMs: number,
): CampaignStatusRow[] {
  return items.map((item) => {
    const counters = countersOf(board, item.campaign_id);
    const current =
      counters.oldest_waiting_since === null
        ? 0
        : Math.max(0, Math.floor((nowMs - Date.parse(counters.oldest_waiting_since)) / 1000));
    const today = longest.get(item.campaign_id)?.seconds ?? item.longest_queue_time_today;
    return {
      ...item,
      agents_on_call: counters.agents_on_call,
      agents_not_ready: counters.agents_not_ready,
      agents_logged_in: counters.agents_logged_in,
      calls_in_queue: counters.calls_in_queue,
      queues_callbacks: counters.queues_callbacks,
      current_longest: current,
      longest_queue_time_today: Math.max(today, current),
    };
  });
}

/** A call waiting in a campaign's queue, as the waiting-calls list shows it. */
export type WaitingCall = { callId: number; waitSeconds: number; callback: boolean };

/** The campaign's waiting calls from the board, the longest-waiting first, with their waits at `nowMs`. */
export function waitingCallsOf(board: LiveBoard, campaignId: number, nowMs: number): WaitingCall[] {
  return [...board.waiting]
    .filter(([, call]) => call.campaignId === campaignId)
    .map(([callId, call]) => ({
      callId,
      waitSeconds: Math.max(0, Math.floor((nowMs - Date.parse(call.queuedAt)) / 1000)),
      callback: call.callback,
    }))
    .sort((a, b) => b.waitSeconds - a.waitSeconds || a.callId - b.callId);
}
