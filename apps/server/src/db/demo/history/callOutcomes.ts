import { billingOf } from '@shiftline/shared/live/billing';
import type { Random } from '../random.js';
import type { Catalog, DispositionKey } from './catalog.js';
import type { CopyBuffer } from './copyText.js';
import { copyInstant } from './copyText.js';
import { between, logNormal } from './sampling.js';

export type CallRecord = {
  id: number;
  campaignId: number;
  direction: 'inbound' | 'outbound';
  clientId: number;
  agentId: number | null;
  did: string;
  statsSourceId: number | null;
  queuedAt: number;
  answeredAt: number | null;
  endedAt: number;
  queueSeconds: number;
  talkSeconds: number;
  holdSeconds: number;
  missed: boolean;
  abandoned: boolean;
  agentDisconnected: boolean;
  disposition: DispositionKey | null;
  callbackRequested: boolean;
  coldCall: boolean;
  transferType: string | null;
};

/** How an answered call went, drawn before an agent is found so that its whole length is known. */
export type Handling = { ringSeconds: number; talkSeconds: number; holdSeconds: number; afterCallSeconds: number };

/** Inbound talk is log-normal around 4 min (most between 2 and 10), with a few quick calls; a fifth hold. */
export function sampleInboundHandling(random: Random): Handling {
  const quick = random.chance(0.05);
  return {
    ringSeconds: random.int(2, 7),
    talkSeconds: quick ? random.int(6, 60) : between(logNormal(random, 250, 0.4), 60, 2400),
    holdSeconds: random.chance(0.22) ? between(logNormal(random, 50, 0.6), 10, 400) : 0,
    afterCallSeconds: between(logNormal(random, 45, 0.5), 10, 300),
  };
}

/** The mean time an inbound call keeps an agent busy (ring, talk, hold, after-call work), for sizing traffic. */
export const MEAN_INBOUND_BUSY_SECONDS = 4.5 + 259 + 13 + 51;

const INBOUND_OUTCOMES: [DispositionKey, number][] = [
  ['resolved', 0.58],
  ['escalated', 0.1],
  ['callbackScheduled', 0.05],
  ['informationOnly', 0.27],
];

export function pickInboundDisposition(random: Random, talkSeconds: number): DispositionKey {
  if (talkSeconds < 30) return 'informationOnly';
  return pickWeighted(random, INBOUND_OUTCOMES);
}

export function pickWeighted<T>(random: Random, choices: readonly [T, number][]): T {
  let roll = random.next();
  for (const [choice, weight] of choices) {
    roll -= weight;
    if (roll < 0) return choice;
  }
  return (choices[choices.length - 1] as [T, number])[0];
}

/** Share of cold calls that reach a person and talk over 40 s (the contact rate). */
export const COLD_CALL_CONTACT_RATE = 0.4;

export type ColdCallOutcome = {
  ringSeconds: number;
  answered: boolean;
  talkSeconds: number;
  holdSeconds: number;
  afterCallSeconds: number;
  disposition: DispositionKey;
};

const CONNECTED_OUTCOMES: [DispositionKey, number][] = [
  ['saleClosed', 0.14],
  ['notInterested', 0.48],
  ['callBackLater', 0.26],
  ['doNotCall', 0.12],
];

/**
 * One dial: 40 % reach a person and talk over 40 s (a quarter of them brief refusals); the rest ring out or reach
 * voicemail, where the agent leaves a message shorter than 40 s.
 */
export function sampleColdCall(random: Random): ColdCallOutcome {
  if (random.chance(COLD_CALL_CONTACT_RATE)) {
    const refusal = random.chance(0.25);
    return {
      ringSeconds: random.int(6, 25),
      answered: true,
      talkSeconds: refusal
        ? between(logNormal(random, 65, 0.3), 41, 120)
        : between(logNormal(random, 240, 0.5), 45, 1800),
      holdSeconds: random.chance(0.08) ? random.int(15, 120) : 0,
      afterCallSeconds: between(logNormal(random, 50, 0.5), 15, 240),
      disposition: refusal ? 'notInterested' : pickWeighted(random, CONNECTED_OUTCOMES),
    };
  }
  const voicemail = random.chance(0.35);
  return {
    ringSeconds: voicemail ? random.int(12, 25) : random.int(20, 45),
    answered: voicemail,
    talkSeconds: voicemail ? random.int(12, 38) : 0,
    holdSeconds: 0,
    afterCallSeconds: random.int(4, 15),
    disposition: voicemail ? 'voicemailLeft' : 'noAnswer',
  };
}

/** The mean agent time of one dial (ring, talk, hold, after-call work), for pacing. */
export const MEAN_COLD_CALL_SECONDS = 0.4 * (15.5 + 221 + 5.4 + 57) + 0.6 * (0.35 * 53 + 0.65 * 42);

export const CALL_COLUMNS = [
  'id',
  'campaign_id',
  'direction',
  'client_id',
  'agent_id',
  'did',
  'stats_source_id',
  'queued_at',
  'answered_at',
  'ended_at',
  'queue_seconds',
  'talk_seconds',
  'hold_seconds',
  'billed_seconds',
  'billed',
  'missed',
  'abandoned',
  'agent_disconnected',
  'disposition_id',
  'callback_requested',
  'cold_call',
  'transfer_type',
] as const;

export function addCallRow(buffer: CopyBuffer, call: CallRecord, catalog: Catalog): void {
  const { billed, billedSeconds } = billingOf({
    answered: call.answeredAt !== null,
    talkSeconds: call.talkSeconds,
    holdSeconds: call.holdSeconds,
  });
  buffer.add([
    call.id,
    call.campaignId,
    call.direction,
    call.clientId,
    call.agentId,
    call.did,
    call.statsSourceId,
    copyInstant(call.queuedAt),
    call.answeredAt === null ? null : copyInstant(call.answeredAt),
    copyInstant(call.endedAt),
    call.queueSeconds,
    call.talkSeconds,
    call.holdSeconds,
    billedSeconds,
    billed,
    call.missed,
    call.abandoned,
    call.agentDisconnected,
    call.disposition === null ? null : catalog.dispositionIds[call.disposition],
    call.callbackRequested,
    call.coldCall,
    call.transferType,
  ]);
}
