// rtpengine (Debian's rtpengine-daemon, userspace only) and its "ng" control protocol: bencoded dictionaries over UDP.
// Kamailio's rtpengine module drives it for every call (kamailio.cfg): it relays a browser's WebRTC media (ICE,
// DTLS-SRTP, rtcp-mux) and the plain RTP of carriers, desk phones and SIPp, transcoding where they share no codec.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { freePort, RTPENGINE_BINARY } from './harness.mjs';

/** Bencode (strings, integers, lists, dictionaries), as the ng protocol carries its messages. */
export function bencode(value) {
  if (typeof value === 'number') return `i${Math.trunc(value)}e`;
  if (typeof value === 'string') return `${Buffer.byteLength(value)}:${value}`;
  if (Array.isArray(value)) return `l${value.map(bencode).join('')}e`;
  return `d${Object.entries(value)
    .filter(([, entry]) => entry !== undefined)
    .map(([key, entry]) => bencode(key) + bencode(entry))
    .join('')}e`;
}

/** Decodes one bencoded value from a Buffer (strings come back as UTF-8 text). */
export function bdecode(buffer) {
  let at = 0;
  const next = () => {
    const kind = String.fromCharCode(buffer[at]);
    if (kind === 'i') {
      const end = buffer.indexOf(0x65, at);
      const number = Number(buffer.subarray(at + 1, end).toString());
      at = end + 1;
      return number;
    }
    if (kind === 'l' || kind === 'd') {
      at += 1;
      const items = [];
      while (buffer[at] !== 0x65) items.push(next());
      at += 1;
      if (kind === 'l') return items;
      const dict = {};
      for (let index = 0; index < items.length; index += 2) dict[items[index]] = items[index + 1];
      return dict;
    }
    const colon = buffer.indexOf(0x3a, at);
    const length = Number(buffer.subarray(at, colon).toString());
    const text = buffer.subarray(colon + 1, colon + 1 + length).toString();
    at = colon + 1 + length;
    return text;
  };
  return next();
}

/** Media ports per rtpengine: each call holds two or four while it lasts (20 calls/s of 5 s hold about 400). */
const PORTS = 4000;

/**
 * Starts rtpengine on `host` with its control port and a media port range of its own (several may run side by side:
 * a port another one holds is skipped); resolves once it answers ping. A deleted call's ports are free at once
 * (--delete-delay=0). Returns `control` ("host:port" of the ng socket), `command(name, fields)` (rejects on an error
 * result), its log and stop().
 */
export async function startRtpengine(options = {}) {
  const host = options.host ?? '127.0.0.1';
  const controlPort = await freePort(host);
  const portMin = options.portMin ?? 20_000 + Math.floor(Math.random() * 10) * PORTS;
  const child = spawn(
    RTPENGINE_BINARY,
    [
      '--config-file=none',
      '--foreground',
      '--log-stderr',
      '--table=-1',
      `--interface=${host}`,
      `--listen-ng=${host}:${controlPort}`,
      `--port-min=${portMin}`,
      `--port-max=${portMin + PORTS - 1}`,
      '--delete-delay=0',
      `--log-level=${options.logLevel ?? 5}`,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  child.stderr.on('data', (chunk) => {
    log = (log + chunk.toString()).slice(-50_000);
  });
  const socket = createSocket('udp4');
  const pending = new Map();
  socket.on('message', (message) => {
    const space = message.indexOf(0x20);
    const cookie = message.subarray(0, space).toString();
    const waiting = pending.get(cookie);
    if (!waiting) return;
    pending.delete(cookie);
    clearTimeout(waiting.timer);
    const answer = bdecode(message.subarray(space + 1));
    if (answer.result === 'error') waiting.reject(new Error(`rtpengine: ${answer['error-reason']}`));
    else waiting.resolve(answer);
  });
  await new Promise((resolve) => socket.bind(0, host, resolve));
  socket.unref();

  function command(name, fields = {}, timeoutMs = 2000) {
    const cookie = randomBytes(6).toString('hex');
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(cookie);
        reject(new Error(`rtpengine did not answer ${name}`));
      }, timeoutMs);
      pending.set(cookie, { resolve, reject, timer });
      socket.send(`${cookie} ${bencode({ ...fields, command: name })}`, controlPort, host);
    });
  }

  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`rtpengine exited at start:\n${log}`);
    try {
      await command('ping', {}, 300);
      break;
    } catch (error) {
      if (Date.now() > deadline) {
        child.kill('SIGTERM');
        socket.close();
        throw new Error(`rtpengine did not answer on ${host}:${controlPort}: ${error.message}\n${log}`);
      }
    }
  }
  return {
    control: `${host}:${controlPort}`,
    command,
    log: () => log,
    async stop() {
      socket.close();
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await gone;
      clearTimeout(timer);
    },
  };
}
