// Starts Kamailio beside the app: renders kamailio.cfg into a temporary folder and runs it in the foreground.
// Used by `npm run telephony` (scripts/telephony.mjs), the server's SIP tests, the browser tests and the bench.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startRtpengine } from './rtpengine.mjs';

const here = dirname(fileURLToPath(import.meta.url));
export const TEMPLATE = join(here, 'kamailio.cfg');
export const KAMAILIO_BINARY = '/usr/sbin/kamailio';
export const SIPP_BINARY = '/usr/bin/sipp';
export const RTPENGINE_BINARY = '/usr/bin/rtpengine';
/**
 * Debian 12's packages the configuration needs (kamailio itself has tm, dialog, async, jsonrpcs, htable), SIPp for
 * the scripted callers and clients, and rtpengine, which bridges browsers' WebRTC media to those clients' plain RTP.
 */
export const DEBIAN_PACKAGES = [
  'kamailio',
  'kamailio-websocket-modules',
  'kamailio-autheph-modules',
  'kamailio-utils-modules',
  'kamailio-json-modules',
  'sip-tester',
  'rtpengine-daemon',
];
const MODULES = '/usr/lib/x86_64-linux-gnu/kamailio/modules';

export const rtpengineInstalled = () => existsSync(RTPENGINE_BINARY);
/** Kamailio with the modules the configuration loads, and rtpengine, which carries every call's media. */
export const kamailioInstalled = () =>
  existsSync(KAMAILIO_BINARY) &&
  rtpengineInstalled() &&
  ['websocket.so', 'auth_ephemeral.so', 'http_client.so', 'rtpengine.so'].every((module) =>
    existsSync(join(MODULES, module)),
  );
export const sippInstalled = () => existsSync(SIPP_BINARY);

/**
 * One JSON-RPC call to Kamailio (jsonrpcs over its HTTP, with the shared secret). Through node:http: fetch refuses
 * SIP's ports 5060 and 5061 (the WHATWG "bad port" list). Resolves with the result; rejects on an error answer.
 */
export function kamailioRpc(kamailioUrl, secret, method, params = [], timeoutMs = 3000) {
  const body = JSON.stringify({ jsonrpc: '2.0', method, params, id: 1 });
  return new Promise((resolve, reject) => {
    const asked = request(
      `${kamailioUrl.replace(/\/$/, '')}/RPC`,
      {
        method: 'POST',
        headers: {
          'X-Shiftline-Secret': secret,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
        timeout: timeoutMs,
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () => {
          try {
            const answer = JSON.parse(text);
            if (answer.error) reject(new Error(`${method}: ${answer.error.message ?? 'failed'}`));
            else resolve(answer.result);
          } catch {
            reject(new Error(`${method}: HTTP ${response.statusCode} ${text.slice(0, 200)}`));
          }
        });
      },
    );
    asked.on('timeout', () => asked.destroy(new Error(`${method}: no answer within ${timeoutMs} ms`)));
    asked.on('error', reject);
    asked.end(body);
  });
}

/** Installs the Debian packages that are missing (apt-get, non-interactive). */
export function installPackages(log = (line) => process.stderr.write(`${line}\n`)) {
  if (kamailioInstalled() && sippInstalled() && rtpengineInstalled()) return;
  log(`Installing ${DEBIAN_PACKAGES.join(' ')} with apt-get…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', ...DEBIAN_PACKAGES]]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) throw new Error(`apt-get ${args[0]} failed (${result.status ?? result.error})`);
  }
}

/** A port free for both TCP and UDP on `host`. */
export async function freePort(host = '127.0.0.1') {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const port = await new Promise((resolve, reject) => {
      const server = createServer();
      server.once('error', reject);
      server.listen(0, host, () => {
        const { port: chosen } = server.address();
        server.close(() => resolve(chosen));
      });
    });
    const udpFree = await new Promise((resolve) => {
      const socket = createSocket('udp4');
      socket.once('error', () => resolve(false));
      socket.bind(port, host, () => socket.close(() => resolve(true)));
    });
    if (udpFree) return port;
  }
  throw new Error('no free port');
}

/** The configuration with its placeholders filled in; refuses a placeholder left without a value. */
export function renderConfig(values) {
  const text = readFileSync(TEMPLATE, 'utf8');
  return text.replace(/\{\{([A-Z_]+)\}\}/g, (_, name) => {
    if (values[name] === undefined) throw new Error(`kamailio.cfg: no value for {{${name}}}`);
    return String(values[name]);
  });
}

/** How long Kamailio may take to answer after its start (SIP_START_TIMEOUT_MS, or the option). */
const START_TIMEOUT_MS = Number(process.env.SIP_START_TIMEOUT_MS ?? 10_000);

/**
 * Starts rtpengine (every call's media) and Kamailio for an app at `appUrl`. Returns their addresses, the
 * environment the app needs (TELEPHONY=sip …), Kamailio's log so far, rtpengine (its ng `control` address), and stop(). A failed
 * start stops whatever it had started.
 */
export async function startKamailio(options) {
  if (!kamailioInstalled()) throw new Error('Kamailio or rtpengine is not installed (npm run telephony installs them)');
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? (await freePort(host));
  const domain = options.domain ?? host;
  const secret = options.secret ?? randomBytes(24).toString('base64url');
  const startTimeoutMs = options.startTimeoutMs ?? START_TIMEOUT_MS;
  // Where rtpengine records calls and the app keeps their WAVs: given, or a folder of this run's own.
  const ownRecordings = options.recordingsDir ? null : mkdtempSync(join(tmpdir(), 'shiftline-recordings-'));
  const removeOwnRecordings = () => ownRecordings && rmSync(ownRecordings, { recursive: true, force: true });
  // rtpengine's media address: the one browsers and phones reach (Kamailio's, unless it listens on every address).
  let rtpengine;
  try {
    rtpengine = await startRtpengine({
      host: options.mediaAddress ?? (host === '0.0.0.0' ? '127.0.0.1' : host),
      timeoutMs: startTimeoutMs,
      recordingDir: options.recordingsDir ?? ownRecordings,
      ...options.rtpengine,
    });
  } catch (error) {
    removeOwnRecordings();
    throw error;
  }
  try {
    const kamailio = await startKamailioBeside(rtpengine, { ...options, host, port, domain, secret, startTimeoutMs });
    return {
      ...kamailio,
      async stop() {
        await kamailio.stop();
        removeOwnRecordings();
      },
    };
  } catch (error) {
    await rtpengine.stop();
    removeOwnRecordings();
    throw error;
  }
}

async function startKamailioBeside(rtpengine, options) {
  const { host, port, domain, secret, startTimeoutMs } = options;
  const dir = mkdtempSync(join(tmpdir(), 'shiftline-kamailio-'));
  const cfg = join(dir, 'kamailio.cfg');
  writeFileSync(
    cfg,
    renderConfig({
      SIP_ADDR: host,
      SIP_PORT: port,
      SIP_DOMAIN: domain,
      SECRET: secret,
      APP_URL: options.appUrl.replace(/\/$/, ''),
      HOLD_MS: options.holdMs ?? 10_000,
      ASYNC_WORKERS: options.asyncWorkers ?? 16,
      CHILDREN: options.children ?? 4,
      LOG_LEVEL: options.logLevel ?? 1,
      LOG_PREFIX: '',
      BRANCH_TIMEOUT_MS: options.branchTimeoutMs ?? 22_000,
      REGISTRATION_EXPIRY: 28_800,
      // Where agents' calls to clients go (a SIPp callee in tests and the demo); '' refuses them with 503.
      OUTBOUND_GATEWAY: options.outboundGateway ?? '',
      RUN_DIR: dir,
      RTPENGINE: rtpengine.control,
    }),
  );
  const args = [
    '-DD',
    '-E',
    '-f',
    cfg,
    '-P',
    join(dir, 'kamailio.pid'),
    '-Y',
    dir,
    '-m',
    String(options.sharedMb ?? 64),
    '-M',
    '8',
  ];
  const check = spawnSync(KAMAILIO_BINARY, ['-c', ...args.slice(2)], { encoding: 'utf8' });
  if (check.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`kamailio.cfg does not load:\n${check.stderr}`);
  }
  const child = spawn(KAMAILIO_BINARY, args, {
    stdio: ['ignore', 'inherit', options.inheritLogs ? 'inherit' : 'pipe'],
  });
  let log = '';
  child.stderr?.on('data', (chunk) => {
    log += chunk.toString();
    if (log.length > 200_000) log = log.slice(-100_000);
  });
  let exited = null;
  child.once('exit', (code, signal) => {
    exited = { code, signal };
  });
  const kamailioUrl = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (exited) {
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`Kamailio exited at start (${JSON.stringify(exited)}):\n${log}`);
    }
    try {
      await kamailioRpc(kamailioUrl, secret, 'core.version', [], 1000);
      break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await gone;
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`Kamailio did not answer on ${kamailioUrl} within ${startTimeoutMs} ms:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const wsUrl = `ws://${host}:${port}`;
  return {
    host,
    port,
    domain,
    secret,
    wsUrl,
    kamailioUrl,
    dir,
    pid: child.pid,
    log: () => log,
    rtpengine,
    env: {
      TELEPHONY: 'sip',
      SIP_SHARED_SECRET: secret,
      SIP_DOMAIN: domain,
      SIP_PORT: String(port),
      SIP_WS_URL: wsUrl,
      KAMAILIO_URL: kamailioUrl,
      SIP_RTPENGINE: rtpengine.control,
      ...(rtpengine.recordingDir ? { SIP_RECORDINGS_DIR: rtpengine.recordingDir } : {}),
    },
    /** The app's SipConfig for these addresses. */
    sipConfig: {
      secret,
      domain,
      port,
      wsUrl,
      kamailioUrl,
      rtpengine: rtpengine.control,
      recordingsDir: rtpengine.recordingDir,
    },
    async stop() {
      if (!exited) {
        const gone = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await gone;
        clearTimeout(timer);
      }
      await rtpengine.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
