import type { AgentCallType, FlowStatus, Role } from '@shiftline/shared';
import { CredentialKeeper } from './account';
import { reportBackToReady, reportEmergencyEnd, reportTechnicalIssue } from './agentStatus';
import type { SoftphoneServer } from './api';
import {
  answerDelay,
  initialSnapshot,
  isOnCall,
  PHONE_PROBLEM_TEXT,
  type PhoneEvent,
  type PhoneSnapshot,
  transition,
} from './machine';
import { startRetries } from './retries';
import type { PhoneLine, SipListener, SipStack, SipStackFactory } from './sip/types';

/*
 * The softphone's controller: feeds what the SIP stack hears into the state machine and runs the effects (call-flow
 * reports, auto-answer, ringtone, technical-issue retries, emergency end of call). Timers are the global ones, so
 * the unit tests drive it with fake timers and a fake SIP stack.
 */

/** How long the ended and fail states show before the phone waits for calls again. */
export const ENDED_SHOWN_MS = 2000;
/** How long a pickup's flag lasts: an INVITE within it is answered at once (spec §9: cleared after 2 s). */
export const PICKUP_FLAG_MS = 2000;

export type SoftphoneUser = { role: Role; callType: AgentCallType | null };

export type SoftphoneEffects = {
  /** The blocked-microphone alert (spec §5). */
  alert(text: string): void;
  ringtone: { start(): void; stop(): void };
  /** A desktop notification, when permitted. */
  notify(title: string, body: string): void;
  /** Whether the browser gives the microphone. */
  microphoneAllowed(): Promise<boolean>;
  /** The call, or the agent's status, changed on the server: screens showing them load again. */
  changed(callId: number | null): void;
};

export type SoftphoneView = PhoneSnapshot & {
  /** When the ringing call is answered by itself (ms since epoch), or null. */
  answerAt: number | null;
  /** The other side's number on the call. */
  remoteNumber: string | null;
};

export type ControllerDeps = {
  createStack: SipStackFactory;
  server: SoftphoneServer;
  user: SoftphoneUser;
  effects: SoftphoneEffects;
};

export class SoftphoneController {
  private snapshot: PhoneSnapshot = initialSnapshot;
  private view: SoftphoneView = { ...initialSnapshot, answerAt: null, remoteNumber: null };
  private readonly listeners = new Set<() => void>();
  private readonly stack: SipStack;
  private line: PhoneLine | null = null;
  private readonly credentials: CredentialKeeper;
  private answerAt: number | null = null;
  private answerTimer: ReturnType<typeof setTimeout> | null = null;
  private settleTimer: ReturnType<typeof setTimeout> | null = null;
  private pickupUntil = 0;
  private stopRetries: (() => void) | null = null;
  private wanted = true;
  private stopped = false;

  constructor(private readonly deps: ControllerDeps) {
    this.stack = deps.createStack(this.sipListener());
    this.credentials = new CredentialKeeper({
      settings: deps.server.settings,
      start: (account) => this.stack.start(account),
      register: () => this.stack.register(),
      busy: () => isOnCall(this.snapshot.state),
      wanted: () => this.wanted && !this.stopped,
    });
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  getView = () => this.view;

  /** Checks the microphone, fetches credentials and registers (unless the agent's status is paused). */
  async start(): Promise<void> {
    if (!(await this.deps.effects.microphoneAllowed())) {
      this.microphoneBlocked();
      return;
    }
    if (this.wanted) await this.connect();
  }

  stop(): void {
    this.stopped = true;
    for (const timer of [this.answerTimer, this.settleTimer]) if (timer) clearTimeout(timer);
    this.credentials.stop();
    this.stopRetries?.();
    this.deps.effects.ringtone.stop();
    this.line?.hangUp();
    this.stack.stop();
  }

  /** The agent's status keeps the phone registered (sip_register) or not. */
  setRegisterWanted(wanted: boolean): void {
    if (wanted === this.wanted) return;
    this.wanted = wanted;
    if (!wanted) {
      if (isOnCall(this.snapshot.state)) return;
      this.stopRetries?.();
      this.stack.stop();
      this.apply({ type: 'pause' });
    } else {
      this.apply({ type: 'resume' });
      void this.connect();
    }
  }

  answer(): void {
    if (this.snapshot.state !== 'incoming' || !this.line) return;
    this.clearAnswer();
    this.deps.effects.ringtone.stop();
    this.line.answer();
  }

  /** The agent hangs up: the leg ends here, and the server hears it through end_call. */
  async hangUp(): Promise<void> {
    const line = this.line;
    if (!line) return;
    line.hangUp();
    if (line.callId !== null) {
      await this.deps.server.endCall(line.callId, { clicked: true }).catch(() => undefined);
      this.deps.effects.changed(line.callId);
    }
  }

  /** start-transfer: the call moved to another agent, so this leg hangs up; the server has already moved the call. */
  dropLeg(callId: number): void {
    if (this.line && this.line.callId === callId) this.line.hangUp();
  }

  hold = () => this.line?.hold();
  unhold = () => this.line?.unhold();
  mute = () => this.line?.mute();
  unmute = () => this.line?.unmute();
  sendDtmf = (tone: string) => this.line?.sendDtmf(tone);

  /** Blind transfer (REFER) of the call to an extension; resolves whether it went through. */
  transfer(extension: string): Promise<boolean> {
    const line = this.line;
    if (!line || !isOnCall(this.snapshot.state)) return Promise.resolve(false);
    return new Promise((resolve) => line.transfer(extension, resolve));
  }

  /**
   * The call's data could not be fetched (GET get_call_data, after the query's retries): when it is the call on the
   * phone, fail state, the call ended in emergency mode and the agent back to ready or outbound (spec §4). A failed
   * fetch of any other call's page leaves the phone alone.
   */
  callDataFailed(callId: number): void {
    if (this.line === null || this.line.callId !== callId || !isOnCall(this.snapshot.state)) return;
    this.fail('call_data', callId);
  }

  /** A team lead, agent supervisor or campaign manager takes a waiting call; its INVITE is answered at once. */
  async pickup(callId: number): Promise<void> {
    this.pickupUntil = Date.now() + PICKUP_FLAG_MS;
    try {
      await this.deps.server.pickup(callId);
      this.deps.effects.changed(callId);
    } catch (error) {
      this.pickupUntil = 0;
      this.fail('pickup', callId);
      throw error;
    }
  }

  /** A new call to the client of call `inquiryId` (redial), placed when the server has made its call record. */
  async redial(inquiryId: number, phone: string): Promise<{ url: string | null; simultaneous: boolean }> {
    const answer = await this.deps.server.redial(inquiryId);
    if (answer.simultaneous_call) return { url: null, simultaneous: true };
    this.dial(phone, answer.inquiry_id);
    return { url: answer.url, simultaneous: false };
  }

  /** Places a call to a number for the engine's call `callId` (cold calls, redial). */
  dial(phone: string, callId: number | null): void {
    if (this.snapshot.state !== 'registered') throw new Error('The phone is not ready for a call.');
    const line = this.stack.call(phone, callId);
    this.line = line;
    this.apply({ type: 'outgoing', callId });
  }

  private sipListener(): SipListener {
    const mine = (line: PhoneLine) => line === this.line;
    return {
      registered: () => this.apply({ type: 'registered' }),
      unregistered: () => this.apply({ type: 'unregistered' }),
      registrationFailed: () => this.apply({ type: 'registrationFailed' }),
      registrationExpiring: () => void this.renew(),
      transportConnecting: (attempts) => this.apply({ type: 'transportConnecting', attempts }),
      incoming: (line) => this.incoming(line),
      confirmed: (line) => {
        if (!mine(line)) return;
        const outbound = this.snapshot.direction === 'outbound';
        this.apply({ type: 'answered' });
        this.report('talk', outbound ? { type: 'outbound', abonent_number: line.remoteNumber } : {});
      },
      hold: (line) => mine(line) && this.applyAndReport({ type: 'hold' }, 'hold'),
      unhold: (line) => mine(line) && this.applyAndReport({ type: 'unhold' }, this.snapshot.muted ? 'mute' : 'talk'),
      muted: (line) => mine(line) && this.applyAndReport({ type: 'mute' }, 'mute'),
      unmuted: (line) => mine(line) && this.applyAndReport({ type: 'unmute' }, this.snapshot.held ? null : 'talk'),
      ended: (line, failed) => {
        if (!mine(line)) return;
        this.clearAnswer();
        this.deps.effects.ringtone.stop();
        this.line = null;
        // A call that never connected and was not ours to keep (caller left, rang out) just ends.
        this.apply({ type: 'callEnded' });
        if (failed && this.snapshot.state !== 'ended') this.apply({ type: 'failure', problem: 'call_failed' });
        this.deps.effects.changed(line.callId);
        this.settleLater();
      },
      microphoneBlocked: (line) => {
        if (mine(line)) this.fail('call_failed', line.callId);
        this.microphoneBlocked();
      },
    };
  }

  private incoming(line: PhoneLine): void {
    if (this.snapshot.state !== 'registered') {
      // One call at a time; a paused or broken phone takes none.
      line.hangUp();
      return;
    }
    this.line = line;
    this.apply({ type: 'incoming', callId: line.callId });
    this.deps.effects.ringtone.start();
    this.deps.effects.notify('Incoming call', line.remoteNumber || 'A client is calling');
    this.report('ring');
    const delay = answerDelay(this.deps.user.role, Date.now() < this.pickupUntil);
    this.pickupUntil = 0;
    if (delay === null) return;
    this.answerAt = Date.now() + delay;
    this.answerTimer = setTimeout(() => this.answer(), delay);
    this.publish();
  }

  private applyAndReport(event: PhoneEvent, flow: FlowStatus | null): void {
    const before = this.snapshot;
    this.apply(event);
    if (flow !== null && this.snapshot !== before) this.report(flow);
  }

  /** Reports a call-flow step of the call on the phone; a refusal ends the call in emergency mode (spec §4). */
  private report(flow: FlowStatus, extra: Parameters<SoftphoneServer['flow']>[2] = {}): void {
    const callId = this.line?.callId ?? null;
    if (callId === null) return;
    this.deps.server.flow(callId, flow, extra).then(
      () => this.deps.effects.changed(callId),
      () => this.fail('call_data', callId),
    );
  }

  /** Fail state: the call ends in emergency mode and the agent goes back to ready (or outbound). */
  private fail(problem: 'call_data' | 'pickup' | 'call_failed', callId: number | null): void {
    this.clearAnswer();
    this.deps.effects.ringtone.stop();
    const line = this.line;
    this.line = null;
    line?.hangUp();
    this.apply({ type: 'failure', problem });
    reportEmergencyEnd(this.reporter(), callId);
    this.settleLater();
  }

  private microphoneBlocked(): void {
    this.apply({ type: 'microphoneBlocked' });
    this.deps.effects.alert(PHONE_PROBLEM_TEXT.microphone);
  }

  private connect(): Promise<boolean> {
    return this.credentials.connect();
  }

  /** The registration is about to run out: renewed, or a technical issue when no credentials can be had. */
  private async renew(): Promise<void> {
    if (!(await this.credentials.renew())) this.apply({ type: 'registrationExpiring' });
  }

  private apply(event: PhoneEvent): void {
    const before = this.snapshot;
    this.snapshot = transition(before, event);
    if (this.snapshot === before) return;
    if (this.snapshot.state === 'technical_issue' && before.state !== 'technical_issue') this.technicalIssue();
    if (this.snapshot.state !== 'technical_issue') {
      this.stopRetries?.();
      this.stopRetries = null;
    }
    // Registered again after a technical issue (a retry, or JsSIP's own reconnection): back to ready.
    if (before.state === 'technical_issue' && this.snapshot.state === 'registered') reportBackToReady(this.reporter());
    this.publish();
  }

  /** Technical issue: the agent's status says so, and the phone retries (not for the microphone: the person must act). */
  private technicalIssue(): void {
    reportTechnicalIssue(this.reporter());
    if (this.snapshot.problem === 'microphone') return;
    this.stopRetries?.();
    this.stopRetries = startRetries({
      // Registration coming back moves the machine out of technical issue, which stops these retries and goes
      // back to ready (apply); a look at the flag covers a registration heard between two retries.
      recovered: () => this.snapshot.registered,
      attempt: () => void this.connect(),
      onRecovered: () => this.apply({ type: 'registered' }),
      onGaveUp: () => undefined,
    });
  }

  private reporter() {
    return { server: this.deps.server, callType: this.deps.user.callType, changed: this.deps.effects.changed };
  }

  private settleLater(): void {
    if (this.settleTimer) clearTimeout(this.settleTimer);
    this.settleTimer = setTimeout(() => {
      this.settleTimer = null;
      this.apply({ type: 'settle' });
    }, ENDED_SHOWN_MS);
  }

  private clearAnswer(): void {
    if (this.answerTimer) clearTimeout(this.answerTimer);
    this.answerTimer = null;
    this.answerAt = null;
  }

  private publish(): void {
    this.view = {
      ...this.snapshot,
      answerAt: this.snapshot.state === 'incoming' ? this.answerAt : null,
      remoteNumber: this.line?.remoteNumber ?? null,
    };
    for (const listener of this.listeners) listener();
  }
}
