import type { Random } from '../random.js';
import { type AgentShift, earliestFit, freeUntil, insertBlock, type Segment, skipPastBlocks } from './agentShift.js';
import type { CampaignPlan } from './arrivals.js';
import { type Handling, pickInboundDisposition, sampleInboundHandling } from './callOutcomes.js';
import type { HistoryWriter } from './historyWriter.js';
import { exponential } from './sampling.js';

/** Callers wait about two minutes on average before they give up; the very impatient still wait a few seconds. */
const MEAN_PATIENCE_SECONDS = 120;
/** A ringing agent who does not pick up goes to automatic not-ready for a while. */
export const MISSED_CALL_CHANCE = 0.03;

/** How long a caller waits in the queue before giving up, in whole seconds. */
export const samplePatience = (random: Random): number =>
  Math.max(5, Math.round(exponential(random, MEAN_PATIENCE_SECONDS)));
/** Callers who would give up after waiting a while sometimes leave a callback request instead. */
const CALLBACK_INSTEAD_OF_ABANDON = 0.2;

type Found = { shift: AgentShift; start: number } | null;

type Search = { arrival: number; from: number; busySeconds: number; deadline: number; rotation: number };

/**
 * The first agent of the campaign free for the whole call from `from` on, starting by `deadline`. Calls are taken
 * in arrival order, each by the agent who frees up first, which is a first-come-first-served queue with many
 * agents; the search starts at a rotating position so that simultaneous free agents share the calls.
 */
function findAgent(candidates: AgentShift[], { arrival, from, busySeconds, deadline, rotation }: Search): Found {
  let best: Found = null;
  for (let step = 0; step < candidates.length; step += 1) {
    const shift = candidates[(rotation + step) % candidates.length] as AgentShift;
    if (shift.end <= from || shift.start > deadline) continue;
    // Only the arrival time may retire blocks: later arrivals are never earlier than it.
    skipPastBlocks(shift, arrival);
    const start = earliestFit(shift, from, busySeconds);
    if (start <= deadline && (best === null || start < best.start)) {
      best = { shift, start };
      if (start === from) break;
    }
  }
  return best;
}

/** A ringing agent who does not answer: ringing, then automatic not-ready; the call goes on to someone else. */
function missCall(writer: HistoryWriter, found: NonNullable<Found>, campaignId: number): Segment | null {
  const ring = writer.random.int(15, 20);
  const notReady = writer.random.int(60, 180);
  if (earliestFit(found.shift, found.start, ring + notReady) !== found.start) return null;
  const ringing: Segment = { start: found.start, end: found.start + ring, state: 'ringing', campaignId, callId: null };
  insertBlock(found.shift, ringing);
  insertBlock(found.shift, {
    start: ringing.end,
    end: ringing.end + notReady,
    state: 'not_ready_automatic',
    campaignId: null,
    callId: null,
  });
  return ringing;
}

/**
 * One inbound call arriving at `time`: answered by the first agent free for it, or abandoned once the caller's
 * patience runs out. Calls still ringing, queued or talking at `now` are not generated.
 */
export function takeInboundCall(
  writer: HistoryWriter,
  campaign: CampaignPlan,
  candidates: AgentShift[],
  time: number,
  rotation: number,
): void {
  const { random } = writer;
  const handling: Handling = sampleInboundHandling(random);
  const busy = handling.ringSeconds + handling.talkSeconds + handling.holdSeconds;
  const patience = samplePatience(random);
  const deadline = time + patience;
  const search: Search = { arrival: time, from: time, busySeconds: busy, deadline, rotation };
  let found = findAgent(candidates, search);
  let missedRing: Segment | null = null;
  if (found && random.chance(MISSED_CALL_CHANCE)) {
    missedRing = missCall(writer, found, campaign.id);
    if (missedRing) found = findAgent(candidates, { ...search, from: missedRing.end, rotation: rotation + 1 });
  }
  const base = {
    campaignId: campaign.id,
    direction: 'inbound' as const,
    clientId: writer.pickClient('inbound'),
    did: campaign.did,
    statsSourceId: random.pick(writer.catalog.statsSourcePicks),
    queuedAt: time,
    missed: missedRing !== null,
    coldCall: false,
  };

  if (!found) {
    if (deadline > writer.now) return;
    const callback = patience > 45 && random.chance(CALLBACK_INSTEAD_OF_ABANDON);
    const id = writer.nextCallId();
    if (missedRing) missedRing.callId = id;
    writer.addCall({
      ...base,
      id,
      agentId: null,
      answeredAt: null,
      endedAt: deadline,
      queueSeconds: patience,
      talkSeconds: 0,
      holdSeconds: 0,
      abandoned: !callback,
      agentDisconnected: false,
      disposition: null,
      callbackRequested: callback,
      transferType: null,
    });
    return;
  }

  const answeredAt = found.start + handling.ringSeconds;
  const endedAt = found.start + busy;
  if (endedAt > writer.now) return;
  const { shift } = found;
  const id = writer.nextCallId();
  if (missedRing) missedRing.callId = id;
  const disposition = pickInboundDisposition(random, handling.talkSeconds);
  const afterCallEnd = Math.min(endedAt + handling.afterCallSeconds, freeUntil(shift, endedAt));
  shift.freeAt = afterCallEnd;
  shift.work.push({ start: answeredAt, end: endedAt, state: 'on_call', campaignId: campaign.id, callId: id });
  if (afterCallEnd > endedAt) {
    shift.work.push({
      start: endedAt,
      end: afterCallEnd,
      state: 'after_call_work',
      campaignId: campaign.id,
      callId: id,
    });
  }
  writer.addCall({
    ...base,
    id,
    agentId: shift.agent.id,
    answeredAt,
    endedAt,
    queueSeconds: answeredAt - time,
    talkSeconds: handling.talkSeconds,
    holdSeconds: handling.holdSeconds,
    abandoned: false,
    agentDisconnected: random.chance(0.02),
    disposition,
    callbackRequested: disposition === 'callbackScheduled',
    transferType: disposition === 'escalated' ? random.pick(['warm', 'warm', 'cold', null]) : null,
  });
}
