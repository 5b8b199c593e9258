// The scripted parties' front door: a SIP hop (UDP) between SIPp (the callee agents dial, the callers who dial
// campaigns) and the SIP server that passes every message on and has rtpengine rewrite the SDP, so a browser's WebRTC
// (ICE, DTLS-SRTP) meets SIPp's plain RTP in either direction, with rtpengine relaying the media between the two.
import { createHash } from 'node:crypto';
import { createSocket } from 'node:dgram';

const BRANCH_PREFIX = 'z9hG4bKbridge';
const COMPACT = { i: 'call-id', v: 'via', l: 'content-length', f: 'from', t: 'to' };

/** A SIP message split into its first line, header lines and body. */
function parse(text) {
  const split = text.indexOf('\r\n\r\n');
  const head = split < 0 ? text : text.slice(0, split);
  const body = split < 0 ? '' : text.slice(split + 4);
  const [first = '', ...headers] = head.split('\r\n');
  const header = (name) => {
    for (const line of headers) {
      const colon = line.indexOf(':');
      const key = line.slice(0, colon).trim().toLowerCase();
      if ((COMPACT[key] ?? key) === name) return line.slice(colon + 1).trim();
    }
    return null;
  };
  const cseq = header('cseq') ?? '';
  const tagOf = (value) => /;\s*tag=([^;>\s]+)/i.exec(value ?? '')?.[1];
  return {
    first,
    headers,
    body,
    isResponse: first.startsWith('SIP/2.0'),
    status: first.startsWith('SIP/2.0') ? Number(first.split(' ')[1]) : 0,
    method: first.startsWith('SIP/2.0') ? cseq.split(/\s+/)[1] : first.split(' ')[0],
    callId: header('call-id') ?? '',
    cseq,
    fromTag: tagOf(header('from')),
    toTag: tagOf(header('to')),
    topVia: header('via'),
  };
}

/** The message again with these header lines and this body (Content-Length follows the body). */
function build(message, headers, body) {
  const lines = headers.filter((line) => !/^(content-length|l)\s*:/i.test(line));
  lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  return `${message.first}\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}

const isVia = (line) => /^(via|v)\s*:/i.test(line);
const sentBy = (via) => {
  const match = /SIP\/2\.0\/\w+\s+([^;:\s]+)(?::(\d+))?/i.exec(via ?? '');
  return match ? { host: match[1], port: Number(match[2] ?? 5060) } : null;
};

/** rtpengine's offer flags for an SDP on its way to a plain-RTP party (SIPp) or to a browser (WebRTC). */
const OFFER_TOWARD = {
  plain: { 'transport-protocol': 'RTP/AVP', ICE: 'remove', 'rtcp-mux': ['demux'] },
  // What Chrome requires of an offer: ICE, DTLS-SRTP with a fingerprint, RTCP multiplexed, a media id.
  webrtc: { 'transport-protocol': 'UDP/TLS/RTP/SAVPF', ICE: 'force', 'rtcp-mux': ['require'], SDES: ['off'] },
};

/**
 * A SIP hop (UDP on host:port) between plain-RTP SIPp parties and the SIP server, whose far ends are browsers. Every
 * request gets this hop's Via (so its answers come back here) and goes to the other side; every answer loses that Via
 * and goes to the next one. An SDP offer is rewritten by rtpengine for the side it goes to (a browser's WebRTC offer
 * becomes plain RTP for SIPp, SIPp's plain offer becomes WebRTC for a browser), a 2xx's SDP answer by rtpengine's
 * answer; a BYE, a CANCEL or a failed INVITE ends rtpengine's call. Two uses:
 *  - `callee` (host, port): the clients agents call. Kamailio's OUTBOUND_GATEWAY names the hop; what comes from the
 *    callee is the plain side, anything else the SIP server.
 *  - `server` (host, port): scripted callers dialling campaigns. SIPp sends everything to the hop (-rsa) and names it
 *    in its Contact; what comes from the SIP server is the WebRTC side, anything else a caller.
 */
export async function startMediaBridge({ host, port, callee, server, rtpengine }) {
  if (!callee === !server) throw new Error('media bridge: give either callee or server');
  const socket = createSocket('udp4');
  // The rewritten SDP per message (retransmissions included), so each offer or answer is asked once.
  const rewritten = new Map();
  const once = (key, produce) => {
    if (!rewritten.has(key)) {
      const asked = produce();
      // A refused or lost question is asked again by the sender's retransmission.
      asked.catch(() => rewritten.delete(key));
      rewritten.set(key, asked);
      if (rewritten.size > 2000) rewritten.delete(rewritten.keys().next().value);
    }
    return rewritten.get(key);
  };
  const forget = (message) => rtpengine.command('delete', { 'call-id': message.callId }).catch(() => undefined);
  const same = (a, b) => a.address === b.host && a.port === b.port;
  const sideOf = (from) =>
    callee ? (same(from, callee) ? 'plain' : 'webrtc') : same(from, server) ? 'webrtc' : 'plain';
  // Each call's party on either side, learnt from its requests (the SIP server in front of a callee, a caller's SIPp).
  const peers = { plain: new Map(), webrtc: new Map() };
  const remember = (map, callId, address) => {
    map.set(callId, address);
    if (map.size > 2000) map.delete(map.keys().next().value);
  };
  const fixed = { plain: callee, webrtc: server };

  async function relayRequest(message, side) {
    const to = side === 'plain' ? 'webrtc' : 'plain';
    const next = peers[to].get(message.callId) ?? fixed[to];
    if (!next) return;
    const upstream = /branch=([^;\s,]+)/i.exec(message.topVia ?? '')?.[1] ?? message.callId;
    const branch = `${BRANCH_PREFIX}${createHash('sha1').update(upstream).digest('hex').slice(0, 16)}`;
    const headers = [`Via: SIP/2.0/UDP ${host}:${port};branch=${branch}`, ...message.headers];
    let body = message.body;
    if (message.method === 'INVITE' && body.trim() !== '') {
      const answer = await once(`${message.callId} ${message.cseq} ${side} offer`, () =>
        rtpengine.command('offer', {
          'call-id': message.callId,
          'from-tag': message.fromTag,
          'to-tag': message.toTag,
          sdp: body,
          ...OFFER_TOWARD[to],
          replace: ['origin', 'session-connection'],
        }),
      );
      body = answer.sdp;
    }
    if (message.method === 'BYE' || message.method === 'CANCEL') void forget(message);
    socket.send(build(message, headers, body), next.port, next.host);
  }

  async function relayResponse(message, side) {
    // This hop's Via comes first; SIPp writes the Vias it copies on one line, comma-separated.
    const ours = message.headers.findIndex(isVia);
    if (ours < 0 || !message.headers[ours].includes(BRANCH_PREFIX)) return;
    const [, ...others] = message.headers[ours].replace(/^[^:]*:/, '').split(',');
    const headers = [...message.headers];
    if (others.length > 0) headers[ours] = `Via: ${others.join(',').trim()}`;
    else headers.splice(ours, 1);
    const next = sentBy(headers.find(isVia)?.replace(/^[^:]*:/, ''));
    if (!next) return;
    let body = message.body;
    if (message.method === 'INVITE' && message.status >= 200 && message.status < 300 && body.trim() !== '') {
      const answer = await once(`${message.callId} ${message.cseq} ${side} answer`, () =>
        rtpengine.command('answer', {
          'call-id': message.callId,
          'from-tag': message.fromTag,
          'to-tag': message.toTag,
          sdp: body,
          replace: ['origin', 'session-connection'],
        }),
      );
      body = answer.sdp;
    }
    if (message.method === 'INVITE' && message.status >= 300) void forget(message);
    socket.send(build(message, headers, body), next.port, next.host);
  }

  socket.on('message', (data, from) => {
    const message = parse(data.toString());
    const side = sideOf(from);
    if (!message.isResponse) remember(peers[side], message.callId, { host: from.address, port: from.port });
    const handled = message.isResponse ? relayResponse(message, side) : relayRequest(message, side);
    // A message rtpengine could not rewrite is dropped; the sender's retransmission asks again.
    handled.catch((error) => process.stderr.write(`media bridge: ${error.message}\n`));
  });
  await new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(port, host, resolve);
  });
  return {
    close: () => new Promise((resolve) => socket.close(resolve)),
  };
}
