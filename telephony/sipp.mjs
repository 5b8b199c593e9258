// Runs SIPp scenarios (telephony/sipp/*.xml) against Kamailio: registering agents, agents' phones, callers.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SIPP_BINARY } from './harness.mjs';

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
