import type { SoftphoneSettings } from '@shiftline/shared';
import { vi } from 'vitest';
import type { SoftphoneServer } from '../../src/features/softphone/api';
import type { SoftphoneEffects } from '../../src/features/softphone/controller';
import type { PhoneLine, SipAccount, SipListener, SipStack } from '../../src/features/softphone/sip/types';

/** A phone line that records what the controller asked of it. */
export class FakeLine implements PhoneLine {
  readonly calls: string[] = [];
  transferDone: ((ok: boolean) => void) | null = null;
  constructor(
    readonly callId: number | null,
    readonly remoteNumber = '+14165550123',
  ) {}
  answer() {
    this.calls.push('answer');
  }
  hangUp() {
    this.calls.push('hangUp');
  }
  hold() {
    this.calls.push('hold');
  }
  unhold() {
    this.calls.push('unhold');
  }
  mute() {
    this.calls.push('mute');
  }
  unmute() {
    this.calls.push('unmute');
  }
  sendDtmf(tone: string) {
    this.calls.push(`dtmf:${tone}`);
  }
  transfer(extension: string, done: (ok: boolean) => void) {
    this.calls.push(`transfer:${extension}`);
    this.transferDone = done;
  }
}

/** A SIP stack the test plays: `listener` is what the controller hears, `started` the accounts it registered. */
export class FakeStack implements SipStack {
  listener!: SipListener;
  readonly started: SipAccount[] = [];
  stops = 0;
  registers = 0;
  readonly dialled: { target: string; callId: number | null; line: FakeLine }[] = [];
  start(account: SipAccount) {
    this.started.push(account);
  }
  register() {
    this.registers += 1;
  }
  stop() {
    this.stops += 1;
  }
  call(target: string, callId: number | null) {
    const line = new FakeLine(callId, target);
    this.dialled.push({ target, callId, line });
    return line;
  }
}

export function settings(expiresAt = Date.now() + 28_800_000): SoftphoneSettings {
  const expiry = Math.floor(expiresAt / 1000);
  return {
    token: { token: 'c2lnbmVk', username: `${expiry}:1007`, expires_at: new Date(expiresAt).toISOString() },
    sip_domain: 'shiftline.local',
    sip_port: 5060,
    desk_phone: false,
    websocket_proxy_url: 'ws://127.0.0.1:8080',
  };
}

/** The server the controller talks to, every call a spy answering as told. */
export function fakeServer() {
  const callData = { inquiry_id: 41 } as never;
  return {
    settings: vi.fn<SoftphoneServer['settings']>(async () => settings()),
    flow: vi.fn<SoftphoneServer['flow']>(async () => callData),
    endCall: vi.fn<SoftphoneServer['endCall']>(async () => callData),
    pickup: vi.fn<SoftphoneServer['pickup']>(async () => callData),
    setStatus: vi.fn<SoftphoneServer['setStatus']>(async () => ({}) as never),
    redial: vi.fn<SoftphoneServer['redial']>(async () => ({
      simultaneous_call: false,
      inquiry_id: 77,
      call_id: 78,
      url: '/inquiries/call/77',
    })),
    markWarmTransfer: vi.fn<SoftphoneServer['markWarmTransfer']>(async () => callData),
    inviteWarmTransfer: vi.fn<SoftphoneServer['inviteWarmTransfer']>(async () => ({ status: 'ok' as const })),
    acceptWarmInvite: vi.fn<SoftphoneServer['acceptWarmInvite']>(async () => ({ status: 'ok' as const })),
  } satisfies SoftphoneServer;
}

export function fakeEffects(microphone = true) {
  return {
    alert: vi.fn(),
    ringtone: { start: vi.fn(), stop: vi.fn() },
    notify: vi.fn(),
    microphoneAllowed: vi.fn(async () => microphone),
    changed: vi.fn(),
  } satisfies SoftphoneEffects;
}
