// Runs SIPp scenarios (telephony/sipp/*.xml) against Kamailio: registering agents, agents' phones, callers.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, SIPP_BINARY } from './harness.mjs';
import { writeTonePcap } from './sipp/tonePcap.mjs';

const scenarios = join(dirname(fileURLToPath(import.meta.url)), 'sipp');
export const scenario = (name) => join(scenarios, `${name}.xml`);

/** Starts SIPp; `done` resolves with its exit code and output (exit 0: every call succeeded). */
export function runSipp(args, options = {}) {
  const child = spawn(
    SIPP_BINARY,
    [...args, '-nostdin', '-trace_err', '-error_file', options.errorFile ?? '/dev/null'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      cwd: options.cwd,
    },
  );
  let output = '';
  child.stdout.on('data', (chunk) => {
    output = (output + chunk.toString()).slice(-20_000);
  });
  child.stderr.on('data', (chunk) => {
    output = (output + chunk.toString()).slice(-20_000);
  });
  const done = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal, output })));
  return {
    child,
    done,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return done;
      child.kill('SIGTERM');
      return done;
    },
  };
}

/**
 * Registers agents' extensions at Kamailio with their ephemeral credentials; their Contact is the agent phones'
 * SIPp (`contactPort`). Resolves once every registration got its 200 (rejects otherwise). A few run at once.
 */
export async function registerAgents(kamailio, agents, contactPort, parallel = 8) {
  const queue = [...agents];
  const failures = [];
  async function worker() {
    for (let agent = queue.shift(); agent; agent = queue.shift()) {
      const run = runSipp([
        `${kamailio.host}:${kamailio.port}`,
        '-sf',
        scenario('register'),
        '-au',
        agent.username,
        '-ap',
        agent.password,
        '-key',
        'ext',
        agent.extension,
        '-key',
        'contact_port',
        String(contactPort),
        '-i',
        kamailio.host,
        '-p',
        '0',
        '-m',
        '1',
        '-timeout',
        '10s',
        '-timeout_error',
      ]);
      const result = await run.done;
      if (result.code !== 0) failures.push(`${agent.extension} (${result.code}): ${result.output.slice(-1500)}`);
    }
  }
  await Promise.all(Array.from({ length: Math.min(parallel, agents.length) }, worker));
  if (failures.length > 0) throw new Error(`SIPp registration failed for ${failures.join('\n')}`);
}

/**
 * The outbound gateway that is not a phone network: a SIPp callee answering clients' calls. Each INVITE rings for
 * `ringMs`, then is answered with probability `answerChance` (the demo's 0.4; tests choose 1 or 0) or refused 486 Busy
 * Here. An answered call plays a tone until the agent's BYE. It speaks plain RTP, like a carrier: Kamailio's
 * rtpengine gives a browser's WebRTC call audio both ways with it.
 */
export async function startCallee(options = {}) {
  const host = options.host ?? '127.0.0.1';
  const gatewayPort = options.port ?? (await freePort(host));
  const mediaPort = await freePort(host);
  const dir = mkdtempSync(join(tmpdir(), 'shiftline-callee-'));
  const file = join(dir, 'callee.xml');
  const pcap = join(dir, 'tone.pcap');
  const pcapMs = writeTonePcap(pcap);
  const chance = Math.min(1, Math.max(0, options.answerChance ?? 0.4));
  writeFileSync(
    file,
    readFileSync(scenario('callee'), 'utf8')
      .replaceAll('{{RING_MS}}', String(options.ringMs ?? 1000))
      .replaceAll('{{CONTACT}}', `${host}:${gatewayPort}`)
      .replaceAll('{{PCAP}}', pcap)
      .replaceAll('{{PCAP_MS}}', String(pcapMs))
      // SIPp's chance="0" is not "never": always and never are written without one.
      .replaceAll(
        '{{DECIDE}}',
        chance >= 1 ? '' : chance <= 0 ? '<nop next="busy"/>' : `<nop next="busy" chance="${1 - chance}"/>`,
      ),
  );
  const run = runSipp(['-sf', file, '-i', host, '-p', String(gatewayPort), '-mi', host, '-mp', String(mediaPort)]);
  // SIPp binds at once; a moment lets it listen before the first INVITE.
  await new Promise((resolve) => setTimeout(resolve, 300));
  if (run.child.exitCode !== null) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`the SIPp callee did not start:\n${run.output()}`);
  }
  return {
    host,
    port: gatewayPort,
    /** What Kamailio's OUTBOUND_GATEWAY names. */
    gateway: `${host}:${gatewayPort}`,
    output: () => run.output(),
    async stop() {
      await run.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A carrier's outbound side for one call (telephony/sipp/carrier.xml): challenges the INVITE (401), answers only one
 * that carries `user`/`password`'s digest and `callerId` in From. `done` resolves when the call is over (exit 0: it
 * met both).
 */
export async function startCarrier({ user, password, callerId, host = '127.0.0.1' }) {
  const port = await freePort(host);
  const dir = mkdtempSync(join(tmpdir(), 'shiftline-carrier-'));
  const file = join(dir, 'carrier.xml');
  writeFileSync(
    file,
    readFileSync(scenario('carrier'), 'utf8')
      .replaceAll('{{USER}}', user)
      .replaceAll('{{PASSWORD}}', password)
      .replaceAll('{{CALLER_ID}}', callerId),
  );
  const run = runSipp(['-sf', file, '-i', host, '-p', String(port), '-m', '1']);
  await new Promise((resolve) => setTimeout(resolve, 300));
  return {
    address: `${host}:${port}`,
    done: run.done,
    output: run.output,
    async stop() {
      await run.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
