import {
  freePort,
  kamailioInstalled,
  type RunningKamailio,
  sippInstalled,
  startKamailio,
} from '../../telephony/harness.mjs';
import { registerAgents, runSipp, type SippRun, scenario } from '../../telephony/sipp.mjs';

/*
 * The telephony harness for browser tests: Kamailio started on free ports with a rendered telephony/kamailio.cfg
 * (startKamailio; support/softphone.ts pairs it with the app and runs the file in a network namespace), and the
 * scripted SIP parties (SIPp): a caller dialling a campaign's number, agents' phones that answer.
 */
export { freePort, kamailioInstalled, type RunningKamailio, registerAgents, sippInstalled, startKamailio };

/**
 * A caller (SIPp, UDP on loopback) dialling `number` through Kamailio: waits in the queue until an agent answers,
 * talks `talkMs`, hangs up. `leaveAfterMs` instead hangs up (CANCEL) after that long without being answered.
 */
export function sippCaller(
  kamailio: Pick<RunningKamailio, 'host' | 'port'>,
  number: string,
  options: { talkMs?: number; leaveAfterMs?: number; callerNumber?: string; timeoutS?: number } = {},
): SippRun {
  const leaves = options.leaveAfterMs !== undefined;
  return runSipp([
    `${kamailio.host}:${kamailio.port}`,
    '-sf',
    scenario(leaves ? 'caller-leaves' : 'caller'),
    '-s',
    number,
    '-key',
    'caller',
    options.callerNumber ?? '+14165550177',
    '-i',
    kamailio.host,
    '-m',
    '1',
    '-d',
    String(leaves ? options.leaveAfterMs : (options.talkMs ?? 5000)),
    '-timeout',
    `${options.timeoutS ?? 120}s`,
    '-timeout_error',
  ]);
}

/** Agents' phones that ring 300 ms and answer (one SIPp for every extension registered with its port). */
export async function sippPhones(host = '127.0.0.1'): Promise<{ port: number; run: SippRun }> {
  const port = await freePort(host);
  return { port, run: runSipp(['-sf', scenario('agent'), '-i', host, '-p', String(port)]) };
}
