// Starts Kamailio beside the app: renders kamailio.cfg into a temporary folder and runs it in the foreground.
// Used by `npm run telephony` (scripts/telephony.mjs), the server's SIP tests, the browser tests and the bench.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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

export const kamailioInstalled = () =>
  existsSync(KAMAILIO_BINARY) &&
  ['websocket.so', 'auth_ephemeral.so', 'http_client.so'].every((module) => existsSync(join(MODULES, module)));
export const sippInstalled = () => existsSync(SIPP_BINARY);
export const rtpengineInstalled = () => existsSync(RTPENGINE_BINARY);

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

/**
 * Starts Kamailio for an app at `appUrl`. Returns its addresses, the environment the app needs (TELEPHONY=sip …),
 * its log so far, and stop().
 */
export async function startKamailio(options) {
  if (!kamailioInstalled()) throw new Error('Kamailio is not installed (npm run telephony installs it)');
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? (await freePort(host));
  const domain = options.domain ?? host;
  const secret = options.secret ?? randomBytes(24).toString('base64url');
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
  if (check.status !== 0) throw new Error(`kamailio.cfg does not load:\n${check.stderr}`);
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
  const kamailioUrl = `http://${host}:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (exited) throw new Error(`Kamailio exited at start (${JSON.stringify(exited)}):\n${log}`);
    try {
      const response = await fetch(`${kamailioUrl}/RPC`, {
        method: 'POST',
        headers: { 'X-Shiftline-Secret': secret, 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', method: 'core.version', id: 1 }),
      });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`Kamailio did not answer on ${kamailioUrl}:\n${log}`);
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
    env: {
      TELEPHONY: 'sip',
      SIP_SHARED_SECRET: secret,
      SIP_DOMAIN: domain,
      SIP_PORT: String(port),
      SIP_WS_URL: wsUrl,
      KAMAILIO_URL: kamailioUrl,
    },
    /** The app's SipConfig for these addresses. */
    sipConfig: { secret, domain, port, wsUrl, kamailioUrl },
    async stop() {
      if (!exited) {
        const gone = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await gone;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
