import { spawn } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  freePort,
  kamailioInstalled,
  kamailioRpc,
  type RunningKamailio,
  sippInstalled,
  startKamailio,
} from '../../../../telephony/harness.mjs';
import { createKamailioClient } from '../../src/features/telephony/index.js';

// SIP's default port, 5060, is on the WHATWG fetch "bad port" list: the app and the scripts must reach Kamailio's HTTP
// there all the same. These tests need 5060 free on 127.0.0.1 (CI's machine); elsewhere they say why they skip.

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
const DEFAULT_SIP_PORT = 5060;

async function defaultPortFree(): Promise<boolean> {
  try {
    return (await freePortAt(DEFAULT_SIP_PORT)) === DEFAULT_SIP_PORT;
  } catch {
    return false;
  }
}
/** `port` when both TCP and UDP can bind it on loopback (throws otherwise). */
async function freePortAt(port: number): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
  });
  await new Promise<void>((resolve, reject) => {
    const socket = createSocket('udp4');
    socket.once('error', reject);
    socket.bind(port, '127.0.0.1', () => socket.close(() => resolve()));
  });
  return port;
}

const installed = kamailioInstalled() && sippInstalled();
// The file runs alone, after the other server tests (vitest.config.ts): 5060 is one port, and SIPp callers take it.
const free = installed && (await defaultPortFree());
if (!installed) console.warn('Skipping the default-port tests: Kamailio, rtpengine or SIPp is not installed.');
else if (!free) console.warn('Skipping the default-port tests: 5060 is taken on 127.0.0.1.');

/** The processes under `pid` (children, grandchildren …), from /proc. */
function descendants(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(parent, [...(parents.get(parent) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const walk = (at: number) => {
    for (const child of parents.get(at) ?? []) {
      found.push(child);
      walk(child);
    }
  };
  walk(pid);
  return found;
}
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe.skipIf(!free)('Kamailio on the default SIP port, 5060', () => {
  let kamailio: RunningKamailio | undefined;
  afterAll(async () => {
    await kamailio?.stop();
  });

  it("starts there, and the app's Kamailio client reaches its JSON-RPC and call controls", async () => {
    kamailio = await startKamailio({
      appUrl: 'http://127.0.0.1:9',
      port: DEFAULT_SIP_PORT,
      secret: 'default-port-secret-0123456789',
    });
    expect(kamailio.port).toBe(DEFAULT_SIP_PORT);
    expect(kamailio.kamailioUrl).toBe('http://127.0.0.1:5060');
    const client = createKamailioClient(kamailio.kamailioUrl, kamailio.secret);
    // No such parked caller or dialog: Kamailio's own answers, which fetch could never have fetched from 5060.
    expect(await client.rejectParked('no-such-call@test')).toBe(false);
    expect(await client.cancelBranch('no-such-call@test', 1)).toBe(false);
    await expect(client.endDialog(1, 1)).rejects.toThrow(/dlg\.end_dlg/);
    expect(await kamailioRpc(kamailio.kamailioUrl, kamailio.secret, 'core.version')).toMatch(/kamailio/i);
    await kamailio.stop();
    kamailio = undefined;
  });

  it('`npm run telephony -- --app` as the README says: Kamailio answers on 5060, the app starts, Ctrl-C stops everything it started', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'shiftline-telephony-script-'));
    // The README's command; the app's own port only moves when 3000 is taken on this machine.
    const appPort = await freePortAt(3000).catch(() => freePort());
    const script = spawn('npm', ['run', 'telephony', '--', '--app', '--app-url', `http://127.0.0.1:${appPort}`], {
      cwd: repoRoot,
      // A process group of its own, as a terminal's foreground job: Ctrl-C reaches all of it.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, DATA_DIR: dataDir, DEMO_HISTORY_DAYS: '0', LOG_LEVEL: 'warn', PORT: String(appPort) },
    });
    let output = '';
    script.stdout.on('data', (chunk) => {
      output = (output + chunk.toString()).slice(-20_000);
    });
    script.stderr.on('data', (chunk) => {
      output = (output + chunk.toString()).slice(-20_000);
    });
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      script.once('exit', (code, signal) => resolve({ code, signal })),
    );
    let started: number[] = [];
    try {
      const deadline = Date.now() + 60_000;
      let secret: string | undefined;
      let appUp = false;
      while (!(secret && appUp)) {
        if (Date.now() > deadline || script.exitCode !== null) throw new Error(`did not come up:\n${output}`);
        secret ??= /SIP_SHARED_SECRET=(\S+)/.exec(output)?.[1];
        appUp = await fetch(`http://127.0.0.1:${appPort}/readyz`, { signal: AbortSignal.timeout(2000) })
          .then((response) => response.ok)
          .catch(() => false);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(output).toContain('Kamailio is listening on 127.0.0.1:5060');
      expect(await kamailioRpc('http://127.0.0.1:5060', secret as string, 'core.version')).toMatch(/kamailio/i);
      started = descendants(script.pid as number);
      const names = started.map((pid) => {
        try {
          return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
        } catch {
          return '';
        }
      });
      expect(names).toEqual(expect.arrayContaining(['kamailio', 'rtpengine', 'sipp']));

      process.kill(-(script.pid as number), 'SIGINT');
      // npm itself ends by the Ctrl-C (as in a terminal); the script under it stops what it started, then exits.
      expect(await exited).toMatchObject({ signal: 'SIGINT' });
      // The script stops the app, the demo callers, Kamailio, rtpengine and the callee in turn (a few seconds).
      const stopBy = Date.now() + 20_000;
      while (started.some(alive) && Date.now() < stopBy) await new Promise((resolve) => setTimeout(resolve, 200));
      const left = started.filter(alive);
      expect(left, `still running after Ctrl-C: ${left.join(' ')}`).toEqual([]);
      expect(await defaultPortFree()).toBe(true);
    } finally {
      // Whatever a failure left behind (each may have gone meanwhile).
      for (const pid of [...started, ...descendants(script.pid as number), -(script.pid as number)]) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // gone
        }
      }
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
