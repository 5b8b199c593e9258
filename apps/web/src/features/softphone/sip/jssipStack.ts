import { SIP_CALL_ID_HEADER, SIP_REGISTRATION_EXPIRY_SECONDS } from '@shiftline/shared';
import { C, UA, WebSocketInterface } from 'jssip';
import type { RTCSession } from 'jssip/lib/RTCSession';
import type { RTCSessionEvent } from 'jssip/lib/UA';
import type { PhoneLine, SipAccount, SipListener, SipStack } from './types';

/*
 * The thin JsSIP wiring (JsSIP 3.13): one UA registering over SIP-over-WebSocket, its sessions as PhoneLines, and
 * JsSIP's events passed on as they are. Decisions live in the controller, not here. The remote audio plays through
 * one <audio> element the stack owns.
 */

const AUDIO_ONLY = { audio: true, video: false } as const;

/** The engine's call id an INVITE carries, or null when it carries none (or not a number). */
export function callIdOf(value: string | undefined): number | null {
  if (value === undefined || value === '') return null;
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

function playRemote(audio: HTMLAudioElement, connection: RTCPeerConnection): void {
  connection.addEventListener('track', (event) => {
    const [stream] = event.streams;
    if (stream) audio.srcObject = stream;
    else audio.srcObject = new MediaStream([event.track]);
    void audio.play().catch(() => undefined);
  });
}

class JsSipLine implements PhoneLine {
  constructor(
    private readonly session: RTCSession,
    readonly callId: number | null,
    private readonly domain: string,
  ) {}

  get remoteNumber(): string {
    return this.session.remote_identity?.uri?.user ?? '';
  }
  answer() {
    this.session.answer({ mediaConstraints: AUDIO_ONLY });
  }
  hangUp() {
    if (!this.session.isEnded()) this.session.terminate();
  }
  hold() {
    this.session.hold();
  }
  unhold() {
    this.session.unhold();
  }
  mute() {
    this.session.mute({ audio: true });
  }
  unmute() {
    this.session.unmute({ audio: true });
  }
  sendDtmf(tone: string) {
    // INFO carries the tones through Kamailio without a media server (spec: keypad, DTMF by INFO).
    this.session.sendDTMF(tone, { transportType: C.DTMF_TRANSPORT.INFO });
  }
  transfer(extension: string, done: (ok: boolean) => void) {
    let told = false;
    const tell = (ok: boolean) => {
      if (told) return;
      told = true;
      done(ok);
    };
    this.session.refer(`sip:${extension}@${this.domain}`, {
      eventHandlers: {
        // The other side took the REFER and its new call was answered (NOTIFY 200): this leg is done.
        accepted: () => tell(true),
        requestFailed: () => tell(false),
        failed: () => tell(false),
      },
    });
  }
}

export function createJsSipStack(listener: SipListener): SipStack {
  let ua: UA | null = null;
  let domain = '';
  const audio = document.createElement('audio');
  audio.autoplay = true;
  audio.dataset.testid = 'softphone-audio';
  document.body.append(audio);

  function watch(session: RTCSession, line: JsSipLine): void {
    if (session.connection) playRemote(audio, session.connection);
    else session.on('peerconnection', ({ peerconnection }) => playRemote(audio, peerconnection));
    session.on('confirmed', () => listener.confirmed(line));
    session.on('hold', ({ originator }) => originator === 'local' && listener.hold(line));
    session.on('unhold', ({ originator }) => originator === 'local' && listener.unhold(line));
    session.on('muted', () => listener.muted(line));
    session.on('unmuted', () => listener.unmuted(line));
    session.on('ended', () => listener.ended(line, false));
    session.on('failed', () => listener.ended(line, true));
    session.on('getusermediafailed', () => listener.microphoneBlocked(line));
  }

  function stopUa(): void {
    if (!ua) return;
    ua.removeAllListeners();
    ua.stop();
    ua = null;
  }

  return {
    start(account: SipAccount) {
      stopUa();
      domain = account.domain;
      const next = new UA({
        sockets: [new WebSocketInterface(account.websocketUrl)],
        uri: `sip:${account.extension}@${account.domain}`,
        authorization_user: account.username,
        password: account.password,
        register: true,
        register_expires: SIP_REGISTRATION_EXPIRY_SECONDS,
        session_timers: false,
        user_agent: 'Shiftline softphone',
      });
      next.on('registered', () => listener.registered());
      next.on('unregistered', () => listener.unregistered());
      next.on('registrationFailed', () => listener.registrationFailed());
      // A listener here stops JsSIP renewing by itself: the controller decides (fresh credentials or not).
      next.on('registrationExpiring', () => listener.registrationExpiring());
      next.on('connecting', ({ attempts }) => listener.transportConnecting(attempts));
      next.on('newRTCSession', ({ originator, session, request }: RTCSessionEvent) => {
        if (originator !== 'remote') return;
        const line = new JsSipLine(session, callIdOf(request.getHeader(SIP_CALL_ID_HEADER)), domain);
        watch(session, line);
        listener.incoming(line);
      });
      ua = next;
      next.start();
    },
    register() {
      ua?.register();
    },
    stop() {
      stopUa();
      audio.srcObject = null;
    },
    call(target: string, callId: number | null) {
      if (!ua) throw new Error('The phone is not started.');
      const session = ua.call(`sip:${target}@${domain}`, {
        mediaConstraints: AUDIO_ONLY,
        extraHeaders: callId === null ? [] : [`${SIP_CALL_ID_HEADER}: ${callId}`],
      });
      const line = new JsSipLine(session, callId, domain);
      watch(session, line);
      return line;
    },
  };
}
