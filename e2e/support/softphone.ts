import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { freePort, type ServerProcess, spawnServer } from '@shiftline/server/testing/process';
import { build } from 'esbuild';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type RunningDemoCallers, startDemoCallers } from '../../telephony/demoCallers.mjs';
import { kamailioInstalled, type RunningKamailio, startKamailio } from '../../telephony/harness.mjs';
import { startCallee } from '../../telephony/sipp.mjs';
import { api } from './api.js';
import { signIn } from './browser.js';

/*
 * The browser softphone's test bench: the real app on a real Kamailio, Chromium with a fake microphone, and a caller
 * page running JsSIP (bundled here with esbuild from node_modules). Media stays on loopback, so the whole file runs
 * inside its own network namespace (`unshare -n`, only `lo`): runInNetworkNamespace re-runs the test file there.
 */

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
/** Set in the re-run inside the namespace. */
export const IN_NAMESPACE = process.env.SHIFTLINE_NETNS === '1';

/** Why the real-call tests cannot run on this machine, or null when they can. */
export function telephonyMissing(): string | null {
  // Kamailio anchors every call's media in rtpengine: installed together (npm run telephony installs them).
  if (!kamailioInstalled()) return 'Kamailio or rtpengine is not installed (npm run telephony installs them)';
  if (!existsSync('/usr/bin/unshare') || !existsSync('/usr/sbin/ip')) return 'unshare or ip is missing';
  if (spawnSync('unshare', ['-n', 'true']).status !== 0) return 'this user may not create a network namespace';
  if (!existsSync(join(repoRoot, 'apps/web/dist/index.html'))) return 'the web app is not built (npm run build)';
  return null;
}

/**
 * Runs this test file again inside a new network namespace with only loopback up (root is needed for unshare -n);
 * resolves with the exit code and the run's output.
 */
export function runInNetworkNamespace(testFile: string): Promise<{ code: number | null; output: string }> {
  const vitest = join(repoRoot, 'node_modules/vitest/vitest.mjs');
  const command = `ip link set lo up && exec "${process.execPath}" "${vitest}" run --project e2e-own-app "${testFile}"`;
  return new Promise((resolve) => {
    const child = spawn('unshare', ['-n', '--', 'sh', '-c', command], {
      cwd: repoRoot,
      // Without colours, so the run's summary can be read.
      env: { ...process.env, SHIFTLINE_NETNS: '1', NO_COLOR: '1', FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk: Buffer) => {
      output += chunk.toString();
      process.stdout.write(chunk);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

export type TelephonyApp = {
  baseUrl: string;
  kamailio: () => RunningKamailio;
  /** Stops Kamailio (the phones lose their server) … */
  stopKamailio: () => Promise<void>;
  /** … and starts it again on the same address with the same secret. */
  startKamailioAgain: () => Promise<void>;
  server: ServerProcess;
  /** The demo's SIP callers, when the app was started with its simulator sending people callers. */
  demoCallers: RunningDemoCallers | null;
  stop: () => Promise<void>;
};

/**
 * Kamailio and the app (TELEPHONY=sip, embedded database, no Redis) knowing each other's addresses. The simulator is
 * off, unless `peopleCallers` is given: then the demo's SIP callers (telephony/demoCallers.mjs) run beside Kamailio
 * with that talk time, and the app's simulator sends people idle in Ready real callers through them.
 */
export async function startTelephonyApp(
  options: { peopleCallers?: { talkSeconds: number } } = {},
): Promise<TelephonyApp> {
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  // SHIFTLINE_KAMAILIO_LOG_LEVEL=3 for Kamailio's debug lines in a failing test's message.
  const logLevel = Number(process.env.SHIFTLINE_KAMAILIO_LOG_LEVEL ?? 1);
  // The clients agents call: a SIPp callee answering every call after 1 s of ringing, playing a tone.
  const callee = await startCallee({ answerChance: 1, ringMs: 1000 });
  let kamailio = await startKamailio({ appUrl, logLevel, outboundGateway: callee.gateway });
  const first = kamailio;
  const demoCallers = options.peopleCallers
    ? await startDemoCallers({ kamailio, secret: kamailio.secret, talkSeconds: options.peopleCallers.talkSeconds })
    : null;
  const dataDir = await mkdtemp(join(tmpdir(), 'shiftline-softphone-'));
  const server = spawnServer({
    ...kamailio.env,
    // spawnServer turns the simulator off; with the demo callers it sends people real callers.
    ...(demoCallers ? { SIP_DEMO_CALLERS_URL: demoCallers.url, SIMULATE: 'true' } : {}),
    PORT: String(port),
    DATA_DIR: dataDir,
    LOGIN_ATTEMPTS_PER_MINUTE: '200',
    // Real calls need the demo centre, not its 90 days of history (half a minute of every start).
    DEMO_HISTORY_DAYS: '0',
  });
  const late = setTimeout(() => server.child.kill('SIGTERM'), 120_000);
  try {
    await server.ready;
  } catch (error) {
    await kamailio.stop();
    await callee.stop();
    await demoCallers?.stop();
    throw error;
  } finally {
    clearTimeout(late);
  }
  let running = true;
  return {
    baseUrl: appUrl,
    kamailio: () => kamailio,
    server,
    demoCallers,
    async stopKamailio() {
      running = false;
      await kamailio.stop();
    },
    async startKamailioAgain() {
      kamailio = await startKamailio({
        appUrl,
        port: first.port,
        secret: first.secret,
        domain: first.domain,
        logLevel,
        outboundGateway: callee.gateway,
      });
      running = true;
    },
    async stop() {
      server.child.kill('SIGTERM');
      await server.exited;
      if (running) await kamailio.stop();
      await callee.stop();
      await demoCallers?.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Chromium answering every microphone prompt with its fake device, and gathering ICE candidates on loopback. */
export function launchPhoneBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      '--allow-loopback-in-peer-connection',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
}

/**
 * Keeps every RTCPeerConnection a page makes in `window.__peerConnections`, so a test can read its stats (audio
 * packets received) without the app exposing anything.
 */
export async function recordPeerConnections(context: BrowserContext): Promise<void> {
  // A string, so no compiler helper leaks into the page.
  await context.addInitScript(`
    const Native = window.RTCPeerConnection;
    const made = [];
    window.__peerConnections = made;
    window.RTCPeerConnection = class extends Native {
      constructor(...args) {
        super(...args);
        made.push(this);
      }
    };
  `);
}

/** Inbound audio packets received on the page's newest peer connection that has any, 0 when none. */
export function audioPacketsReceived(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const made = (window as unknown as { __peerConnections?: RTCPeerConnection[] }).__peerConnections ?? [];
    let best = 0;
    for (const connection of made) {
      if (connection.connectionState === 'closed') continue;
      const stats = await connection.getStats();
      stats.forEach((report) => {
        if (report.type === 'inbound-rtp' && report.kind === 'audio')
          best = Math.max(best, report.packetsReceived ?? 0);
      });
    }
    return best;
  });
}

/*
 * The caller's phone, plain browser JavaScript (kept out of page.evaluate, so no compiler helper leaks into it):
 * startCaller connects an unregistered JsSIP UA; callerPhone dials, tells the call's state and hangs up. It follows
 * a REFER (a transfer) to the new target, as a SIP phone does, and keeps the new call as its call.
 */
const CALLER_SOURCE = `
window.startCaller = (wsUrl, domain, from) => {
  const ua = new JsSIP.UA({ sockets: [new JsSIP.WebSocketInterface(wsUrl)], uri: 'sip:' + from + '@' + domain,
    register: false, session_timers: false });
  const connected = new Promise((resolve) => ua.on('connected', resolve));
  ua.start();
  const audio = document.createElement('audio');
  audio.autoplay = true;
  document.body.append(audio);
  const phone = { state: 'idle', session: null };
  const media = { mediaConstraints: { audio: true, video: false } };
  const watch = (session) => {
    phone.session = session;
    phone.state = 'calling';
    const play = (connection) => connection.addEventListener('track', (event) => {
      audio.srcObject = event.streams[0] || null;
    });
    if (session.connection) play(session.connection);
    else session.on('peerconnection', (data) => play(data.peerconnection));
    const mark = (state) => () => { if (phone.session === session) phone.state = state; };
    session.on('confirmed', mark('confirmed'));
    session.on('ended', mark('ended'));
    session.on('failed', mark('failed'));
    session.on('refer', (data) => data.accept((next) => watch(next), media));
  };
  window.callerPhone = {
    dial: (number) => watch(ua.call('sip:' + number + '@' + domain, media)),
    state: () => phone.state,
    hangUp: () => { if (phone.session && !phone.session.isEnded()) phone.session.terminate(); },
  };
  return connected;
};
`;

let callerPage: Promise<string> | null = null;

/**
 * The caller's page: JsSIP and the caller bundled with esbuild from node_modules, served once per run from a small
 * HTTP server on loopback (a real local origin: Chromium lets it reach Kamailio and ask for the microphone).
 */
function callerPageUrl(): Promise<string> {
  callerPage ??= (async () => {
    const built = await build({
      stdin: { contents: `import * as JsSIP from 'jssip';\n${CALLER_SOURCE}`, resolveDir: join(repoRoot, 'apps/web') },
      bundle: true,
      write: false,
      format: 'iife',
      platform: 'browser',
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'silent',
    });
    const script = built.outputFiles[0]?.text ?? '';
    const html = `<!doctype html><html><head><title>Caller</title></head><body><script>${script}</script></body></html>`;
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(html);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    server.unref();
    const address = server.address();
    if (typeof address !== 'object' || address === null) throw new Error('the caller page has no address');
    return `http://127.0.0.1:${address.port}/caller`;
  })();
  return callerPage;
}

export type Caller = {
  page: Page;
  /** Dials a number through Kamailio; resolves once the call is placed (not answered). */
  dial: (number: string) => Promise<void>;
  /** The caller's call state: 'calling', 'confirmed', 'ended' or 'failed'. */
  state: () => Promise<string>;
  hangUp: () => Promise<void>;
};

/**
 * A caller that is a second browser page: JsSIP with the fake microphone, unregistered, calling from `from`. It
 * follows a REFER (a transfer) to the new target, as a SIP phone does, and keeps the new call as its call.
 */
export async function openCaller(
  browser: Browser,
  kamailio: RunningKamailio,
  from: string,
  /** Runs on the new page before it loads (a test's tracing). */
  prepare: (page: Page) => void = () => undefined,
): Promise<Caller> {
  const context = await browser.newContext();
  await recordPeerConnections(context);
  const page = await context.newPage();
  prepare(page);
  await page.goto(await callerPageUrl());
  await page.evaluate(
    ({ wsUrl, domain, from }) =>
      (window as unknown as { startCaller: (w: string, d: string, f: string) => Promise<void> }).startCaller(
        wsUrl,
        domain,
        from,
      ),
    { wsUrl: kamailio.wsUrl, domain: kamailio.domain, from },
  );
  type CallerWindow = { callerPhone: { dial: (n: string) => void; state: () => string; hangUp: () => void } };
  return {
    page,
    dial: (number) => page.evaluate((n) => (window as unknown as CallerWindow).callerPhone.dial(n), number),
    state: () => page.evaluate(() => (window as unknown as CallerWindow).callerPhone.state()),
    hangUp: () => page.evaluate(() => (window as unknown as CallerWindow).callerPhone.hangUp()),
  };
}

/**
 * Chooses the after-call form's first disposition when the campaign has any, and waits until the server has taken
 * it (the select shows it then): until then the form asks for one and Close keeps it open.
 */
export async function chooseDisposition(page: Page): Promise<void> {
  const select = page.getByTestId('after-call-disposition');
  if ((await select.count()) === 0) return;
  // Loaded: the placeholder says "Choose…" (a campaign without dispositions has only it, and needs none).
  await expect
    .poll(() => select.locator('option').first().textContent(), { timeout: 20_000, interval: 250 })
    .toBe('Choose…');
  const options = select.locator('option:not([value=""])');
  if ((await options.count()) === 0) return;
  const first = (await options.first().getAttribute('value')) as string;
  await select.selectOption(first);
  await expect.poll(() => select.inputValue(), { timeout: 20_000, interval: 250 }).toBe(first);
}

/**
 * A real-call test file's one test outside the namespace: it re-runs the file inside one (runInNetworkNamespace),
 * where `passed` tests must pass (only this re-run test is skipped there); skipped with the reason when the machine
 * lacks Kamailio, SIPp, rtpengine or unshare.
 */
export function runsInsideNamespace(file: string, title: string, passed: number, timeoutMs: number): void {
  const missing = telephonyMissing();
  describe.skipIf(IN_NAMESPACE)(title, () => {
    it.skipIf(missing !== null)(
      `runs inside a private network namespace${missing ? ` (skipped: ${missing})` : ''}`,
      async () => {
        const run = await runInNetworkNamespace(file);
        const plain = stripVTControlCharacters(run.output);
        expect(plain).toMatch(new RegExp(`Tests\\s+${passed} passed \\| 1 skipped \\(${passed + 1}\\)`));
        expect(plain).not.toMatch(/\d+ failed/);
        expect(run.code).toBe(0);
      },
      timeoutMs,
    );
  });
}

/** A page of the app signed in as `email`, its peer connections recorded (for getStats), in Toronto's zone. */
export async function signedInPhonePage(browser: Browser, baseURL: string, email: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1440, height: 900 },
    timezoneId: 'America/Toronto',
    locale: 'en-US',
  });
  context.setDefaultTimeout(20_000);
  await recordPeerConnections(context);
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

/** The softphone's state in the top bar ('none': no softphone shown). */
export async function phoneState(page: Page): Promise<string> {
  const chip = page.getByTestId('softphone-state');
  if ((await chip.count()) === 0) return 'none';
  return (await chip.getAttribute('data-state', { timeout: 2000 })) ?? 'none';
}

/** The user's live status name, as the server has it. */
export const statusName = async (page: Page) =>
  (await api<{ status: { name: string } }>(page, 'GET', '/api/status/get_current_status_info')).json.status.name;
