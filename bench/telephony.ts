// Calls through the real SIP server (issue 14, Measure): SIPp callers dial a campaign's number through Kamailio, which
// asks the app's router (http_client in an async task) where each INVITE goes; SIPp agent phones registered with the
// app's ephemeral credentials answer. 20 new calls/s for 60 s, about 100 at once (each rings 300 ms and talks 4.5 s),
// on PostgreSQL. Figures: routing decision time (the app's answer to Kamailio's question for calls that found a free
// agent: arrival, routing transaction and the ring answer) p50/p99, failed calls (SIPp) and misrouted calls (the
// extension the INVITE rang is not the call's agent's, or no call id on it), and this process's CPU per call (the app
// in-process, plus the bench's own agents returning to Ready).
//
// BENCH_SIP_RATE, BENCH_SIP_SECONDS, BENCH_SIP_AGENTS and BENCH_SIP_TALK_MS change the load; BENCH_POSTGRES_URL the
// server. Needs Kamailio and SIPp (npm run telephony installs them).

import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { buildApp, type DatabaseHandle, demoTrunkId, migrateToLatest, openDatabase } from '@shiftline/server/testing';
import { SIP_REGISTRATION_EXPIRY_SECONDS } from '@shiftline/shared';
import pg from 'pg';
import { freePort, kamailioInstalled, sippInstalled, startKamailio } from '../telephony/harness.mjs';
import { registerAgents, runSipp, scenario } from '../telephony/sipp.mjs';
import { checkTarget, median, percentile, printVerdicts } from './support.js';

const RATE = Number(process.env.BENCH_SIP_RATE ?? 20);
const SECONDS = Number(process.env.BENCH_SIP_SECONDS ?? 60);
const AGENTS = Number(process.env.BENCH_SIP_AGENTS ?? 140);
const TALK_MS = Number(process.env.BENCH_SIP_TALK_MS ?? 4500);
const P99_TARGET_MS = 20;
const DATABASE = 'shiftline_bench_sip';
const NUMBER = '18005550100';

const out = (line: string) => process.stdout.write(`${line}\n`);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

if (!kamailioInstalled() || !sippInstalled()) {
  out('Kamailio or SIPp is not installed: run `npm run telephony` once (it installs them), then this bench.');
  process.exit(1);
}

const serverUrl = process.env.BENCH_POSTGRES_URL ?? `postgres://${userInfo().username}@127.0.0.1:5432/postgres`;
const databaseUrl = new URL(serverUrl);
databaseUrl.pathname = `/${DATABASE}`;

async function prepare(): Promise<DatabaseHandle> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${DATABASE}"`);
  await admin.end();
  const database = await openDatabase({ databaseUrl: databaseUrl.toString(), dataDir: '' });
  await migrateToLatest(database.db as never);
  return database;
}

/** One inbound campaign with a number, and its agents with extensions 2000… */
async function centre(database: DatabaseHandle) {
  const { db } = database;
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
      Array.from({ length: AGENTS }, (_, index) => ({
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
  return agents.map((agent) => ({ id: agent.id, extension: agent.extension as string }));
}

const database = await prepare();
const agents = await centre(database);
const secret = randomBytes(24).toString('base64url');
const sipPort = await freePort();
const sip = {
  secret,
  domain: '127.0.0.1',
  port: sipPort,
  wsUrl: `ws://127.0.0.1:${sipPort}`,
  kamailioUrl: `http://127.0.0.1:${sipPort}`,
};
const app = await buildApp({
  config: {
    port: 0,
    host: '127.0.0.1',
    dataDir: '',
    databaseUrl: null,
    redisUrl: null,
    sessionSecret: 'bench-secret-bench-secret',
    webDist: null,
    logLevel: 'silent',
    loginAttemptsPerMinute: 1000,
    allowedOrigins: [],
    secureCookies: false,
    trustProxy: false,
    sip,
  },
  database,
  live: { sweepEveryMs: 1000 },
});

// The routing decision, as the app answers Kamailio: questions answered with an agent's phone without waiting for
// one to come free (the app says so in x-shiftline-queued); calls that waited are counted apart.
const decisions: number[] = [];
let waited = 0;
app.addHook('onSend', async (request, _reply, payload) => {
  if (request.url === '/api/telephony/sip/route' && typeof payload === 'string') {
    (request as unknown as { answer: string }).answer = payload;
  }
  return payload;
});
app.addHook('onResponse', async (request, reply) => {
  if (request.url !== '/api/telephony/sip/route') return;
  const answer = (request as unknown as { answer?: string }).answer ?? '';
  const body = request.body as { call_id?: string };
  if (answer.startsWith('ring') && body.call_id === '' && !reply.getHeader('x-shiftline-queued')) {
    decisions.push(reply.elapsedTime);
  } else if (answer.startsWith('ring')) waited += 1;
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const appPort = typeof address === 'object' && address ? address.port : 0;
const kamailio = await startKamailio({
  appUrl: `http://127.0.0.1:${appPort}`,
  port: sipPort,
  secret,
  asyncWorkers: 48,
  children: 8,
  sharedMb: 256,
});
out(`Kamailio on 127.0.0.1:${sipPort}, the app on ${appPort}; ${AGENTS} agents, ${RATE} calls/s for ${SECONDS} s`);

// Agent phones: one SIPp answering every extension, logging which extension each call rang.
const logs = mkdtempSync(join(tmpdir(), 'shiftline-sipbench-'));
const phonesPort = await freePort();
const phones = runSipp([
  '-sf',
  scenario('agent'),
  '-i',
  '127.0.0.1',
  '-p',
  String(phonesPort),
  '-trace_logs',
  '-log_file',
  join(logs, 'phones.log'),
  '-max_socket',
  '2000',
]);
const expiry = Math.floor(Date.now() / 1000) + SIP_REGISTRATION_EXPIRY_SECONDS;
await registerAgents(
  kamailio,
  agents.map((agent) => {
    const username = `${expiry}:${agent.extension}`;
    return {
      extension: agent.extension,
      username,
      password: createHmac('sha1', secret).update(username).digest('base64'),
    };
  }),
  phonesPort,
);
out(`${AGENTS} agent phones registered`);

// The agents: Ready, and back to Ready (closing the call) as soon as a call leaves them in after-call work.
const engine = app.live.engine;
const asAgent = (id: number) => ({ id, role: 'agent' as const, agent_call_type: null });
for (const agent of agents) await engine.setStatus(asAgent(agent.id), { status_name: 'ready' });
let running = true;
const returning = (async () => {
  while (running) {
    const afterCall = await database.db
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

// Interrupted: stop what this bench started.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void Promise.allSettled([phones.stop(), kamailio.stop()]).then(() => process.exit(130));
  });
}

const total = RATE * SECONDS;
const cpu0 = process.cpuUsage();
const started = performance.now();
const callers = runSipp(
  [
    `127.0.0.1:${sipPort}`,
    '-sf',
    scenario('caller'),
    '-s',
    NUMBER,
    '-key',
    'caller',
    '+14165550100',
    '-i',
    '127.0.0.1',
    '-r',
    String(RATE),
    '-rp',
    '1000',
    '-m',
    String(total),
    '-l',
    '400',
    '-d',
    String(TALK_MS),
    '-max_socket',
    '2000',
    '-timeout',
    `${SECONDS + 120}s`,
    '-trace_stat',
    '-stf',
    join(logs, 'callers.csv'),
  ],
  { errorFile: join(logs, 'callers-errors.log') },
);
let peak = 0;
const sampler = setInterval(() => {
  void database.db
    .selectFrom('calls')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', 'in', ['offered', 'talking'])
    .executeTakeFirst()
    .then((row) => {
      peak = Math.max(peak, Number(row?.n ?? 0));
    });
}, 500);
const result = await callers.done;
const seconds = (performance.now() - started) / 1000;
const used = process.cpuUsage(cpu0);
clearInterval(sampler);
await pause(1500);
running = false;
await returning;

// SIPp's own tally: its last statistics line (successful and failed calls, cumulative).
const csv = readFileSync(join(logs, 'callers.csv'), 'utf8').trim().split('\n');
const header = (csv[0] ?? '').split(';');
const last = (csv.at(-1) ?? '').split(';');
const column = (name: string) => Number(last[header.indexOf(name)] ?? Number.NaN);
const succeeded = column('SuccessfulCall(C)');
const failed = column('FailedCall(C)');

// Misrouted: the extension a call's INVITE rang is not the extension of the agent who took it.
const rang = readFileSync(join(logs, 'phones.log'), 'utf8')
  .split('\n')
  .map((line) => /rang INVITE sip:(\S+) call (\d+)/.exec(line))
  .filter((match): match is RegExpExecArray => match !== null);
const extensionOf = new Map(agents.map((agent) => [agent.id, agent.extension]));
const calls = await database.db.selectFrom('calls').select(['id', 'agent_id', 'missed', 'abandoned']).execute();
const agentOfCall = new Map(calls.map((call) => [String(call.id), call.agent_id]));
let misrouted = 0;
for (const [, extension, callId] of rang) {
  const agentId = agentOfCall.get(callId as string);
  if (agentId == null || extensionOf.get(agentId) !== extension) misrouted += 1;
}
misrouted += Math.max(0, succeeded - rang.length);

out(
  `\nSIPp: exit ${result.code}, ${succeeded} calls completed, ${failed} failed in ${seconds.toFixed(0)} s; peak ${peak} calls live at once`,
);
// Why calls failed, as SIPp says (its first few distinct reasons).
const reasons = new Map<string, number>();
try {
  const errors = readFileSync(join(logs, 'callers-errors.log'), 'utf8');
  for (const match of errors.matchAll(/: (Aborting call[^\n]*|[^\n]*(?:timeout|Timeout|unexpected)[^\n]*)/g)) {
    const reason = (match[1] as string).replace(/Call-Id '[^']*'/, "Call-Id '…'").slice(0, 160);
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  }
} catch {
  // No failure, no file.
}
for (const [reason, count] of [...reasons].slice(0, 5)) out(`  ${count} × ${reason}`);
out(
  `Calls in the app: ${calls.length} (${calls.filter((call) => call.abandoned).length} abandoned, ${calls.filter((call) => call.missed).length} missed); ${waited} waited for an agent`,
);
out(
  `Routing decisions: ${decisions.length}, p50 ${median(decisions).toFixed(2)} ms, p99 ${percentile(decisions, 99).toFixed(2)} ms`,
);
checkTarget(
  'routing decision p99 (Kamailio asks, the app answers)',
  percentile(decisions, 99),
  '≤',
  P99_TARGET_MS,
  'ms',
);
checkTarget('failed calls (SIPp)', failed, '≤', 0, 'calls', 0);
checkTarget('misrouted calls', misrouted, '≤', 0, 'calls', 0);
checkTarget('all calls completed', succeeded, '≥', total, 'calls', 0);
out(
  `CPU of this process (app + bench agents) per call: ${((used.user + used.system) / 1000 / Math.max(1, succeeded)).toFixed(2)} ms`,
);
printVerdicts();

await phones.stop();
await kamailio.stop();
await app.close();
await database.close();
process.exit(0);
