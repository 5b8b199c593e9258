import { type AgentShift, earliestFit, freeUntil, insertBlock, type Segment, skipPastBlocks } from './agentShift.js';
import { type CampaignPlan, windowPosition } from './arrivals.js';
import { MEAN_COLD_CALL_SECONDS, sampleColdCall } from './callOutcomes.js';
import type { HistoryWriter } from './historyWriter.js';
import { exponential } from './sampling.js';

/** At full load an outbound agent dials again about 8 s after finishing the previous call's after-call work. */
const FULL_LOAD_READY_SECONDS = 8;

/**
 * Mean Ready (Outbound) time between dials at a load: the dial rate scales with the load, so at half load an
 * agent places half as many calls per hour as at full load.
 */
export const meanReadyBetweenDials = (load: number) =>
  (MEAN_COLD_CALL_SECONDS + FULL_LOAD_READY_SECONDS) / load - MEAN_COLD_CALL_SECONDS;

const isOpen = (campaign: CampaignPlan, time: number) =>
  campaign.callsUntil > time && windowPosition(campaign.hours, time) !== null;

/**
 * A whole shift of cold calls, planned before the day's inbound traffic: while Ready (Outbound) and inside an
 * open campaign window the agent dials at a steady pace; each dial rings, then reaches a person, a voicemail, or
 * nobody. Dials fit around breaks and activities, become blocks of the shift (an agent who also answers inbound
 * calls is busy then), and stop before `now`. Retention agents dial only while their inbound campaigns are closed.
 */
export function dialColdCalls(
  writer: HistoryWriter,
  shift: AgentShift,
  campaigns: { dial: CampaignPlan[]; answer: CampaignPlan[] },
  load: number,
): void {
  planDials(writer, shift, campaigns, load);
  // The day's inbound calls are matched against every block of the shift from its start.
  shift.blockIndex = 0;
}

function planDials(
  writer: HistoryWriter,
  shift: AgentShift,
  campaigns: { dial: CampaignPlan[]; answer: CampaignPlan[] },
  load: number,
): void {
  const { random } = writer;
  const meanReady = meanReadyBetweenDials(load);
  const stop = Math.min(shift.end, writer.now);
  let time = shift.start + random.int(30, 180);
  while (time < stop) {
    skipPastBlocks(shift, time);
    const answering = campaigns.answer.some((campaign) => isOpen(campaign, time));
    const open = answering ? [] : campaigns.dial.filter((campaign) => isOpen(campaign, time));
    if (open.length === 0) {
      time += 300;
      continue;
    }
    const outcome = sampleColdCall(random);
    const busy = outcome.ringSeconds + outcome.talkSeconds + outcome.holdSeconds;
    const start = earliestFit(shift, time, busy);
    if (start === Number.POSITIVE_INFINITY) return;
    if (start > time) {
      // A break or activity came first: dial once it is over.
      time = start;
      continue;
    }
    const endedAt = start + busy;
    if (endedAt > writer.now) return;
    const campaign = random.pick(open);
    const answeredAt = outcome.answered ? start + outcome.ringSeconds : null;
    const id = writer.nextCallId();
    const afterCallEnd = Math.min(endedAt + outcome.afterCallSeconds, freeUntil(shift, endedAt));
    const segment = (state: Segment['state'], from: number, to: number) =>
      insertBlock(shift, { start: from, end: to, state, campaignId: campaign.id, callId: id });
    segment('ringing', start, answeredAt ?? endedAt);
    if (answeredAt !== null) segment('on_call', answeredAt, endedAt);
    if (afterCallEnd > endedAt) segment('after_call_work', endedAt, afterCallEnd);
    writer.addCall({
      id,
      campaignId: campaign.id,
      direction: 'outbound',
      clientId: writer.pickClient('outbound'),
      agentId: shift.agent.id,
      did: campaign.did,
      statsSourceId: null,
      queuedAt: start,
      answeredAt,
      endedAt,
      // Outbound calls never wait in a queue: the ring is the time to answer.
      queueSeconds: 0,
      talkSeconds: outcome.talkSeconds,
      holdSeconds: outcome.holdSeconds,
      missed: false,
      abandoned: false,
      agentDisconnected: answeredAt !== null && random.chance(0.02),
      disposition: outcome.disposition,
      callbackRequested: outcome.disposition === 'callBackLater',
      coldCall: true,
      transferType: null,
    });
    time = afterCallEnd + Math.max(3, Math.round(exponential(random, meanReady)));
  }
}
