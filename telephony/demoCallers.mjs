// The demo's callers on real SIP: a small HTTP endpoint on loopback ("place a caller": number, caller id, talk
// seconds) that the app's simulator posts to (SIP_DEMO_CALLERS_URL, with the secret shared with Kamailio). Each
// request starts a one-call SIPp caller (sipp/demo-caller.xml) dialling the campaign number through Kamailio, as a
// carrier's caller would: its plain RTP meets the browser's WebRTC in Kamailio's rtpengine.
import { timingSafeEqual } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './harness.mjs';
import { writeTonePcap } from './sipp/tonePcap.mjs';
import { runSipp, scenario } from './sipp.mjs';

const SECRET_HEADER = 'x-shiftline-secret';
const PHONE = /^\+?[0-9]{3,20}$/;
/** Calls at once; more are refused 429 (the demo has a handful of people). */
const MAX_CALLERS = 20;
/** How long a caller waits in the queue for an agent before SIPp gives up (the call ends as abandoned). */
const WAIT_S = 300;

const refuse = (response, status, field, reason) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ error: { code: 'invalid', field, message: reason } }));
};

/** The request's body as JSON (at most 4 kB), or null when it is not. */
const readJson = (request) =>
  new Promise((resolve) => {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
      if (text.length > 4096) request.destroy();
    });
    request.on('end', () => {
      try {
        resolve(JSON.parse(text));
      } catch {
        resolve(null);
      }
    });
    request.on('error', () => resolve(null));
  });

/**
 * Starts the demo callers for the Kamailio at kamailio.host:port: the HTTP endpoint that places them. `talkSeconds` overrides every call's talk time (tests keep calls short). Returns the endpoint's
 * `url`, `place()` (what the endpoint does), the callers placed so far and stop().
 */
export async function startDemoCallers({ kamailio, secret, host = '127.0.0.1', talkSeconds, log = () => undefined }) {
  const dir = mkdtempSync(join(tmpdir(), 'shiftline-demo-callers-'));
  const pcap = join(dir, 'tone.pcap');
  const pcapMs = writeTonePcap(pcap, 1);
  const template = readFileSync(scenario('demo-caller'), 'utf8')
    .replaceAll('{{PCAP}}', pcap)
    .replaceAll('{{PCAP_MS}}', String(pcapMs));
  const running = new Set();
  const placed = [];
  // The last callers' ends (exit code and SIPp's last lines), for a failing test's message.
  const ended = [];
  let sequence = 0;

  /** One caller: dials `number` as `caller`, talks `talk` seconds once answered; resolves when SIPp has started. */
  async function place({ number, caller, talk }) {
    const seconds = Math.max(1, Math.round(talkSeconds ?? talk));
    sequence += 1;
    const file = join(dir, `caller-${sequence}.xml`);
    const sipPort = await freePort(host);
    writeFileSync(
      file,
      template.replaceAll('{{TALK_S}}', String(seconds)).replaceAll('{{CONTACT}}', `${host}:${sipPort}`),
    );
    const mediaPort = await freePort(host);
    const run = runSipp([
      `${kamailio.host}:${kamailio.port}`,
      '-sf',
      file,
      '-s',
      number,
      '-key',
      'caller',
      caller,
      '-i',
      host,
      '-p',
      String(sipPort),
      '-mi',
      host,
      '-mp',
      String(mediaPort),
      '-m',
      '1',
      '-timeout',
      `${WAIT_S + seconds + 60}s`,
      '-timeout_error',
    ]);
    const entry = { number, caller, talkSeconds: seconds, run };
    running.add(entry);
    placed.push({ number, caller, talkSeconds: seconds });
    log(`demo caller ${caller} dials ${number} (talks ${seconds} s)`);
    void run.done.then((result) => {
      running.delete(entry);
      ended.push(`${caller} → ${number}: exit ${result.code}\n${result.output.slice(-1500)}`);
      if (ended.length > 5) ended.shift();
      rmSync(file, { force: true });
      if (result.code !== 0)
        log(`demo caller ${caller} → ${number} ended with ${result.code}:\n${result.output.slice(-800)}`);
    });
  }

  const server = createServer(async (request, response) => {
    if (request.method !== 'POST' || request.url !== '/callers') return refuse(response, 404, 'url', 'POST /callers');
    const given = Buffer.from(String(request.headers[SECRET_HEADER] ?? ''));
    const expected = Buffer.from(secret);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return refuse(response, 403, SECRET_HEADER, 'wrong or missing shared secret');
    }
    const body = await readJson(request);
    if (!body || typeof body !== 'object') return refuse(response, 400, 'body', 'must be a JSON object');
    if (typeof body.number !== 'string' || !PHONE.test(body.number)) {
      return refuse(response, 400, 'number', 'must be a phone number (digits, optional leading +)');
    }
    if (typeof body.caller !== 'string' || !PHONE.test(body.caller)) {
      return refuse(response, 400, 'caller', 'must be a phone number (digits, optional leading +)');
    }
    const talk = body.talk_seconds;
    if (typeof talk !== 'number' || !Number.isFinite(talk) || talk < 1 || talk > 3600) {
      return refuse(response, 400, 'talk_seconds', 'must be a number of seconds from 1 to 3600');
    }
    if (running.size >= MAX_CALLERS) return refuse(response, 429, 'callers', `at most ${MAX_CALLERS} at once`);
    await place({ number: body.number, caller: body.caller, talk });
    response.writeHead(202, { 'content-type': 'application/json' });
    response.end('{"placed":true}');
  });
  const port = await freePort(host);
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return {
    url: `http://${host}:${port}/callers`,
    /** Every caller placed so far (number, caller, talkSeconds). */
    placed: () => [...placed],
    output: () =>
      [
        ...ended,
        ...[...running].map(
          (entry) => `${entry.caller} → ${entry.number}: running\n${entry.run.output().slice(-1500)}`,
        ),
      ].join('\n'),
    async stop() {
      await new Promise((resolve) => server.close(resolve));
      await Promise.all([...running].map((entry) => entry.run.stop()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
