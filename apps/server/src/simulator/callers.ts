import { OFFER_TIMEOUT_MS } from '@shiftline/shared';
import type { DatabaseHandle } from '../db/database.js';
import { sampleInboundHandling } from '../db/demo/history/callOutcomes.js';
import { samplePatience } from '../db/demo/history/inboundQueue.js';
import type { Random } from '../db/demo/random.js';
import type { CallEngine, Telephony } from '../features/calls/index.js';
import type { Centre } from './centre.js';
import type { Scheduled, Scheduler } from './scheduler.js';

/**
 * Who calls and which number they dial: one of the campaign's numbers, from a known client's phone (a returning
 * caller) or a new Canadian number. The simulated network's callers and the demo's SIP callers both dial this way.
 */
export function dialling(
  centre: Centre,
  campaignId: number,
  random: Random,
): { did: string | null; callerPhone: string } {
  const numbers = centre.numbers.get(campaignId);
  const plan = centre.campaigns.find((campaign) => campaign.id === campaignId);
  const did = numbers && numbers.length > 0 ? random.pick(numbers) : (plan?.did ?? null);
  const callerPhone =
    centre.clientPhones.length > 0 && random.chance(0.6)
      ? random.pick(centre.clientPhones)
      : `+1${random.pick(['416', '647', '905', '613', '514', '604', '403', '780', '204', '902'])}555${String(random.int(0, 9999)).padStart(4, '0')}`;
  return { did, callerPhone };
}

/** A simulated caller's pending timers: giving up in the queue, or hanging up on a person who answered. */
type SimCaller = { patience: Scheduled | null; hangUp: Scheduled | null; deadline: number };

/**
 * The simulated centre's callers: they dial a campaign, wait in the queue as long as their patience lasts (longer
 * while a person's phone rings for them), and hang up on a person who answered after a believable talk. Everything
 * through the call engine, as a phone network's callers would.
 */
export function createSimulatedCallers(options: {
  database: DatabaseHandle;
  engine: CallEngine;
  scheduler: Scheduler;
  random: Random;
  now: () => number;
  log: { debug: (object: object, message: string) => void; warn: (object: object, message: string) => void };
  /** The centre as the simulator last read it (numbers, sources, returning callers). */
  centre: () => Centre | null;
  /** Whether the simulator runs this agent (a person is anyone else). */
  simulated: (agentId: number) => boolean;
}) {
  const { database, engine, scheduler, random, now, log } = options;
  const callers = new Map<string, SimCaller>();
  const later = (ms: number, run: () => Promise<void> | void) => scheduler.at(now() + ms, run);

  /** The caller's patience ran out: they leave if nobody has answered, unless a person's phone is ringing. */
  async function runOutOfPatience(callId: string) {
    const caller = callers.get(callId);
    if (!caller) return;
    caller.patience = null;
    const row = await database.db
      .selectFrom('calls')
      .select(['status', 'agent_id'])
      .where('id', '=', callId)
      .executeTakeFirst();
    if (!row || (row.status !== 'queued' && row.status !== 'offered')) return;
    if (row.status === 'offered' && row.agent_id !== null && !options.simulated(row.agent_id)) {
      // A person's phone is ringing: the caller waits for them (the offer times out or they answer).
      caller.patience = later(OFFER_TIMEOUT_MS, () => runOutOfPatience(callId));
      return;
    }
    try {
      await engine.abandon(callId);
    } catch (error) {
      // Answered meanwhile (a person's page, or the agent was quicker): nothing to do.
      log.debug({ callId, err: error instanceof Error ? error.message : error }, 'simulator: caller stayed on');
    }
  }

  return {
    /** A caller dials the campaign: their call joins its queue and they start to wait. */
    async arrive(campaignId: number) {
      const centre = options.centre();
      if (!centre) return;
      const { did, callerPhone } = dialling(centre, campaignId, random);
      const patience = samplePatience(random);
      const statsSourceId = centre.statsSourceIds.length > 0 ? random.pick(centre.statsSourceIds) : null;
      let callId: string;
      try {
        callId = (await engine.arrive({ campaignId, callerPhone, did, statsSourceId })).id;
      } catch (error) {
        log.warn({ campaignId, err: error }, 'simulator: a call could not arrive');
        return;
      }
      const caller: SimCaller = { patience: null, hangUp: null, deadline: now() + patience * 1000 };
      callers.set(callId, caller);
      caller.patience = scheduler.at(caller.deadline, () => runOutOfPatience(callId));
    },

    /** A person answered a simulated caller: the caller talks, then hangs up, unless the person ends first. */
    personAnswered(callId: string) {
      const caller = callers.get(callId) ?? { patience: null, hangUp: null, deadline: now() };
      callers.set(callId, caller);
      caller.patience?.cancel();
      caller.patience = null;
      caller.hangUp?.cancel();
      caller.hangUp = later(sampleInboundHandling(random).talkSeconds * 1000, async () => {
        caller.hangUp = null;
        try {
          await engine.callerHungUp(callId);
        } catch (error) {
          log.debug({ callId, err: error instanceof Error ? error.message : error }, 'simulator: the line had ended');
        }
      });
    },

    /** The network released the call: its caller is done, unless the offer rang out and they are back in the queue. */
    released(callId: string, reason: Parameters<Telephony['release']>[1]) {
      const caller = callers.get(callId);
      if (reason !== 'missed') {
        caller?.patience?.cancel();
        caller?.hangUp?.cancel();
        callers.delete(callId);
      } else if (caller && caller.patience === null && caller.hangUp === null) {
        // Back in the queue: the caller keeps waiting, and leaves at once if their patience is already gone.
        caller.patience = scheduler.at(Math.max(now(), caller.deadline), () => runOutOfPatience(callId));
      }
    },
  };
}
