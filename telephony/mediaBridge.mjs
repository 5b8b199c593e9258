// The scripted clients' front door: a SIP hop (UDP) in front of the SIPp callee that passes every message on and has
// rtpengine rewrite the SDP, so a browser's WebRTC offer (ICE, DTLS-SRTP) reaches SIPp as plain RTP and SIPp's plain
// answer reaches the browser as WebRTC, with rtpengine relaying the media between the two.
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

/**
 * Listens on host:port (what Kamailio's OUTBOUND_GATEWAY names) and relays to the callee at `callee`. Requests from
 * the SIP server get this hop's Via (so the callee's answers come back here) and, with an SDP, an rtpengine offer;
 * answers from the callee lose that Via and, a 2xx to an INVITE, get the rtpengine answer. A BYE, a CANCEL or a
 * failed INVITE ends rtpengine's call.
 */
export async function startMediaBridge({ host, port, callee, rtpengine }) {
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
  const forget = (message) =>
    rtpengine.command('delete', { 'call-id': message.callId, 'from-tag': message.fromTag }).catch(() => undefined);
  // Where requests the callee sends itself go (the SIP server that sent the call's INVITE).
  const serverOf = new Map();

  async function fromServer(message, from) {
    if (message.isResponse) return;
    serverOf.set(message.callId, from);
    const upstream = /branch=([^;\s,]+)/i.exec(message.topVia ?? '')?.[1] ?? message.callId;
    const branch = `${BRANCH_PREFIX}${createHash('sha1').update(upstream).digest('hex').slice(0, 16)}`;
    const headers = [`Via: SIP/2.0/UDP ${host}:${port};branch=${branch}`, ...message.headers];
    let body = message.body;
    if (message.method === 'INVITE' && body.trim() !== '') {
      const answer = await once(`${message.callId} ${message.cseq} offer`, () =>
        rtpengine.command('offer', {
          'call-id': message.callId,
          'from-tag': message.fromTag,
          'to-tag': message.toTag,
          sdp: body,
          'transport-protocol': 'RTP/AVP',
          ICE: 'remove',
          'rtcp-mux': ['demux'],
          replace: ['origin', 'session-connection'],
        }),
      );
      body = answer.sdp;
    }
    if (message.method === 'BYE' || message.method === 'CANCEL') void forget(message);
    socket.send(build(message, headers, body), callee.port, callee.host);
  }

  async function fromCallee(message) {
    if (!message.isResponse) {
      const server = serverOf.get(message.callId);
      if (message.method === 'BYE') void forget(message);
      if (server) socket.send(build(message, message.headers, message.body), server.port, server.address);
      return;
    }
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
      const answer = await once(`${message.callId} ${message.cseq} answer`, () =>
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
    const handled =
      from.address === callee.host && from.port === callee.port ? fromCallee(message) : fromServer(message, from);
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
