#!/usr/bin/env node
// `npm run telephony`: Kamailio beside the app. Installs Debian's packages (Kamailio, SIPp, rtpengine) when missing,
// renders telephony/kamailio.cfg into a temporary folder, runs Kamailio in the foreground (its log on stderr) and prints
// the environment the app needs. Start the app in another terminal with those variables (or `--app` starts it here).
//
//   npm run telephony                      Kamailio on 127.0.0.1:5060 for an app on http://127.0.0.1:3000
//   npm run telephony -- --port 5070 --app-url http://127.0.0.1:3001 --host 0.0.0.0 --domain sip.example.org
//   npm run telephony -- --app             also starts the app (npm start) with the variables set
//   npm run telephony -- --answer-chance 1 the clients agents call (a SIPp callee) answer every call (default 0.4;
//                                          --no-callee: calls to clients are refused)
//   npm run telephony -- --no-callers      no demo callers: the app's simulator places no SIP calls for people
//                                          (by default it does: SIP_DEMO_CALLERS_URL, telephony/demoCallers.mjs)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { startDemoCallers } from '../telephony/demoCallers.mjs';
import { installPackages, rtpengineInstalled, startKamailio } from '../telephony/harness.mjs';
import { startCallee } from '../telephony/sipp.mjs';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.SIP_PORT ?? '5060' },
    host: { type: 'string', default: '127.0.0.1' },
    domain: { type: 'string' },
    'app-url': { type: 'string', default: `http://127.0.0.1:${process.env.PORT ?? '3000'}` },
    secret: { type: 'string', default: process.env.SIP_SHARED_SECRET },
    'async-workers': { type: 'string', default: '32' },
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
try {
  installPackages((line) => console.error(line));
} catch (error) {
  console.error(`Could not install Kamailio: ${error.message}`);
  process.exit(1);
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
  : await startCallee({ host: values.host === '0.0.0.0' ? '127.0.0.1' : values.host, answerChance });
const kamailio = await startKamailio({
  outboundGateway: callee?.gateway,
  appUrl: values['app-url'],
  host: values.host,
  port,
  domain: values.domain,
  secret,
  asyncWorkers: Number(values['async-workers']),
  logLevel: 2,
  inheritLogs: true,
});
// Callers for people idle in Ready: the app's simulator posts here and a SIPp caller dials the campaign (browsers hear
// it through rtpengine, so without rtpengine there are none).
const callers =
  values['no-callers'] || !rtpengineInstalled()
    ? null
    : await startDemoCallers({
        // On loopback even when Kamailio listens on every address (the bridge tells Kamailio by its source address).
        kamailio: { host: kamailio.host === '0.0.0.0' ? '127.0.0.1' : kamailio.host, port: kamailio.port },
        secret,
        host: kamailio.host === '0.0.0.0' ? '127.0.0.1' : kamailio.host,
        log: (line) => console.error(line),
      });
const env = { ...kamailio.env, ...(callers ? { SIP_DEMO_CALLERS_URL: callers.url } : {}) };
const exports = Object.entries(env).map(([name, value]) => `${name}=${value}`);
console.error(`\nKamailio is listening on ${kamailio.host}:${kamailio.port} (UDP, TCP, WebSocket).`);
if (callee)
  console.error(
    `Agents' calls to clients go to a SIPp callee at ${callee.gateway} (answers ${answerChance * 100} %, plays a tone${
      callee.bridged ? ', media through rtpengine' : '; no rtpengine, so browsers hear nothing'
    }).`,
  );
if (callers)
  console.error(
    `People idle in Ready for 10 s get a caller: the app's simulator asks ${callers.url} to have SIPp dial a campaign.`,
  );
console.error(`It asks the app at ${values['app-url']} where calls go. Start the app with:\n`);
console.error(`  ${exports.join(' ')} npm start\n`);

let app = null;
if (values.app) {
  const url = new URL(values['app-url']);
  app = spawn('npm', ['start'], {
    stdio: 'inherit',
    env: { ...process.env, ...env, PORT: url.port || '3000' },
  });
  app.once('exit', (code) => void stop(code ?? 0));
}

async function stop(code = 0) {
  app?.kill('SIGTERM');
  await callers?.stop();
  await kamailio.stop();
  await callee?.stop();
  process.exit(code);
}
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
