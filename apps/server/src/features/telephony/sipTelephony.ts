import { EventEmitter } from 'node:events';
import type { Telephony } from '../calls/index.js';
import type { KamailioClient } from './kamailioClient.js';
import type { SipLegs } from './sipLegs.js';

type Log = { warn: (object: object, message: string) => void };

/** Wake-ups between app processes (Redis), so a question one process holds hears another's offer at once. */
export type WakeUps = { publish: (callId: string) => void; subscribe: (wake: (callId: string) => void) => void };

/**
 * The real phone network: Kamailio. The engine decides and tells this adapter (ring, release); Kamailio asks the
 * app where calls go and reports what callers and phones do (sip.routes.ts), which turns into the engine's moves.
 * What the SIP side knows of a call (its leg) is in the database (sipLegs.ts), so any app process may answer any of
 * Kamailio's questions; a change of a call wakes the questions waiting for it in this process and, through Redis, in
 * the others (each also reads the database again every 2 s).
 */
export class SipTelephony implements Telephony {
  /** Routing questions waiting for a call's next offer listen here (event: the call id). */
  private readonly changes = new EventEmitter().setMaxListeners(0);
  private publish: (callId: string) => void = () => {};

  constructor(
    private readonly deps: {
      legs: SipLegs;
      kamailio: KamailioClient;
      /** The agent's extension and the offer's token, when the call is offered to an agent with an extension. */
      currentOffer: (callId: string) => Promise<{ extension: string; offer: string } | null>;
      log: Log;
    },
  ) {}

  /** Agents' phones register at Kamailio: only an agent whose phone is registered takes calls (sip/registration). */
  readonly phonesRegister = true;

  get legs(): SipLegs {
    return this.deps.legs;
  }

  get kamailio(): KamailioClient {
    return this.deps.kamailio;
  }

  /** Carries this process's wake-ups to the other processes and theirs here. */
  connectWakeUps(wakeUps: WakeUps) {
    this.publish = wakeUps.publish;
    wakeUps.subscribe((callId) => this.changes.emit(String(callId)));
  }

  private changed(callId: string) {
    this.changes.emit(callId);
    this.publish(callId);
  }

  ring = (callId: string) => {
    const id = String(callId);
    this.changed(id);
    // A caller parked in Kamailio (by whichever process) is continued by the process that made the offer.
    void this.continueParked(id);
  };

  /** The caller waits parked in Kamailio since the last agent's branch failed: continue it to the current offer. */
  async continueParked(callId: string): Promise<void> {
    try {
      const leg = await this.deps.legs.leg(callId);
      if (!leg?.parked) return;
      const current = await this.deps.currentOffer(callId);
      if (!current || current.offer === leg.offer) return;
      // Taken once: the park's own check and the offering process may both get here.
      const sipCallId = await this.deps.legs.unpark(callId, current.offer);
      if (sipCallId === null) return;
      if (!(await this.deps.kamailio.continueParked(sipCallId, current.extension, current.offer))) {
        throw new Error('the parked caller is gone');
      }
    } catch (error) {
      this.deps.log.warn({ err: error, callId }, 'parked caller not continued');
    }
  }

  /**
   * Outbound calls on SIP are placed by the agent's own softphone (an INVITE to the client's number through the SIP
   * server), so the app has nothing to originate here.
   */
  dial = () => {};

  connect = () => {};
  hold = () => {};
  resume = () => {};

  release = (callId: string, reason: Parameters<Telephony['release']>[1]) => {
    const id = String(callId);
    this.changed(id);
    void this.released(id, reason).catch((error: unknown) =>
      this.deps.log.warn({ err: error, callId, reason }, 'SIP server did not act'),
    );
  };

  private async released(callId: string, reason: Parameters<Telephony['release']>[1]) {
    if (reason === 'missed') {
      // The engine took the offer back: stop that agent's phone ringing; the caller waits for the next offer.
      const leg = await this.deps.legs.leg(callId);
      if (leg && leg.cseq !== null && !leg.parked) await this.deps.kamailio.cancelBranch(leg.sipCallId, leg.cseq);
      return;
    }
    const leg = await this.deps.legs.forget(callId);
    if (reason === 'abandoned' && leg?.parked) await this.deps.kamailio.rejectParked(leg.sipCallId);
    if ((reason === 'agent' || reason === 'restart') && leg?.dialog) {
      // The agent ended the call through the app (or the app restarted): end the dialog on both sides.
      await this.deps.kamailio.endDialog(leg.dialog.hEntry, leg.dialog.hId);
    }
  }

  /** Resolves when something happens to the call (an offer, a release), or after `ms`. */
  changeOf(callId: string, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.changes.off(callId, done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.changes.on(callId, done);
    });
  }
}

/** Names one offer of a call: the agent and when it was offered (the SIP server echoes the last one it rang). */
export const offerToken = (agentId: number, offeredAtMs: number) => `${agentId}.${offeredAtMs}`;
