/*
 * What the softphone controller needs of a SIP stack, so it runs the same on JsSIP (sipPhone.ts) and on the fake
 * of the unit tests. Nothing here imports JsSIP.
 */

/** Where and as whom the phone registers (from GET /api/settings/get_settings). */
export type SipAccount = {
  websocketUrl: string;
  domain: string;
  /** The extension part of the ephemeral username `<unix expiry>:<extension>`. */
  extension: string;
  username: string;
  password: string;
};

/** One call on the phone. */
export interface PhoneLine {
  /** The engine's call id (the INVITE's X-Shiftline-Call-Id), or the one the outgoing call was placed for. */
  readonly callId: number | null;
  /** The other side's number (the caller's user part), as SIP shows it. */
  readonly remoteNumber: string;
  answer(): void;
  hangUp(): void;
  hold(): void;
  unhold(): void;
  mute(): void;
  unmute(): void;
  sendDtmf(tone: string): void;
  /** REFER the other side to an extension; `done` hears whether the transfer went through. */
  transfer(extension: string, done: (ok: boolean) => void): void;
}

/** What the SIP stack tells the controller. */
export type SipListener = {
  registered(): void;
  unregistered(): void;
  registrationFailed(): void;
  registrationExpiring(): void;
  transportConnecting(attempts: number): void;
  incoming(line: PhoneLine): void;
  /** The call is connected (incoming answered, outgoing accepted by the other side). */
  confirmed(line: PhoneLine): void;
  hold(line: PhoneLine): void;
  unhold(line: PhoneLine): void;
  muted(line: PhoneLine): void;
  unmuted(line: PhoneLine): void;
  /** The call is over: hung up by either side (`failed`: it never connected, or broke). */
  ended(line: PhoneLine, failed: boolean): void;
  /** The browser refused the microphone when a call needed it. */
  microphoneBlocked(line: PhoneLine): void;
};

export interface SipStack {
  /** Connects and registers; a stack started again with new credentials drops the old registration. */
  start(account: SipAccount): void;
  /** Registers again now (renewal) with the credentials it has. */
  register(): void;
  stop(): void;
  /** Places a call to a number or extension for the engine's call `callId`. */
  call(target: string, callId: number | null): PhoneLine;
}

export type SipStackFactory = (listener: SipListener) => SipStack;
