// rtpengine (Debian's rtpengine-daemon, userspace only). Kamailio's rtpengine module drives it for every call
// (kamailio.cfg): it relays a browser's WebRTC media (ICE, DTLS-SRTP, rtcp-mux) and the plain RTP of carriers, desk
// phones and SIPp, transcoding where they share no codec; it records the calls the app asks it to (pcap files in the
// recordings folder). Its "ng" control protocol is bencoded dictionaries over UDP: the app's client
// (apps/server/src/features/recordings/rtpengineControl.ts) speaks it; here only a ping tells that it is up.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { mkdirSync } from 'node:fs';
import { freePort, RTPENGINE_BINARY } from './harness.mjs';

/** Media ports per rtpengine: each call holds two or four while it lasts (20 calls/s of 5 s hold about 400). */
const PORTS = 4000;

/**
 * Starts rtpengine on `host` with its control port and a media port range of its own (several may run side by side:
 * a port another one holds is skipped); resolves once it answers ping. A deleted call's ports are free at once
 * (--delete-delay=0). With `recordingDir` it records the calls it is told to into that folder (created if missing),
 * as raw-IP pcap files. Returns `control` ("host:port" of the ng socket), its log and stop().
 */
export async function startRtpengine(options = {}) {
  const host = options.host ?? '127.0.0.1';
  const controlPort = await freePort(host);
  const portMin = options.portMin ?? 20_000 + Math.floor(Math.random() * 10) * PORTS;
  const recording = options.recordingDir
    ? [`--recording-dir=${options.recordingDir}`, '--recording-method=pcap', '--recording-format=raw']
    : [];
  if (options.recordingDir) mkdirSync(options.recordingDir, { recursive: true });
  const args = [
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
    ...recording,
  ];
  // Without core files: rtpengine 10.5 crashes on its way out after a recorded call (in recording_finish), and would
  // leave a core in its working folder.
  const child = spawn('/bin/sh', ['-c', 'ulimit -c 0; exec "$0" "$@"', RTPENGINE_BINARY, ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr.on('data', (chunk) => {
    log = (log + chunk.toString()).slice(-50_000);
  });
  const socket = createSocket('udp4');
  await new Promise((resolve) => socket.bind(0, host, resolve));
  socket.unref();
  const ping = (timeoutMs) =>
    new Promise((resolve, reject) => {
      const cookie = randomBytes(6).toString('hex');
      const timer = setTimeout(() => {
        socket.off('message', answered);
        reject(new Error('no answer to ping'));
      }, timeoutMs);
      function answered(message) {
        if (!message.toString().startsWith(`${cookie} `)) return;
        clearTimeout(timer);
        socket.off('message', answered);
        resolve();
      }
      socket.on('message', answered);
      socket.send(`${cookie} d7:command4:pinge`, controlPort, host);
    });

  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`rtpengine exited at start:\n${log}`);
    try {
      await ping(300);
      break;
    } catch (error) {
      if (Date.now() > deadline) {
        child.kill('SIGTERM');
        socket.close();
        throw new Error(`rtpengine did not answer on ${host}:${controlPort}: ${error.message}\n${log}`);
      }
    }
  }
  socket.close();
  return {
    control: `${host}:${controlPort}`,
    recordingDir: options.recordingDir ?? null,
    log: () => log,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await gone;
      clearTimeout(timer);
    },
  };
}
