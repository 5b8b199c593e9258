import { EventEmitter } from 'node:events';
import type { Telephony } from '../calls/index.js';
import type { KamailioClient } from './kamailioClient.js';

/** What the SIP side knows of one of the engine's calls: its caller's INVITE and, once answered, its dialog. */
export type SipLeg = {
  sipCallId: string;
  /** The caller's INVITE CSeq number (to cancel its ringing branch). */
  cseq: number | null;
  /** Parked between two agents: the next offer continues the INVITE. */
  parked: boolean;
  /** The offer the SIP server rings or rang last. */
  offer: string;
  /** The answered dialog (dlg.end_dlg's handle). */
  dialog: { hEntry: number; hId: number; sipCallId: string } | null;
  /** SIP Call-IDs of dialogs the call left (a transfer): their BYE ends nothing. */
  retired: Set<string>;
};

type Log = { warn: (object: object, message: string) => void };

/**
 * The real phone network: Kamailio. The engine decides and tells this adapter (ring, release); Kamailio asks the
 * app where calls go and reports what callers and phones do (sip.routes.ts), which turns into the engine's moves.
 * The legs are this process's memory: Kamailio echoes the call id on every question, and a call whose leg is
 * unknown here (another process answered its INVITE) is still ended by its phones' BYE.
 */
export class SipTelephony implements Telephony {
  /** Routing questions waiting for a call's next offer listen here (event: the call id). */
  readonly offers = new EventEmitter().setMaxListeners(0);
  readonly legs = new Map<string, SipLeg>();
  readonly bySipCallId = new Map<string, string>();
  /** Transfers waiting for the caller's INVITE to the target: the target's extension -> the call id. */
  readonly transfers = new Map<string, string>();
  /** Callers who cancelled before the app had named their call (their arrival is abandoned once it lands). */
  readonly leftEarly = new Set<string>();

  constructor(
    private readonly deps: {
      kamailio: KamailioClient;
      /** The agent's extension and the offer's token, when the call is offered to an agent with an extension. */
      currentOffer: (callId: string) => Promise<{ extension: string; offer: string } | null>;
      log: Log;
    },
  ) {}

  leg(callId: string): SipLeg | undefined {
    return this.legs.get(callId);
  }

  remember(callId: string, sipCallId: string): SipLeg {
    const existing = this.legs.get(callId);
    if (existing) return existing;
    const leg: SipLeg = { sipCallId, cseq: null, parked: false, offer: '', dialog: null, retired: new Set() };
    this.legs.set(callId, leg);
    this.bySipCallId.set(sipCallId, callId);
    return leg;
  }

  forget(callId: string) {
    const leg = this.legs.get(callId);
    if (!leg) return;
    this.legs.delete(callId);
    if (this.bySipCallId.get(leg.sipCallId) === callId) this.bySipCallId.delete(leg.sipCallId);
    if (leg.dialog && leg.dialog.sipCallId !== leg.sipCallId) this.bySipCallId.delete(leg.dialog.sipCallId);
  }

  ring = (callId: string) => {
    const id = String(callId);
    this.offers.emit(id);
    if (this.legs.get(id)?.parked) void this.continueParked(id);
  };

  /** The caller waits parked in Kamailio since the last agent's branch failed: continue it to the current offer. */
  async continueParked(callId: string): Promise<void> {
    const leg = this.legs.get(callId);
    if (!leg?.parked) return;
    try {
      const current = await this.deps.currentOffer(callId);
      if (!current || current.offer === leg.offer || !leg.parked) return;
      leg.parked = false;
      leg.offer = current.offer;
      if (!(await this.deps.kamailio.continueParked(leg.sipCallId, current.extension, current.offer))) {
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
    this.offers.emit(id);
    const leg = this.legs.get(id);
    if (!leg) return;
    const warn = (error: unknown) => this.deps.log.warn({ err: error, callId, reason }, 'SIP server did not act');
    if (reason === 'missed') {
      // The engine took the offer back: stop that agent's phone ringing; the caller waits for the next offer.
      if (leg.cseq !== null && !leg.parked) void this.deps.kamailio.cancelBranch(leg.sipCallId, leg.cseq).catch(warn);
      return;
    }
    if (reason === 'abandoned') {
      if (leg.parked) void this.deps.kamailio.rejectParked(leg.sipCallId).catch(warn);
      this.forget(id);
      return;
    }
    if ((reason === 'agent' || reason === 'restart') && leg.dialog) {
      // The agent ended the call through the app (or the app restarted): end the dialog on both sides.
      void this.deps.kamailio.endDialog(leg.dialog.hEntry, leg.dialog.hId).catch(warn);
    }
    this.forget(id);
  };

  /** Ends a parked caller's INVITE (the call cannot go on). */
  async rejectParked(callId: string): Promise<void> {
    const leg = this.legs.get(callId);
    if (!leg?.parked) return;
    leg.parked = false;
    await this.deps.kamailio
      .rejectParked(leg.sipCallId)
      .catch((error: unknown) => this.deps.log.warn({ err: error, callId }, 'parked caller not rejected'));
  }

  /** Resolves when something happens to the call (an offer, a release), or after `ms`. */
  changeOf(callId: string, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.offers.off(callId, done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.offers.on(callId, done);
    });
  }
}

/** Names one offer of a call: the agent and when it was offered (the SIP server echoes the last one it rang). */
export const offerToken = (agentId: number, offeredAtMs: number) => `${agentId}.${offeredAtMs}`;
