import { type AgentStateId, cappedActivitySeconds, isPaidState } from '@shiftline/shared';
import type { AgentShift, Segment } from './agentShift.js';
import { CopyBuffer, copyInstant } from './copyText.js';

export const STATE_COLUMNS = ['user_id', 'state', 'start_at', 'end_at', 'campaign_id', 'call_id'] as const;

/** Paid time for payroll: a closed record of a state in a paid group, capped like the productivity page. */
export type PaidTime = (userId: number, start: number, seconds: number) => void;

/**
 * Writes every agent's state log shift by shift, contiguous and without overlaps: Pre-shift just before the shift,
 * then the shift's calls, after-call work, breaks and activities with Ready (or Ready (Outbound)) in between,
 * Post-shift just after, and Logged out until the next shift's Pre-shift. The record that holds `now` ends at `now`,
 * where the live engine takes over; each agent's one open record is a Logged out (their current status).
 */
export class StateLogWriter {
  readonly buffer = new CopyBuffer('agent_state_log', STATE_COLUMNS);
  /** Per agent, when their last Logged out began; closed by their next shift, or left open at the end. */
  private loggedOutSince = new Map<number, number>();
  records = 0;

  constructor(
    private readonly now: number,
    private readonly onPaidTime: PaidTime,
  ) {}

  writeShift(shift: AgentShift): void {
    const userId = shift.agent.id;
    const loggedOut = this.loggedOutSince.get(userId);
    if (loggedOut !== undefined && loggedOut < shift.preStart) {
      this.write(userId, 'logged_out', loggedOut, shift.preStart, null, null);
    }
    this.loggedOutSince.delete(userId);

    const idle: AgentStateId = shift.agent.callType === 'outbound' ? 'ready_outbound' : 'ready';
    let campaignId = shift.agent.primaryCampaign;
    if (!this.write(userId, 'pre_shift', shift.preStart, shift.start, campaignId, null)) return;
    const segments = [...shift.blocks, ...shift.work].sort((a, b) => a.start - b.start);
    let cursor = shift.start;
    for (const segment of segments) {
      if (segment.start > cursor && !this.write(userId, idle, cursor, segment.start, campaignId, null)) return;
      // Idle time and activities count toward the campaign of the agent's latest call.
      if (segment.callId !== null || segment.state === 'ringing') campaignId = segment.campaignId ?? campaignId;
      if (!this.writeSegment(userId, segment, campaignId)) return;
      cursor = segment.end;
    }
    if (cursor < shift.end && !this.write(userId, idle, cursor, shift.end, campaignId, null)) return;
    if (!this.write(userId, 'post_shift', shift.end, shift.postEnd, campaignId, null)) return;
    if (shift.postEnd <= this.now) this.loggedOutSince.set(userId, shift.postEnd);
  }

  /** Every agent's final Logged out, left open. */
  finish(): void {
    for (const [userId, since] of this.loggedOutSince) this.write(userId, 'logged_out', since, null, null, null);
    this.loggedOutSince.clear();
  }

  private writeSegment(userId: number, segment: Segment, campaignId: number | null): boolean {
    const ownCampaign = segment.callId !== null || segment.state === 'ringing';
    return this.write(
      userId,
      segment.state,
      segment.start,
      segment.end,
      ownCampaign ? segment.campaignId : campaignId,
      segment.callId,
    );
  }

  /** Writes one record; false once `now` is reached, where the shift stops. */
  private write(
    userId: number,
    state: AgentStateId,
    start: number,
    end: number | null,
    campaignId: number | null,
    callId: number | null,
  ): boolean {
    // A record may start exactly at `now` (the one before ended then): it is the last one.
    if (start > this.now) return false;
    const holdsNow = end === null || end > this.now;
    if (holdsNow && state !== 'logged_out') {
      // What agents do from now on is the live engine's (the simulator signs them on): the record holding `now` ends
      // there and the agent is Logged out from then, their one open record, as the engine reads a status.
      this.add(userId, state, start, this.now, campaignId, callId);
      this.add(userId, 'logged_out', this.now, null, null, null);
      return false;
    }
    this.add(userId, state, start, holdsNow ? null : end, campaignId, callId);
    return !holdsNow;
  }

  private add(
    userId: number,
    state: AgentStateId,
    start: number,
    end: number | null,
    campaignId: number | null,
    callId: number | null,
  ): void {
    this.buffer.add([userId, state, copyInstant(start), end === null ? null : copyInstant(end), campaignId, callId]);
    this.records += 1;
    if (end !== null && isPaidState(state)) this.onPaidTime(userId, start, cappedActivitySeconds(end - start));
  }
}
