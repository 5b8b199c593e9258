// Calls through the real SIP path, as callers and agents experience them (issue 24, Measure): SIPp callers dial a
// campaign's number through Kamailio (and rtpengine, where Kamailio drives one), the app's router says whose phone
// rings, and SIPp agent phones registered with the app's ephemeral credentials ring, answer and talk. Per call, on the
// callers' own clock: INVITE → 180 from the agent's phone (not Kamailio's own 180, sent at once) and INVITE → 200.
// Counted against the offers the app made (its calls and agent state rows): misrouted rings (the phone that rang is
// not an agent the call was offered to), missed offers (rang out or taken back), failed and abandoned calls, and calls
// left live. Media: every answered call anchored (each side's SDP names rtpengine's port, not the other phone's), and
// the media callers' tone both ways in rtpengine's own counters (its ng `list` and `query`).
//
// The baseline, in the same run: the same SIPp load through Kamailio to the same phones, routed by a static stub (the
// next extension in turn, answered at once) instead of the app, so the app's share of every figure shows.
//
//   npm run telephony -w @shiftline/bench                 the targets: 20 calls/s for 60 s, 140 agent phones
//   npm run telephony -w @shiftline/bench -- --smoke      a short run (5 calls/s for 10 s, 30 phones)
//   … -- --rate 10 --seconds 30 --agents 80 --talk-ms 4500 --ring-ms 300 --media-calls 30 --baseline-seconds 20
//
// BENCH_POSTGRES_URL names the PostgreSQL server (a database of the run's own is created there and dropped). Needs
// Kamailio and SIPp (npm run telephony installs them).

import { spawnSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  buildApp,
  createRtpengineControl,
  demoTrunkId,
  migrateToLatest,
  openDatabase,
  RtpengineError,
} from '@shiftline/server/testing';
import { SIP_REGISTRATION_EXPIRY_SECONDS } from '@shiftline/shared';
import {
  freePort,
  kamailioInstalled,
  type RunningKamailio,
  sippInstalled,
  startKamailio,
} from '../telephony/harness.mjs';
import { writeTonePcap } from '../telephony/sipp/tonePcap.mjs';
import { registerAgents, runSipp, scenario } from '../telephony/sipp.mjs';
import { benchConfig, checkTarget, percentile, printVerdicts, runPostgresDatabase } from './support.js';

const { values: flags } = parseArgs({
  options: {
    smoke: { type: 'boolean', default: false },
    rate: { type: 'string' },
    seconds: { type: 'string' },
    agents: { type: 'string' },
    'talk-ms': { type: 'string' },
    'ring-ms': { type: 'string' },
    'media-calls': { type: 'string' },
    'baseline-seconds': { type: 'string' },
    'keep-logs': { type: 'boolean', default: false },
  },
});
const smoke = flags.smoke;
/** A numeric option: its value, else the full run's or the smoke run's default; at least `least`. */
const numberFlag = (name: keyof typeof flags, full: number, short: number, least = 0) => {
  const value = Number(flags[name] ?? (smoke ? short : full));
  if (!Number.isFinite(value) || value < least) throw new Error(`--${name}: a number ≥ ${least}, not ${flags[name]}`);
  return value;
};
const RATE = numberFlag('rate', 20, 5, 0.1);
const SECONDS = numberFlag('seconds', 60, 10, 1);
const AGENTS = Math.floor(numberFlag('agents', 140, 30, 1));
// A media call must talk long enough for RTP_MIN_PACKETS each way.
const TALK_MS = numberFlag('talk-ms', 4500, 3000, 1500);
const RING_MS = numberFlag('ring-ms', 300, 300);
const MEDIA_CALLS = Math.min(Math.floor(numberFlag('media-calls', 30, 5)), Math.floor(RATE * SECONDS));
const BASELINE_SECONDS = Math.min(SECONDS, numberFlag('baseline-seconds', 20, 5));

// The targets (issue 24) on a 2-core machine.
const RING_P99_TARGET_MS = 150;
/** The app's answer to Kamailio's routing question (issue 14). */
const ROUTING_P99_TARGET_MS = 20;
const RTP_BOTH_WAYS_TARGET = Math.min(20, MEDIA_CALLS);
/** Packets each side must have sent through rtpengine for a media call to count (1 s of 20 ms packets). */
const RTP_MIN_PACKETS = 50;

const NUMBER = '18005550100';
const HOST = '127.0.0.1';
const out = (line: string) => process.stdout.write(`${line}\n`);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

if (!kamailioInstalled() || !sippInstalled()) {
  out('Kamailio or SIPp is not installed: run `npm run telephony` once (it installs them), then this bench.');
  process.exit(1);
}

// What this run started, stopped in reverse order at its end, on a failure or on Ctrl-C.
const started: (() => Promise<unknown>)[] = [];
async function stopAll() {
  for (const stop of started.splice(0).reverse()) await stop().catch(() => undefined);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void stopAll().then(() => process.exit(130)));
}

const logs = mkdtempSync(join(tmpdir(), 'shiftline-sipbench-'));
started.push(async () => (flags['keep-logs'] ? out(`SIPp logs kept in ${logs}`) : rmSync(logs, { recursive: true })));
const pcap = join(logs, 'tone.pcap');
writeTonePcap(pcap, Math.ceil(TALK_MS / 1000) + 2);
/** A SIPp scenario of telephony/sipp with its placeholders filled in, written beside the run's logs. */
function rendered(name: 'bench-caller' | 'bench-agent', file: string, values: Record<string, string>) {
  let text = readFileSync(scenario(name), 'utf8');
  for (const [key, value] of Object.entries(values)) text = text.replaceAll(`{{${key}}}`, value);
  writeFileSync(join(logs, file), text);
  return join(logs, file);
}
const playTone = `<nop><action><exec play_pcap_audio="${pcap}"/></action></nop>`;
const callerScenario = rendered('bench-caller', 'caller.xml', { PLAY: '' });
const mediaCallerScenario = rendered('bench-caller', 'media-caller.xml', { PLAY: playTone });
const phoneScenario = rendered('bench-agent', 'agent.xml', { RING_MS: String(RING_MS), PCAP: pcap });

type Extension = { id: number; extension: string };

/** RTP packets rtpengine received from each side (SIP tag) of a call, from its `query` answer. */
function packetsBySide(answer: Record<string, unknown>): number[] {
  type Stream = { stats?: { packets?: number }; flags?: string[] };
  const tags = (answer.tags ?? {}) as Record<string, { medias?: { streams?: Stream[] }[] }>;
  return Object.entries(tags)
    .filter(([tag]) => tag !== '')
    .map(([, side]) =>
      (side.medias ?? [])
        .flatMap((media) => media.streams ?? [])
        .filter((stream) => !stream.flags?.includes('RTCP'))
        .reduce((sum, stream) => sum + (stream.stats?.packets ?? 0), 0),
    );
}

/** The agent phones: one SIPp answering every extension, each registered with the app's ephemeral credentials. */
async function startPhones(kamailio: RunningKamailio, extensions: Extension[], label: string) {
  const port = await freePort(HOST);
  const mediaPort = await freePort(HOST);
  const log = join(logs, `${label}-phones.log`);
  const phones = runSipp([
    '-sf',
    phoneScenario,
    '-i',
    HOST,
    '-p',
    String(port),
    '-mi',
    HOST,
    '-mp',
    String(mediaPort),
    '-trace_logs',
    '-log_file',
    log,
    '-max_socket',
    '2000',
  ]);
  started.push(() => phones.stop());
  const expiry = Math.floor(Date.now() / 1000) + SIP_REGISTRATION_EXPIRY_SECONDS;
  await registerAgents(
    kamailio,
    extensions.map(({ extension }) => {
      const username = `${expiry}:${extension}`;
      const password = createHmac('sha1', kamailio.secret).update(username).digest('base64');
      return { extension, username, password };
    }),
    port,
  );
  return { phones, mediaPort, log };
}

/** One SIPp caller process: `count` calls spread evenly over `seconds`. */
async function callers(kamailio: RunningKamailio, label: string, file: string, count: number, seconds: number) {
  const mediaPort = await freePort(HOST);
  const args = [
    `${kamailio.host}:${kamailio.port}`,
    '-sf',
    file,
    '-s',
    NUMBER,
    '-key',
    'caller',
    '+14165550100',
    '-i',
    HOST,
    '-mi',
    HOST,
    '-mp',
    String(mediaPort),
    '-r',
    String(count),
    '-rp',
    String(seconds * 1000),
    '-m',
    String(count),
    '-l',
    '2000',
    '-d',
    String(TALK_MS),
    '-max_socket',
    '2000',
    // A caller who hears nothing for 30 s gives up (counted failed); the whole run ends at the latest 2 min late.
    '-recv_timeout',
    '30000',
    '-timeout',
    `${seconds + 120}s`,
    '-trace_stat',
    '-stf',
    join(logs, `${label}.csv`),
    '-trace_logs',
    '-log_file',
    join(logs, `${label}.log`),
  ];
  if (label.endsWith('media')) args.push('-cid_str', 'media-%u-%p@%s');
  const run = runSipp(args, { errorFile: join(logs, `${label}-errors.log`) });
  started.push(() => run.stop());
  return { run, label, mediaPort, count };
}
type Callers = Awaited<ReturnType<typeof callers>>;

/** SIPp's own tally of a caller process: its last statistics line (successful and failed calls, cumulative). */
function sippTally(label: string) {
  const csv = readFileSync(join(logs, `${label}.csv`), 'utf8')
    .trim()
    .split('\n');
  const header = (csv[0] ?? '').split(';');
  const last = (csv.at(-1) ?? '').split(';');
  const column = (name: string) => Number(last[header.indexOf(name)] ?? Number.NaN);
  return { succeeded: column('SuccessfulCall(C)'), failed: column('FailedCall(C)') };
}

/** Why calls failed, as SIPp says (distinct reasons with their counts). */
function failureReasons(labels: string[]) {
  const reasons = new Map<string, number>();
  for (const label of labels) {
    let errors = '';
    try {
      errors = readFileSync(join(logs, `${label}-errors.log`), 'utf8');
    } catch {
      continue; // No failure, no file.
    }
    for (const match of errors.matchAll(/: (Aborting call[^\n]*|[^\n]*(?:timeout|Timeout|unexpected)[^\n]*)/g)) {
      const reason = (match[1] as string).replace(/Call-Id '[^']*'/, "Call-Id '…'").slice(0, 160);
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    }
  }
  return [...reasons].sort((a, b) => b[1] - a[1]);
}

type CallerView = { invite: number; ring?: number; answer?: number; answerPort?: string; mediaPort: number };

/** Each call as its caller saw it, by SIP Call-ID, from the callers' logs (times on SIPp's clock, ms). */
function callerViews(groups: Callers[]) {
  const calls = new Map<string, CallerView>();
  for (const group of groups) {
    for (const line of readFileSync(join(logs, `${group.label}.log`), 'utf8').split('\n')) {
      const [event, callId, tick, rest] = line.split(' ', 4) as [string, string, string, string | undefined];
      if (event === 'invite') calls.set(callId, { invite: Number(tick), mediaPort: group.mediaPort });
      const call = calls.get(callId);
      if (!call) continue;
      // The agent's phone's 180 carries its To tag (…SIPpTag01…); Kamailio's own 180 comes first, with its own tag.
      if (event === '180' && call.ring === undefined && rest?.includes('SIPpTag01')) call.ring = Number(tick);
      if (event === '200') {
        call.answer = Number(tick);
        call.answerPort = rest ?? '';
      }
    }
  }
  return calls;
}

type Ring = { sipCallId: string; extension: string; appCallId: string; port: string };

/** Every INVITE an agent's phone received, from the phones' log. */
function phoneRings(log: string): Ring[] {
  return readFileSync(log, 'utf8')
    .split('\n')
    .map((line) => /^rang (\S+) INVITE sip:(\S+) call (\d*) port (\d*)/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map(([, sipCallId, extension, appCallId, port]) => ({
      sipCallId: sipCallId as string,
      extension: extension as string,
      appCallId: appCallId as string,
      port: port as string,
    }));
}

/** Whether rtpengine received RTP from both sides of a call (its packets per side). */
const bothWays = (sides: number[] = []) => sides.length >= 2 && sides.every((packets) => packets >= RTP_MIN_PACKETS);

/** Polls rtpengine while calls run: which calls it anchors, and the media calls' packets from each side. */
function watchRtpengine(address: string | undefined) {
  if (!address) return null;
  const control = createRtpengineControl(address);
  const seen = new Set<string>();
  const packets = new Map<string, number[]>();
  let errors = 0;
  let polling = false;
  const poll = async () => {
    if (polling) return;
    polling = true;
    try {
      const list = await control.command('list', { limit: 10_000 });
      for (const callId of (list.calls ?? []) as string[]) {
        seen.add(callId);
        // Media calls only, until both sides' counts suffice (a call stays listed a while after its BYE).
        if (!callId.startsWith('media-') || bothWays(packets.get(callId))) continue;
        // A call deleted meanwhile is an error answer, not a failure of the poll.
        const answer = await control.command('query', { 'call-id': callId }).catch((error: unknown) => {
          if (error instanceof RtpengineError) return null;
          throw error;
        });
        if (answer) packets.set(callId, packetsBySide(answer));
      }
    } catch {
      errors += 1;
    } finally {
      polling = false;
    }
  };
  const timer = setInterval(() => void poll(), 1000);
  return {
    seen,
    packets,
    errors: () => errors,
    async stop() {
      clearInterval(timer);
      await poll();
      control.close();
    },
  };
}

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/**
 * CPU seconds (user + system) used so far by the processes this one started, by program name: each live descendant's own
 * time (Kamailio's children, rtpengine, the phones' SIPp), and the children it has reaped ("sipp": the callers).
 */
function cpuOfChildren(): Map<string, number> {
  const processes = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        return [{ pid: Number(pid), ppid: Number(fields[1]), name, fields }];
      } catch {
        return []; // Gone meanwhile.
      }
    });
  const seconds = (fields: string[], from: number) => (Number(fields[from]) + Number(fields[from + 1])) / CLOCK_TICKS;
  const mine = new Set([process.pid]);
  const byProgram = new Map<string, number>();
  // Parents come before their children in /proc's order often, not always: repeat until no new descendant appears.
  for (let grown = true; grown; ) {
    grown = false;
    for (const entry of processes) {
      if (mine.has(entry.pid) || !mine.has(entry.ppid)) continue;
      mine.add(entry.pid);
      grown = true;
      byProgram.set(entry.name, (byProgram.get(entry.name) ?? 0) + seconds(entry.fields, 11));
    }
  }
  const self = processes.find((entry) => entry.pid === process.pid);
  if (self) byProgram.set('sipp', (byProgram.get('sipp') ?? 0) + seconds(self.fields, 13));
  return byProgram;
}

const percentiles = (values: number[], digits = 0) =>
  values.length === 0
    ? 'none'
    : [50, 95, 99]
        .map((p) => `p${p} ${percentile(values, p).toFixed(digits)}`)
        .concat(`max ${Math.max(...values).toFixed(digits)} ms`)
        .join(', ');

/**
 * Places the load through `kamailio` to `phones` (RATE calls/s for `seconds`, MEDIA share of it from media callers
 * playing a tone) and reads what callers, phones and rtpengine saw.
 */
async function placeCalls(
  label: string,
  kamailio: RunningKamailio,
  phones: { mediaPort: number; log: string },
  seconds: number,
) {
  const total = Math.round(RATE * seconds);
  const media = Math.min(total, Math.round((MEDIA_CALLS * seconds) / SECONDS));
  const rtpengine = watchRtpengine(kamailio.rtpengine.control);
  const cpu = process.cpuUsage();
  const childrenCpu = cpuOfChildren();
  const startedAt = performance.now();
  const groups = await Promise.all(
    [
      total - media > 0 ? callers(kamailio, `${label}-callers`, callerScenario, total - media, seconds) : null,
      media > 0 ? callers(kamailio, `${label}-media`, mediaCallerScenario, media, seconds) : null,
    ].filter((group) => group !== null),
  );
  for (const result of await Promise.all(groups.map((group) => group.run.done))) {
    if (result.code !== 0 && result.code !== 1)
      throw new Error(`SIPp's callers stopped (${result.code}):\n${result.output}`);
  }
  const elapsed = (performance.now() - startedAt) / 1000;
  const used = process.cpuUsage(cpu);
  const childrenUsed = [...cpuOfChildren()]
    .map(([name, seconds]) => [name, seconds - (childrenCpu.get(name) ?? 0)] as const)
    .filter(([name]) => ['kamailio', 'rtpengine', 'sipp'].includes(name));
  await rtpengine?.stop();

  const tallies = groups.map((group) => sippTally(group.label));
  const views = callerViews(groups);
  const rings = phoneRings(phones.log);
  const ringsOf = new Map<string, Ring[]>();
  for (const ring of rings) ringsOf.set(ring.sipCallId, [...(ringsOf.get(ring.sipCallId) ?? []), ring]);
  const ringMs: number[] = [];
  const answerMs: number[] = [];
  let anchored = 0;
  let answered = 0;
  for (const [sipCallId, view] of views) {
    if (view.ring !== undefined) ringMs.push(view.ring - view.invite);
    if (view.answer === undefined) continue;
    answered += 1;
    answerMs.push(view.answer - view.invite);
    // Anchored: the caller sends to a port that is not the phones', and the phone that answered to one not the caller's.
    const phonePort = ringsOf.get(sipCallId)?.at(-1)?.port;
    if (view.answerPort !== String(phones.mediaPort) && phonePort !== undefined && phonePort !== String(view.mediaPort))
      anchored += 1;
  }
  const mediaCalls = [...views.keys()].filter((callId) => callId.startsWith('media-'));
  const withRtp = mediaCalls.filter((callId) => bothWays(rtpengine?.packets.get(callId))).length;
  return {
    label,
    total,
    elapsed,
    cpuSeconds: [['this process (the app or the stub)', (used.user + used.system) / 1e6] as const, ...childrenUsed],
    succeeded: tallies.reduce((sum, tally) => sum + tally.succeeded, 0),
    failed: tallies.reduce((sum, tally) => sum + tally.failed, 0),
    reasons: failureReasons(groups.map((group) => group.label)),
    placed: views.size,
    answered,
    anchored,
    ringMs,
    answerMs,
    rings,
    mediaCalls: mediaCalls.length,
    bothWays: withRtp,
    rtpengine: rtpengine
      ? { listed: [...views.keys()].filter((callId) => rtpengine.seen.has(callId)).length, errors: rtpengine.errors() }
      : null,
  };
}
type Measured = Awaited<ReturnType<typeof placeCalls>>;

function report(measured: Measured) {
  out(
    `  ${measured.placed} calls placed in ${measured.elapsed.toFixed(0)} s: ${measured.succeeded} completed, ${measured.failed} failed (SIPp), ${measured.answered} answered`,
  );
  for (const [reason, count] of measured.reasons.slice(0, 5)) out(`    ${count} × ${reason}`);
  out(`  INVITE → agent's phone rings (its 180): ${percentiles(measured.ringMs)} (${measured.ringMs.length} calls)`);
  out(
    `  INVITE → answer (200):                  ${percentiles(measured.answerMs)} (${measured.answerMs.length} calls)`,
  );
  out(
    measured.rtpengine
      ? `  Media: ${measured.anchored} of ${measured.answered} answered calls anchored; rtpengine listed ${measured.rtpengine.listed} of ${measured.placed}; ${measured.bothWays} of ${measured.mediaCalls} media calls with RTP both ways (≥ ${RTP_MIN_PACKETS} packets a side)${measured.rtpengine.errors ? `; ${measured.rtpengine.errors} failed polls` : ''}`
      : `  Media: ${measured.anchored} of ${measured.answered} answered calls anchored; rtpengine's counters could not be read: media not checked`,
  );
  const cpu = measured.cpuSeconds
    .map(([name, seconds]) => `${name} ${seconds.toFixed(1)} s (${((100 * seconds) / measured.elapsed).toFixed(0)}%)`)
    .join(', ');
  out(`  CPU while the calls ran (% of one core): ${cpu}`);
}

/**
 * The baseline: Kamailio asks a static stub instead of the app, which rings the next extension in turn at once and
 * takes every report (answered, hangup, …) with 200; the same callers and phones.
 */
async function baseline(extensions: Extension[]) {
  let next = 0;
  const stub = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      response.setHeader('content-type', 'text/plain; charset=utf-8');
      if (request.url === '/api/telephony/sip/route') {
        const { call_id: callId } = JSON.parse(body) as { call_id: string };
        // A new call rings the next phone; a question about a known call (none come while every phone answers) waits.
        if (callId === '') {
          next += 1;
          const phone = extensions[next % extensions.length] as Extension;
          response.end(`ring ${phone.extension} ${next} ${phone.id}.${next}\n`);
          return;
        }
        response.end('wait\n');
        return;
      }
      response.end('ok\n');
    });
  });
  await new Promise<void>((resolve) => stub.listen(0, HOST, resolve));
  const address = stub.address();
  const stubPort = typeof address === 'object' && address ? address.port : 0;
  started.push(() => new Promise((resolve) => stub.close(resolve)));
  const kamailio = await startKamailio({
    appUrl: `http://${HOST}:${stubPort}`,
    asyncWorkers: 48,
    children: 8,
    sharedMb: 256,
  });
  started.push(() => kamailio.stop());
  const phones = await startPhones(kamailio, extensions, 'baseline');
  const measured = await placeCalls('baseline', kamailio, phones, BASELINE_SECONDS);
  // This stage's processes end here; the app's run starts its own.
  await phones.phones.stop();
  await kamailio.stop();
  await new Promise((resolve) => stub.close(resolve));
  return measured;
}

/** The app on a database of this run's own: one inbound campaign with a number, its agents with extensions 2000… */
async function withApp(extensionsWanted: number) {
  const database = await runPostgresDatabase('shiftline_bench_telephony');
  started.push(database.drop);
  const handle = await openDatabase({ databaseUrl: database.url, dataDir: '' });
  started.push(() => handle.close());
  await migrateToLatest(handle.db as never);
  const { db } = handle;
  const campaign = await db
    .insertInto('campaigns')
    .values({ name: 'SIP bench', unique_name: 'sip_bench', type: 'inbound' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('campaign_numbers')
    .values({ phone: NUMBER, campaign_id: campaign.id, trunk_id: await demoTrunkId(db) })
    .execute();
  const agents = await db
    .insertInto('users')
    .values(
      Array.from({ length: extensionsWanted }, (_, index) => ({
        email: `sip.agent${index}@bench.test`,
        password_hash: 'not-used',
        first_name: 'Bench',
        second_name: `Phone ${index}`,
        role: 'agent' as const,
        timezone: 'America/Toronto',
        extension: String(2000 + index),
      })),
    )
    .returning(['id', 'extension'])
    .execute();
  await db
    .insertInto('campaign_agents')
    .values(agents.map((agent) => ({ campaign_id: campaign.id, user_id: agent.id })))
    .execute();
  const extensions = agents.map((agent) => ({ id: agent.id, extension: agent.extension as string }));

  const secret = randomBytes(24).toString('base64url');
  const sipPort = await freePort(HOST);
  const sip = {
    secret,
    domain: HOST,
    port: sipPort,
    wsUrl: `ws://${HOST}:${sipPort}`,
    kamailioUrl: `http://${HOST}:${sipPort}`,
  };
  const app = await buildApp({ config: { ...benchConfig(), sip }, database: handle, live: { sweepEveryMs: 1000 } });
  started.push(() => app.close());
  // Of the ring, the app's own part: its answer to Kamailio's question for calls offered at once (the app says in
  // x-shiftline-queued that an answer waited for an agent to come free).
  const decisions: number[] = [];
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url === '/api/telephony/sip/route' && typeof payload === 'string' && payload.startsWith('ring')) {
      const { call_id: callId } = request.body as { call_id?: string };
      if (callId === '' && !reply.getHeader('x-shiftline-queued')) (request as { ringing?: true }).ringing = true;
    }
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    if ((request as { ringing?: true }).ringing) decisions.push(reply.elapsedTime);
  });
  await app.listen({ port: 0, host: HOST });
  const address = app.server.address();
  const appPort = typeof address === 'object' && address ? address.port : 0;
  const kamailio = await startKamailio({
    appUrl: `http://${HOST}:${appPort}`,
    port: sipPort,
    secret,
    asyncWorkers: 48,
    children: 8,
    sharedMb: 256,
  });
  started.push(() => kamailio.stop());
  const phones = await startPhones(kamailio, extensions, 'app');
  // Phones register first, then agents go Ready: on SIP, Ready without a registered phone is Technical issues. The
  // registrations reach the app through Kamailio's ordered event queue a moment after their 200.
  const registeredBy = Date.now() + 30_000;
  for (;;) {
    const registered = await db
      .selectFrom('sip_phones')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('registered', '=', true)
      .executeTakeFirstOrThrow();
    if (Number(registered.count) >= extensions.length) break;
    if (Date.now() > registeredBy)
      throw new Error(`only ${registered.count} of ${extensions.length} phones registered`);
    await pause(100);
  }
  const engine = app.live.engine;
  const asAgent = (id: number) => ({ id, role: 'agent' as const, agent_call_type: null });
  for (const agent of extensions) await engine.setStatus(asAgent(agent.id), { status_name: 'ready' });

  // The agents back to Ready (closing the call's form) as soon as a call leaves them in after-call work.
  let running = true;
  const returning = (async () => {
    while (running) {
      const afterCall = await db
        .selectFrom('agent_state_log')
        .select(['user_id', 'call_id'])
        .where('end_at', 'is', null)
        .where('state', '=', 'after_call_work')
        .execute();
      for (const row of afterCall) {
        await engine
          .setStatus(asAgent(row.user_id), {
            status_name: 'ready',
            call_id: row.call_id === null ? null : Number(row.call_id),
          })
          .catch(() => undefined);
      }
      await pause(200);
    }
  })();
  const measured = await placeCalls('app', kamailio, phones, SECONDS);
  // Let the last hang-ups reach the app before counting.
  await pause(1500);
  running = false;
  await returning;

  // The app's side: its calls, the offers it made (an agent going to ringing on a call), those answered.
  const calls = await db
    .selectFrom('calls')
    .select(['id', 'answered_at', 'abandoned', 'hung_up_at', 'status'])
    .execute();
  const states = await db
    .selectFrom('agent_state_log')
    .select(['user_id', 'call_id', 'state'])
    .where('state', 'in', ['ringing', 'on_call'])
    .where('call_id', 'is not', null)
    .execute();
  const key = (userId: number, callId: string | number | null) => `${userId}/${callId}`;
  const offers = states.filter((row) => row.state === 'ringing');
  const talked = new Set(states.filter((row) => row.state === 'on_call').map((row) => key(row.user_id, row.call_id)));
  const offered = new Set(offers.map((row) => key(row.user_id, row.call_id)));
  const idOf = new Map(extensions.map((agent) => [agent.extension, agent.id]));
  // Misrouted: a phone rang for a call that was never offered to its agent (or rang with no call of the app's).
  const misrouted = measured.rings.filter((ring) => {
    const agentId = idOf.get(ring.extension);
    return ring.appCallId === '' || agentId === undefined || !offered.has(key(agentId, ring.appCallId));
  }).length;
  const rang = new Set(measured.rings.map((ring) => key(idOf.get(ring.extension) ?? 0, ring.appCallId)));
  return {
    ...measured,
    database: database.name,
    decisions,
    app: {
      calls: calls.length,
      answered: calls.filter((call) => call.answered_at !== null).length,
      abandoned: calls.filter((call) => call.abandoned).length,
      // Still ringing, queued or talking after every caller has gone.
      live: calls.filter((call) => call.status !== null && call.hung_up_at === null).length,
      offers: offers.length,
      missed: offers.filter((row) => !talked.has(key(row.user_id, row.call_id))).length,
      rangNoPhone: offers.filter((row) => !rang.has(key(row.user_id, row.call_id))).length,
      misrouted,
    },
  };
}

try {
  const total = Math.round(RATE * SECONDS);
  out(
    `Telephony bench${smoke ? ' (smoke)' : ''}: ${RATE} calls/s for ${SECONDS} s (${total} calls, ${MEDIA_CALLS} with a tone both ways), ${AGENTS} agent phones ringing ${RING_MS} ms, talk ${TALK_MS} ms`,
  );
  // The baseline's phones have the extensions the app will give its agents.
  const extensions = Array.from({ length: AGENTS }, (_, index) => ({ id: index + 1, extension: String(2000 + index) }));
  let base: Measured | null = null;
  if (BASELINE_SECONDS > 0) {
    out(`\nBaseline: Kamailio to the phones with a static route (no app), ${BASELINE_SECONDS} s at ${RATE} calls/s`);
    base = await baseline(extensions);
    report(base);
  }
  out(`\nThe app: Kamailio asks the app's router, on PostgreSQL, ${SECONDS} s at ${RATE} calls/s`);
  const run = await withApp(AGENTS);
  report(run);
  const { app } = run;
  out(
    `  The app (database ${run.database}): ${app.calls} calls, ${app.answered} answered, ${app.offers} offers made; against the offers: ${app.misrouted} misrouted rings, ${app.missed} missed (rang out or taken back), ${app.rangNoPhone} rang no phone; ${app.abandoned} calls abandoned, ${app.live} left live`,
  );
  out(
    `  Of the ring, the app's answer to Kamailio (calls offered at once, ${run.decisions.length}): ${percentiles(run.decisions, 1)}`,
  );
  if (base) {
    const share = (p: number, mine: number[], theirs: number[]) =>
      mine.length && theirs.length ? (percentile(mine, p) - percentile(theirs, p)).toFixed(0) : '–';
    out(
      `  The app's share (app − baseline): ring p50 ${share(50, run.ringMs, base.ringMs)} ms, p99 ${share(99, run.ringMs, base.ringMs)} ms; answer p50 ${share(50, run.answerMs, base.answerMs)} ms, p99 ${share(99, run.answerMs, base.answerMs)} ms`,
    );
  }

  out('');
  checkTarget(
    "INVITE → agent's phone rings p99",
    run.ringMs.length ? percentile(run.ringMs, 99) : Number.POSITIVE_INFINITY,
    '≤',
    RING_P99_TARGET_MS,
    'ms',
    0,
  );
  checkTarget(
    "routing answer p99 (the app's part of the ring)",
    run.decisions.length ? percentile(run.decisions, 99) : Number.POSITIVE_INFINITY,
    '≤',
    ROUTING_P99_TARGET_MS,
    'ms',
  );
  checkTarget('calls whose agent rang', run.ringMs.length, '≥', total, 'calls', 0);
  checkTarget('misrouted rings (against the offers)', app.misrouted, '≤', 0, 'rings', 0);
  checkTarget('failed calls (SIPp)', run.failed, '≤', 0, 'calls', 0);
  checkTarget('calls completed (SIPp)', run.succeeded, '≥', total, 'calls', 0);
  checkTarget('missed offers (rang out or taken back)', app.missed, '≤', 0, 'offers', 0);
  checkTarget('abandoned calls', app.abandoned, '≤', 0, 'calls', 0);
  checkTarget('calls left live', app.live, '≤', 0, 'calls', 0);
  checkTarget('answered calls with media anchored', run.anchored, '≥', Math.max(1, run.answered), 'calls', 0);
  checkTarget('media calls with RTP both ways (rtpengine)', run.bothWays, '≥', RTP_BOTH_WAYS_TARGET, 'calls', 0);
  printVerdicts();
} finally {
  await stopAll();
}
process.exit(0);
