// Live supervision under load (issue 15, Measure), on PostgreSQL and Redis: 2,000 agents changing status through the
// call engine (one change per agent per 30 s on average, and two bursts of 500 changes within one second), watched by
// 200 supervisor pages split over two app instances that meet only in PostgreSQL and Redis (each with its own pool,
// Socket.IO server and event numbering, as two processes). Figures: time from a change committed to its event received
// by every supervisor page (p50, p99, max), updates lost (an event some page never received), the app's CPU and
// memory; and the agent state report's first load at 2,000 agents. The pages run in a worker thread, so their
// parsing does not share the app's event loop; the two app instances share this process's.
//
// BENCH_LIVE_AGENTS, BENCH_LIVE_SUPERVISORS and BENCH_LIVE_SECONDS change the load; REDIS_URL and BENCH_POSTGRES_URL
// the servers.

import { Worker } from 'node:worker_threads';
import { buildApp, type DatabaseHandle, generateDemo, migrateToLatest, openDatabase } from '@shiftline/server/testing';
import { allowedTransitions, type LiveStatusId } from '@shiftline/shared';
import { sql } from 'kysely';
import {
  addBenchAgents,
  benchConfig,
  checkTarget,
  freshPostgresDatabase,
  median,
  percentile,
  printVerdicts,
} from './support.js';

const AGENTS = Number(process.env.BENCH_LIVE_AGENTS ?? 2000);
const SUPERVISORS = Number(process.env.BENCH_LIVE_SUPERVISORS ?? 200);
const SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 60);
const CAMPAIGNS = 10;
const CHANGE_EVERY_S = 30;
const BURST = 500;
const LATENCY_TARGET_MS = 100;
const REPORT_TARGET_MS = 100;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const out = (line: string) => process.stdout.write(`${line}\n`);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const url = await freshPostgresDatabase('shiftline_bench_live');
const setup = await openDatabase({ databaseUrl: url, dataDir: '' });
await migrateToLatest(setup.db as never);
await generateDemo(setup.db, { now: new Date(), shiftWindow: { daysBack: 1, daysAhead: 1 } });
const bench = await addBenchAgents(setup.db, { prefix: 'live', campaigns: CAMPAIGNS, agents: AGENTS });
await setup.close();

async function instance() {
  const database: DatabaseHandle = await openDatabase({ databaseUrl: url, dataDir: '' });
  const app = await buildApp({ config: benchConfig(redisUrl), database, live: { sweepEveryMs: 1000 } });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, database, baseUrl };
}
const a = await instance();
const b = await instance();

const login = await a.app.inject({
  method: 'POST',
  url: '/api/auth/login',
  payload: { email: 'teamlead@shiftline.test', password: 'shiftline' },
});
if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode} ${login.body}`);
const session = login.cookies.find((cookie) => cookie.name === 'shiftline_sid')?.value;
const headers = { cookie: `shiftline_sid=${session}`, 'x-csrf-token': login.json().csrf_token as string };

// The agent state report's first load at 2,000 agents, before anyone signs in and while they all are in.
async function reportTimes(runs: number): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    const response = await a.app.inject({
      method: 'POST',
      url: '/api/dashboards/agent_state_report',
      headers,
      payload: {},
    });
    if (response.statusCode !== 200) throw new Error(`report: ${response.statusCode} ${response.body}`);
    times.push(performance.now() - started);
  }
  return times;
}

const worker = new Worker(new URL('./liveSupervisors.mjs', import.meta.url), {
  workerData: { urls: [a.baseUrl, b.baseUrl], cookie: headers.cookie, sockets: SUPERVISORS },
});
await new Promise<void>((resolve, reject) => {
  worker.once('error', reject);
  worker.once('message', () => resolve());
});
out(`${SUPERVISORS} supervisor pages connected over two app instances; ${AGENTS} agents on ${CAMPAIGNS} campaigns`);

const engines = [a.app.live.engine, b.app.live.engine];
const agentOf = (id: number) => ({ id, role: 'agent' as const, agent_call_type: null });
const current = new Map<number, LiveStatusId>(bench.agentIds.map((id) => [id, 'logged_out']));
const busy = new Set<number>();
/** Changes the engine committed (each must reach every page). */
let committedChanges = 0;
let errors = 0;

async function change(agentId: number, to?: LiveStatusId) {
  busy.add(agentId);
  const from = current.get(agentId) ?? 'logged_out';
  const choices = allowedTransitions(from, null).filter((status) => status !== 'logged_out');
  const next = to ?? (choices[Math.floor(Math.random() * choices.length)] as LiveStatusId);
  try {
    await (engines[agentId % 2] as (typeof engines)[number]).setStatus(agentOf(agentId), { status_name: next });
    current.set(agentId, next);
    committedChanges += 1;
  } catch (error) {
    errors += 1;
    if (errors <= 3) out(`  error: ${(error as Error).message}`);
  } finally {
    busy.delete(agentId);
  }
}

// A page's first load of the report, on a warm server (the first requests of a process compile its code paths).
await reportTimes(5);
const beforeSignIn = await reportTimes(20);
const measureFrom = new Date();
// Everyone signs in (Ready), 50 at a time: the first events.
for (let offset = 0; offset < bench.agentIds.length; offset += 50) {
  await Promise.all(bench.agentIds.slice(offset, offset + 50).map((id) => change(id, 'ready')));
}
const signedIn = await reportTimes(20);

const cpu0 = process.cpuUsage();
let peakRss = 0;
const memory = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 250);
const started = performance.now();
const pending = new Set<Promise<void>>();
const launch = (agentId: number) => {
  const promise = change(agentId).finally(() => pending.delete(promise));
  pending.add(promise);
};
const idleAgent = () => {
  for (let tries = 0; tries < 20; tries += 1) {
    const id = bench.agentIds[Math.floor(Math.random() * bench.agentIds.length)] as number;
    if (!busy.has(id)) return id;
  }
  return null;
};
const bursts = [Math.floor(SECONDS / 3), Math.floor((2 * SECONDS) / 3)];
let sent = 0;
let burstsDone = 0;
await new Promise<void>((resolve) => {
  const tick = setInterval(() => {
    const elapsed = (performance.now() - started) / 1000;
    const due = Math.floor((elapsed * AGENTS) / CHANGE_EVERY_S);
    for (; sent < due; sent += 1) {
      const id = idleAgent();
      if (id !== null) launch(id);
    }
    if (burstsDone < bursts.length && elapsed >= (bursts[burstsDone] as number)) {
      burstsDone += 1;
      // 500 changes within one second: 50 every 100 ms.
      let slices = 0;
      const burst = setInterval(() => {
        for (let index = 0; index < BURST / 10; index += 1) {
          const id = idleAgent();
          if (id !== null) launch(id);
        }
        slices += 1;
        if (slices === 10) clearInterval(burst);
      }, 100);
    }
    if (elapsed >= SECONDS) {
      clearInterval(tick);
      resolve();
    }
  }, 20);
});
while (pending.size > 0) await Promise.all([...pending]);
const cpu = process.cpuUsage(cpu0);
clearInterval(memory);
await pause(3000);

// Each agent's changes in commit order, with the status start their event carries.
const rows = await sql<{ user_id: number; start_at: Date }>`
  SELECT user_id, start_at FROM agent_state_log
  WHERE user_id = ANY(${bench.agentIds}::int[]) AND start_at >= ${measureFrom}
  ORDER BY user_id, start_at, id`.execute(a.database.db);
const received = await new Promise<Map<string, { count: number; last: number }>>((resolve) => {
  worker.once('message', (message: { received: [string, { count: number; last: number }][] }) =>
    resolve(new Map(message.received)),
  );
  worker.postMessage({ collect: true });
});
await worker.terminate();

// Latency runs from the change's own instant (status_started_at, taken inside its transaction: a little before the
// commit, so the figure errs long) to the last page receiving it. Every change of the run must reach every page.
const latencies: number[] = [];
/** The same, for changes made outside the bursts (and the two seconds after each). */
const steady: number[] = [];
const burstWindows = bursts.map((second) => [started + second * 1000, started + (second + 2) * 1000]);
const inBurst = (at: number) => {
  const since = at - performance.timeOrigin;
  return burstWindows.some(([from, to]) => since >= (from as number) && since < (to as number));
};
let lost = 0;
const changes = rows.rows.length;
for (const row of rows.rows) {
  const at = row.start_at.getTime();
  const event = received.get(`${row.user_id}|${row.start_at.toISOString()}`);
  if (!event || event.count < SUPERVISORS) {
    lost += 1;
    continue;
  }
  latencies.push(event.last - at);
  if (!inBurst(at)) steady.push(event.last - at);
}
if (committedChanges !== changes) out(`  ${committedChanges} changes committed, ${changes} state rows found`);

const seconds = (performance.now() - started) / 1000;
out(`\n${changes} status changes (${sent + BURST * bursts.length} planned over ${SECONDS} s), ${errors} errors`);
out(
  `  change → received by all ${SUPERVISORS} pages: p50 ${median(latencies).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms`,
);
out(
  `  outside the bursts: p50 ${median(steady).toFixed(1)} ms, p99 ${percentile(steady, 99).toFixed(1)} ms (${steady.length} changes)`,
);
out(
  `  app CPU ${(cpu.user + cpu.system) / 1e6} s over ${seconds.toFixed(0)} s (${(((cpu.user + cpu.system) / 1e6 / seconds) * 100).toFixed(0)} % of a core, both instances), peak RSS ${(peakRss / 2 ** 20).toFixed(0)} MiB`,
);
out(
  `  agent state report (${AGENTS} agents): logged out p50 ${median(beforeSignIn).toFixed(1)} ms p95 ${percentile(beforeSignIn, 95).toFixed(1)} ms; signed in p50 ${median(signedIn).toFixed(1)} ms p95 ${percentile(signedIn, 95).toFixed(1)} ms`,
);
checkTarget('status change → every supervisor page, p99', percentile(latencies, 99), '≤', LATENCY_TARGET_MS, 'ms');
checkTarget('updates lost', lost, '≤', 0, 'events', 0);
checkTarget(
  `agent state report at ${AGENTS} agents, p95`,
  Math.max(percentile(beforeSignIn, 95), percentile(signedIn, 95)),
  '≤',
  REPORT_TARGET_MS,
  'ms',
);

await a.app.close();
await b.app.close();
await a.database.close();
await b.database.close();
printVerdicts('Live supervision');
