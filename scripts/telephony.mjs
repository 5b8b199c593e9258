#!/usr/bin/env node
// `npm run telephony`: Kamailio beside the app. Installs Debian's packages (Kamailio, SIPp, rtpengine) when missing,
// starts rtpengine (every call's media) and Kamailio with telephony/kamailio.cfg rendered into a temporary folder (its
// log on stderr) and prints the environment the app needs. Start the app in another terminal with those variables (or
// `--app` starts it here). Whatever it started is stopped when any step fails, on Ctrl-C and when the app exits.
//
//   npm run telephony                      Kamailio on 127.0.0.1:5060 for an app on http://127.0.0.1:3000
//   npm run telephony -- --port 5070 --app-url http://127.0.0.1:3001 --host 0.0.0.0 --domain sip.example.org
//   npm run telephony -- --app             also starts the app (npm start) with the variables set
//   npm run telephony -- --start-timeout 30000
//                                          how long Kamailio and rtpengine may take to answer at start (ms; default
//                                          SIP_START_TIMEOUT_MS or 10000)
//   npm run telephony -- --media-address 192.0.2.10
//                                          the address rtpengine offers for media (default: --host, or 127.0.0.1
//                                          when --host is 0.0.0.0)
//   npm run telephony -- --recordings /srv/recordings
//                                          where rtpengine records calls and the app keeps their WAVs (default
//                                          data/recordings beside the embedded database, or $SIP_RECORDINGS_DIR)
//   npm run telephony -- --answer-chance 1 the clients agents call (a SIPp callee) answer every call (default 0.4;
//                                          --no-callee: calls to clients are refused)
//   npm run telephony -- --no-callers      no demo callers: the app's simulator places no SIP calls for people
//                                          (by default it does: SIP_DEMO_CALLERS_URL, telephony/demoCallers.mjs)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startDemoCallers } from '../telephony/demoCallers.mjs';
import { installPackages, startKamailio } from '../telephony/harness.mjs';
import { startCallee } from '../telephony/sipp.mjs';

// The app's data folder (DATA_DIR, or ./data at the repository root), where recordings go unless told otherwise.
const dataDir = resolve(process.env.DATA_DIR || join(dirname(fileURLToPath(import.meta.url)), '..', 'data'));
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.SIP_PORT ?? '5060' },
    host: { type: 'string', default: '127.0.0.1' },
    domain: { type: 'string' },
    'app-url': { type: 'string', default: `http://127.0.0.1:${process.env.PORT ?? '3000'}` },
    secret: { type: 'string', default: process.env.SIP_SHARED_SECRET },
    'async-workers': { type: 'string', default: '32' },
    'start-timeout': { type: 'string', default: process.env.SIP_START_TIMEOUT_MS ?? '10000' },
    'media-address': { type: 'string' },
    recordings: { type: 'string', default: process.env.SIP_RECORDINGS_DIR ?? join(dataDir, 'recordings') },
    app: { type: 'boolean', default: false },
    'answer-chance': { type: 'string', default: '0.4' },
    'no-callee': { type: 'boolean', default: false },
    'no-callers': { type: 'boolean', default: false },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`--port ${values.port} must be a port number`);
  process.exit(2);
}
const startTimeoutMs = Number(values['start-timeout']);
if (!Number.isInteger(startTimeoutMs) || startTimeoutMs < 100) {
  console.error(`--start-timeout ${values['start-timeout']} must be a whole number of milliseconds, 100 or more`);
  process.exit(2);
}
try {
  installPackages((line) => console.error(line));
} catch (error) {
  console.error(`Could not install Kamailio: ${error.message}`);
  process.exit(1);
}

// Everything started so far, stopped in reverse order when a later step fails or on exit.
const started = [];
let stopping = null;
function stop(code = 0) {
  stopping ??= (async () => {
    for (const part of started.reverse()) await part().catch((error) => console.error(error.message));
    process.exit(code);
  })();
  return stopping;
}
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
/** Runs one start-up step; on failure says why and stops what the earlier steps started. */
async function step(what, start) {
  try {
    return await start();
  } catch (error) {
    console.error(`Could not start ${what}: ${error.message}`);
    await stop(1);
  }
}

const secret = values.secret ?? randomBytes(24).toString('base64url');
const answerChance = Number(values['answer-chance']);
if (!(answerChance >= 0 && answerChance <= 1)) {
  console.error(`--answer-chance ${values['answer-chance']} must be between 0 and 1`);
  process.exit(2);
}
// The clients agents' outbound calls reach: a SIPp callee answering about 40 % of them (issue 14's demo).
const callee = values['no-callee']
  ? null
  : await step('the SIPp callee', () =>
      startCallee({ host: values.host === '0.0.0.0' ? '127.0.0.1' : values.host, answerChance }),
    );
if (callee) started.push(() => callee.stop());
const kamailio = await step('Kamailio and rtpengine', () =>
  startKamailio({
    outboundGateway: callee?.gateway,
    appUrl: values['app-url'],
    host: values.host,
    port,
    domain: values.domain,
    secret,
    asyncWorkers: Number(values['async-workers']),
    logLevel: 2,
    inheritLogs: true,
    startTimeoutMs,
    mediaAddress: values['media-address'],
    recordingsDir: resolve(values.recordings),
  }),
);
started.push(() => kamailio.stop());
// Callers for people idle in Ready: the app's simulator posts here and a SIPp caller dials the campaign.
const callers = values['no-callers']
  ? null
  : await step('the demo callers', () =>
      startDemoCallers({
        // On loopback even when Kamailio listens on every address (the bridge tells Kamailio by its source address).
        kamailio: { host: kamailio.host === '0.0.0.0' ? '127.0.0.1' : kamailio.host, port: kamailio.port },
        secret,
        host: kamailio.host === '0.0.0.0' ? '127.0.0.1' : kamailio.host,
        log: (line) => console.error(line),
      }),
    );
if (callers) started.push(() => callers.stop());
const env = { ...kamailio.env, ...(callers ? { SIP_DEMO_CALLERS_URL: callers.url } : {}) };
const exports = Object.entries(env).map(([name, value]) => `${name}=${value}`);
console.error(`\nKamailio is listening on ${kamailio.host}:${kamailio.port} (UDP, TCP, WebSocket).`);
console.error(`rtpengine carries every call's media (control ${kamailio.rtpengine.control}).`);
console.error(`Calls of campaigns that record them are recorded into ${kamailio.rtpengine.recordingDir}.`);
if (callee)
  console.error(
    `Agents' calls to clients go to a SIPp callee at ${callee.gateway} (answers ${answerChance * 100} %, plays a tone).`,
  );
if (callers)
  console.error(
    `People idle in Ready for 10 s get a caller: the app's simulator asks ${callers.url} to have SIPp dial a campaign.`,
  );
console.error(`It asks the app at ${values['app-url']} where calls go. Start the app with:\n`);
console.error(`  ${exports.join(' ')} npm start\n`);

if (values.app) {
  const url = new URL(values['app-url']);
  // In a process group of its own, so stopping it stops npm and the server under it.
  const app = spawn('npm', ['start'], {
    stdio: 'inherit',
    detached: true,
    env: { ...process.env, ...env, PORT: url.port || '3000' },
  });
  const exited = new Promise((resolve) => app.once('exit', resolve));
  started.push(async () => {
    if (app.exitCode === null && app.signalCode === null) process.kill(-app.pid, 'SIGTERM');
    await exited;
  });
  app.once('exit', (code) => void stop(code ?? 0));
}
