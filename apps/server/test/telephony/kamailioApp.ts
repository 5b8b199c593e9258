import { freePort, type KamailioOptions, type RunningKamailio, startKamailio } from '../../../../telephony/harness.mjs';
import { runSipp, scenario } from '../../../../telephony/sipp.mjs';
import type { SipConfig } from '../../src/config.js';
import { startTestApp, type TestApp } from '../support/testApp.js';

/**
 * Polls `probe` until it gives a value (anything but null, undefined or false) and resolves with it; after `ms` it
 * fails with what `explain` says (Kamailio's log, a phone's).
 */
export async function eventually<T>(
  probe: () => Promise<T | null | undefined | false>,
  options: { ms?: number; everyMs?: number; explain?: () => string } = {},
): Promise<T> {
  const deadline = Date.now() + (options.ms ?? 15_000);
  for (;;) {
    const value = await probe();
    if (value !== null && value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out${options.explain ? `; ${options.explain()}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, options.everyMs ?? 100));
  }
}

/** The end of Kamailio's log, for a failing test's message. */
export const kamailioSaid = (kamailio: RunningKamailio | null | undefined) =>
  `Kamailio said:\n${kamailio?.log().slice(-2000) ?? '(not started)'}`;

export type KamailioApp = { t: TestApp; kamailio: RunningKamailio; close: () => Promise<void> };

/**
 * The test app on real SIP: Kamailio and its rtpengine (recording into a folder of their own) on free ports, and
 * the app listening where Kamailio asks it, configured with their addresses. Kamailio holds a routing question 5 s.
 */
export async function startKamailioApp(
  options: { sip?: Partial<SipConfig>; now?: () => number; kamailio?: Omit<KamailioOptions, 'appUrl'> } = {},
): Promise<KamailioApp> {
  const appPort = await freePort();
  const kamailio = await startKamailio({ appUrl: `http://127.0.0.1:${appPort}`, holdMs: 5000, ...options.kamailio });
  try {
    const t = await startTestApp({ sip: { ...kamailio.sipConfig, ...options.sip } }, { now: options.now });
    await t.app.listen({ port: appPort, host: '127.0.0.1' });
    return {
      t,
      kamailio,
      async close() {
        await kamailio.stop();
        await t.close();
      },
    };
  } catch (error) {
    await kamailio.stop();
    throw error;
  }
}

/**
 * A carrier's caller through Kamailio: SIPp signals from 127.0.0.1, its media (plain RTP, PCMU) is `mediaPort`
 * (a test's own RTP endpoint playing a tone); it dials `number`, talks `talkMs` once answered, and hangs up.
 */
export const carrierCaller = (
  kamailio: RunningKamailio,
  call: { number: string; from: string; mediaPort: number; talkMs: number; timeout?: string },
) =>
  runSipp([
    `127.0.0.1:${kamailio.port}`,
    '-sf',
    scenario('carrier-caller'),
    '-s',
    call.number,
    '-key',
    'caller',
    call.from,
    '-key',
    'rtp_ip',
    '127.0.0.1',
    '-key',
    'rtp_port',
    String(call.mediaPort),
    '-i',
    '127.0.0.1',
    '-m',
    '1',
    '-d',
    String(call.talkMs),
    '-timeout',
    call.timeout ?? '20s',
    '-timeout_error',
  ]);

/** What SIPp said besides its statistics screen (an unexpected message, a timeout): why a call failed. */
export const sippMessages = (output: string) =>
  output
    .split('\n')
    .filter((line) => !line.includes('|') && !/^\s*-{5,}/.test(line) && line.trim() !== '')
    .join('\n')
    .slice(-2000);
