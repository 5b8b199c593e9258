import type { AgentCallType, AgentStateId, Role } from '@shiftline/shared';
import type { Random } from '../random.js';

/** One stretch of an agent's time in one state; times are whole Unix seconds. */
export type Segment = {
  start: number;
  end: number;
  state: AgentStateId;
  campaignId: number | null;
  callId: number | null;
};

export type AgentProfile = {
  id: number;
  role: Role;
  callType: AgentCallType | null;
  payRateCents: number;
  /** Campaigns the agent takes calls for (assigned, not disabled), by direction. */
  inboundCampaigns: number[];
  outboundCampaigns: number[];
  /** The campaign idle time is logged against before the first call of a shift. */
  primaryCampaign: number | null;
};

/**
 * An approved shift while it is simulated. `blocks` are the times the agent cannot take a call (breaks and lunch
 * from shift_breaks, planned activities, a missed call's ringing and the not-ready that follows), sorted and
 * never overlapping; `work` holds the call segments. Everything lies inside [start, end); pre- and post-shift
 * lie just outside.
 */
export type AgentShift = {
  agent: AgentProfile;
  shiftId: number;
  preStart: number;
  start: number;
  end: number;
  postEnd: number;
  blocks: Segment[];
  /** Blocks before this index ended before the current arrival. */
  blockIndex: number;
  /** When the agent is free after their last call's after-call work. */
  freeAt: number;
  work: Segment[];
};

type Activity = { state: AgentStateId; chance: number; minutes: [number, number]; times?: [number, number] };

/** Occasional activities; `chance` per shift, or `times` for how many. Email agents also answer tickets. */
const ACTIVITIES: Activity[] = [
  { state: 'not_ready_personal', chance: 1, minutes: [3, 10], times: [0, 2] },
  { state: 'technical_issues', chance: 0.06, minutes: [3, 15] },
  { state: 'meeting', chance: 0.12, minutes: [30, 30] },
  { state: 'training', chance: 0.07, minutes: [45, 90] },
  { state: 'administrative', chance: 0.1, minutes: [10, 20] },
];
const INBOUND_ACTIVITIES: Activity[] = [{ state: 'follow_up_work', chance: 0.2, minutes: [10, 25] }];
const EMAIL_ACTIVITIES: Activity[] = [{ state: 'email_tickets', chance: 1, minutes: [20, 50], times: [2, 4] }];
const LEAD_ACTIVITIES: Activity[] = [{ state: 'qa_monitoring', chance: 0.5, minutes: [30, 60] }];

export function createAgentShift(
  agent: AgentProfile,
  shift: { id: number; start: number; end: number; breaks: { type: 'break' | 'lunch'; start: number; end: number }[] },
  random: Random,
): AgentShift {
  const blocks: Segment[] = shift.breaks
    .filter((planned) => planned.start >= shift.start && planned.end <= shift.end)
    .map((planned) => ({ ...planned, state: planned.type, campaignId: agent.primaryCampaign, callId: null }));
  const activities = [
    ...ACTIVITIES,
    ...(agent.callType === 'email' ? EMAIL_ACTIVITIES : agent.callType === 'inbound' ? INBOUND_ACTIVITIES : []),
    ...(agent.role === 'agent' ? [] : LEAD_ACTIVITIES),
  ];
  for (const activity of activities) {
    const times = activity.times ? random.int(...activity.times) : random.chance(activity.chance) ? 1 : 0;
    for (let index = 0; index < times; index += 1) {
      const length = random.int(...activity.minutes) * 60;
      const start = shift.start + 15 * 60 + random.int(0, Math.max(0, shift.end - shift.start - 45 * 60 - length));
      // An activity that would touch another block is simply left out: the day stays believable either way.
      const clashes = blocks.some((block) => start < block.end + 300 && start + length + 300 > block.start);
      if (!clashes && start + length <= shift.end) {
        blocks.push({
          start,
          end: start + length,
          state: activity.state,
          campaignId: agent.primaryCampaign,
          callId: null,
        });
      }
    }
  }
  blocks.sort((a, b) => a.start - b.start);
  return {
    agent,
    shiftId: shift.id,
    preStart: shift.start - random.int(2, 8) * 60 - random.int(0, 59),
    start: shift.start,
    end: shift.end,
    postEnd: shift.end + random.int(1, 5) * 60 + random.int(0, 59),
    blocks,
    blockIndex: 0,
    freeAt: shift.start,
    work: [],
  };
}

/** Forgets blocks that ended before `time`; arrivals come in time order, so they are never needed again. */
export function skipPastBlocks(shift: AgentShift, time: number): void {
  while (shift.blockIndex < shift.blocks.length && (shift.blocks[shift.blockIndex] as Segment).end <= time) {
    shift.blockIndex += 1;
  }
}

/**
 * The earliest instant from `time` at which the agent is free for `seconds` without running into a block or the
 * shift's end; Infinity when the rest of the shift has no such gap.
 */
export function earliestFit(shift: AgentShift, time: number, seconds: number): number {
  let start = Math.max(time, shift.freeAt, shift.start);
  for (let index = shift.blockIndex; index < shift.blocks.length; index += 1) {
    const block = shift.blocks[index] as Segment;
    if (block.end <= start) continue;
    if (start + seconds <= block.start) break;
    start = block.end;
  }
  return start + seconds <= shift.end ? start : Number.POSITIVE_INFINITY;
}

/** Where free time starting at `time` runs out: the next block or the shift's end. */
export function freeUntil(shift: AgentShift, time: number): number {
  for (let index = shift.blockIndex; index < shift.blocks.length; index += 1) {
    const block = shift.blocks[index] as Segment;
    if (block.start >= time) return block.start;
  }
  return shift.end;
}

/** Adds a block that fits in free time (a missed call), keeping the list sorted. */
export function insertBlock(shift: AgentShift, block: Segment): void {
  let index = shift.blockIndex;
  while (index < shift.blocks.length && (shift.blocks[index] as Segment).start < block.start) index += 1;
  shift.blocks.splice(index, 0, block);
}
