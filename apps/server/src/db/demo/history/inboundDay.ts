import type { Random } from '../random.js';
import type { AgentShift } from './agentShift.js';
import { type CampaignPlan, dailyArrivals, weekdayFactor, windowPosition } from './arrivals.js';
import { MEAN_INBOUND_BUSY_SECONDS } from './callOutcomes.js';
import type { HistoryWriter } from './historyWriter.js';
import { takeInboundCall } from './inboundQueue.js';

/** At full load callers bring enough work to keep the staffed agents busy this share of their available time. */
const FULL_LOAD_OCCUPANCY = 0.95;
/** Share of shift time not taken by breaks, lunch and activities. */
const AVAILABLE_SHARE = 0.82;
/** How much of today's staffing moves the traffic forecast: demand follows the usual staffing, not today's. */
const STAFFING_SMOOTHING = 0.3;
const SLOT_SECONDS = 900;

/**
 * Inbound traffic of one UTC day: per campaign a day's volume sized to its usual staffing inside its window,
 * spread over the hour-of-day curve, then every call offered to the agents in arrival order. Hours where the
 * curve outruns the agents on shift fill the queue, and callers abandon there.
 */
export class InboundTraffic {
  /** Per campaign, a running mean of agent-seconds on shift inside its window per day. */
  private usualStaffing = new Map<number, number>();

  constructor(
    private readonly writer: HistoryWriter,
    private readonly campaigns: CampaignPlan[],
    private readonly load: number,
  ) {}

  simulateDay(active: AgentShift[], dayStart: number, dayEnd: number): void {
    const { random } = this.writer;
    const offered: { time: number; campaign: CampaignPlan; candidates: AgentShift[] }[] = [];
    for (const campaign of this.campaigns) {
      if (campaign.type !== 'inbound' || campaign.callsUntil <= dayStart) continue;
      const candidates = active.filter((shift) => shift.agent.inboundCampaigns.includes(campaign.id));
      const staffing = staffedSeconds(campaign, candidates, dayStart);
      const previous = this.usualStaffing.get(campaign.id);
      const usual = previous === undefined ? staffing : previous + STAFFING_SMOOTHING * (staffing - previous);
      this.usualStaffing.set(campaign.id, usual);
      const expectedCalls = expectedInboundCalls(this.load, usual, dayStart, random);
      const until = Math.min(dayEnd, campaign.callsUntil);
      for (const time of dailyArrivals(campaign.hours, dayStart, expectedCalls, until, random)) {
        offered.push({ time, campaign, candidates });
      }
    }
    offered.sort((a, b) => a.time - b.time || a.campaign.id - b.campaign.id);
    offered.forEach(({ time, campaign, candidates }, index) => {
      takeInboundCall(this.writer, campaign, candidates, time, index);
    });
  }
}

/**
 * A campaign's mean number of calls in a day: enough work to keep its usual staffing (agent-seconds on shift inside
 * its window) busy at `load` of full load, by the weekday, within ±10 %. The live simulator sizes today the same way.
 */
export function expectedInboundCalls(load: number, usualStaffing: number, dayStart: number, random: Random): number {
  return (
    ((load * FULL_LOAD_OCCUPANCY * AVAILABLE_SHARE * usualStaffing) / MEAN_INBOUND_BUSY_SECONDS) *
    weekdayFactor(dayStart) *
    (0.9 + 0.2 * random.next())
  );
}

/** A shift as staffing counts it: when, and which inbound campaigns its agent answers. */
export type StaffedShift = { start: number; end: number; agent: { inboundCampaigns: readonly number[] } };

/** Agent-seconds on shift inside the campaign's window that day; an agent on several campaigns counts in part. */
export function staffedSeconds(
  campaign: Pick<CampaignPlan, 'hours'>,
  shifts: readonly StaffedShift[],
  dayStart: number,
): number {
  let total = 0;
  for (let slotStart = dayStart; slotStart < dayStart + 86_400; slotStart += SLOT_SECONDS) {
    const middle = slotStart + SLOT_SECONDS / 2;
    if (windowPosition(campaign.hours, middle) === null) continue;
    for (const shift of shifts) {
      if (shift.start <= middle && middle < shift.end) total += SLOT_SECONDS / shift.agent.inboundCampaigns.length;
    }
  }
  return total;
}
