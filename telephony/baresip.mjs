// Runs Debian's baresip headless as a desk phone (its own config dir: config and accounts), for tests.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './harness.mjs';

const BARESIP_BINARY = process.env.BARESIP_BINARY ?? 'baresip';
const MODULES = '/usr/lib/baresip/modules';

export const baresipInstalled = () => spawnSync(BARESIP_BINARY, ['-h'], { stdio: 'ignore' }).error === undefined;

/**
 * A desk phone: baresip registering `extension`@`domain` at `registrar` (host:port, UDP) with the device's
 * credentials, answering every call at once (answermode=auto) with PCMU and a 440 Hz tone as its microphone.
 * `waitFor(pattern)` resolves once its log matches (e.g. /200 OK/ of its registration).
 */
export async function startBaresip({ extension, domain, registrar, username, password, host = '127.0.0.1' }) {
  const dir = mkdtempSync(join(tmpdir(), 'shiftline-baresip-'));
  const port = await freePort(host);
  writeFileSync(
    join(dir, 'config'),
    [
      'poll_method epoll',
      `sip_listen ${host}:${port}`,
      'call_local_timeout 120',
      'audio_player aubridge,speaker',
      'audio_source ausine,440',
      // ausine makes 48 kHz only; baresip resamples to PCMU's 8 kHz.
      'ausrc_srate 48000',
      'ausrc_channels 2',
      'audio_alert aubridge,alert',
      'rtp_stats yes',
      `module_path ${MODULES}`,
      'module g711.so',
      'module ausine.so',
      'module aubridge.so',
      'module_tmp account.so',
      'module_app menu.so',
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(dir, 'accounts'),
    `<sip:${extension}@${domain};transport=udp>;auth_user=${username};auth_pass=${password};` +
      `outbound="sip:${registrar};transport=udp";answermode=auto;audio_codecs=PCMU;regint=600;mwi=no\n`,
  );
  // -s: the SIP trace on stdout, so tests see the REGISTER's answers and the INVITE.
  const child = spawn(BARESIP_BINARY, ['-f', dir, '-s'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const take = (chunk) => {
    log = (log + chunk.toString()).slice(-200_000);
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    port,
    log: () => log,
    async waitFor(pattern, ms = 10_000) {
      const deadline = Date.now() + ms;
      while (!pattern.test(log)) {
        if (child.exitCode !== null) throw new Error(`baresip exited:\n${log.slice(-3000)}`);
        if (Date.now() > deadline) throw new Error(`baresip never logged ${pattern}:\n${log.slice(-3000)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
