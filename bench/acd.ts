// The live call engine under load (issue 13, Measure), on PostgreSQL through the service layer (engine.arrive and the
// calls a browser makes): 500 ready agents on a few campaigns, calls arriving at 50/s for 60 s, against a baseline of
// the same at 10/s in the same run, and a 50/s burst where nobody answers (every call finds a free agent). Figures: time
// from a call's arrival (engine.arrive called) to its offer (the ring signal) for the calls that found an agent free
// (offered by their own arrival; calls that waited for an agent to free up are counted apart) (p50/p99),
// double offers (agents with two live calls at any check, calls offered twice: both must be 0), CPU per call (this
// process, and the PostgreSQL backends of the bench database read from /proc). Then the live simulator at the demo's
// size for 60 s: its CPU, and a 31-day call-statistics dashboard call's latency while it runs and while it does not.
//
// BENCH_ACD_RATE, BENCH_ACD_SECONDS and BENCH_ACD_AGENTS change the load; BENCH_POSTGRES_URL the server.

import type { EventEmitter } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import {
  buildApp,
  createSimulator,
  type DatabaseHandle,
  DEMO_HISTORY_LOAD,
  generateDemo,
  generateHistory,
  migrateToLatest,
  openDatabase,
} from '@shiftline/server/testing';
import { sql } from 'kysely';
import pg from 'pg';
import {
  addBenchAgents,
  benchPostgresUrl,
  checkTarget,
  median,
  percentile,
  printVerdicts,
  benchConfig as quietConfig,
} from './support.js';

const DATABASE = 'shiftline_bench_acd';
const AGENTS = Number(process.env.BENCH_ACD_AGENTS ?? 500);
const RATE = Number(process.env.BENCH_ACD_RATE ?? 50);
const BASELINE_RATE = 10;
const SECONDS = Number(process.env.BENCH_ACD_SECONDS ?? 60);
const CAMPAIGNS = 4;
const HISTORY_DAYS = 31;
const P99_TARGET_MS = 50;
const DASHBOARD_TARGET_MS = 50;

const serverUrl = benchPostgresUrl();
const databaseUrl = new URL(serverUrl);
databaseUrl.pathname = `/${DATABASE}`;
const out = (line: string) => process.stdout.write(`${line}\n`);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// --- CPU ------------------------------------------------------------------------------------------------------------

const CLOCK_TICKS = 100;
/** CPU seconds of this database's PostgreSQL backends, by pid (their command line names the database). */
function postgresCpu(): Map<number, number> {
  const seconds = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!command.startsWith('postgres') || !command.includes(` ${DATABASE} `)) continue;
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      seconds.set(Number(entry), (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS);
    } catch {
      // The process ended meanwhile.
    }
  }
  return seconds;
}

/** CPU used from now until `stop()`: this process (user + system) and the database's backends, in seconds. */
function cpuMeter() {
  const process0 = process.cpuUsage();
  const pg0 = postgresCpu();
  return () => {
    const used = process.cpuUsage(process0);
    let backends = 0;
    for (const [pid, seconds] of postgresCpu()) backends += seconds - (pg0.get(pid) ?? 0);
    return { app: (used.user + used.system) / 1e6, postgres: backends };
  };
}

// --- the database -----------------------------------------------------------------------------------------------------

async function prepare(): Promise<DatabaseHandle> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${DATABASE}"`);
  await admin.end();
  const database = await openDatabase({ databaseUrl: databaseUrl.toString(), dataDir: '' });
  await migrateToLatest(database.db as never);
  const now = new Date();
  const started = performance.now();
  await generateDemo(database.db, { now, shiftWindow: { daysBack: HISTORY_DAYS + 1, daysAhead: 2 } });
  const history = await generateHistory(database, { days: HISTORY_DAYS, now, load: DEMO_HISTORY_LOAD });
  out(
    `Demo centre with ${HISTORY_DAYS} days of history: ${history.calls.toLocaleString('en-US')} calls, ` +
      `${history.stateRecords.toLocaleString('en-US')} states (${((performance.now() - started) / 1000).toFixed(0)} s)`,
  );
  return database;
}

// --- the ACD run ----------------------------------------------------------------------------------------------------

type Run = {
  label: string;
  arrived: number;
  offeredWhenFree: number[];
  arriveMs: number[];
  readyToOfferMs: number[];
  waited: number;
  doubleOfferedCalls: number;
  /** Offers that rang out (the sweeper's 20 s): the call's next offer is not a double one. */
  missed: number;
  agentsWithTwoCalls: number;
  cpu: { app: number; postgres: number };
  errors: number;
};

type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * One load: `rate` calls a second for `seconds`. With `answer` false nobody answers (the burst: every call should find
 * a free agent, which isolates routing from the agents' capacity); the offers are withdrawn before they ring out.
 */
async function runAcd(
  app: App,
  bench: { campaignIds: number[]; agentIds: number[] },
  { rate, seconds, answer, label }: { rate: number; seconds: number; answer: boolean; label: string },
): Promise<Run> {
  const { engine } = app.live;
  const telephony = app.live.telephony as unknown as EventEmitter;
  const benchAgents = new Set(bench.agentIds);
  const agentOf = (id: number) => ({ id, role: 'agent' as const, agent_call_type: null });
  /** Per bench agent, the call they hold (offered to them until they close its after-call form). */
  const holding = new Map<number, string>();
  const rings = new Map<string, number>();
  const ringAt = new Map<string, number>();
  const pending = new Map<string, { t0: number }>();
  const readyAt = new Map<number, number>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const result: Run = {
    label,
    arrived: 0,
    offeredWhenFree: [],
    arriveMs: [],
    readyToOfferMs: [],
    waited: 0,
    doubleOfferedCalls: 0,
    missed: 0,
    agentsWithTwoCalls: 0,
    cpu: { app: 0, postgres: 0 },
    errors: 0,
  };
  let stopping = false;
  let inFlight = 0;
  const fail = (error: unknown) => {
    result.errors += 1;
    if (result.errors <= 3) out(`  error: ${(error as Error).message}`);
  };
  const later = (ms: number, run: () => Promise<void>) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run().catch(fail);
    }, ms);
    timers.add(timer);
  };
  /**
   * An after-call form closing, on the next turn (not inside the engine's release signal). The drain never cancels
   * these, as it cancels the answer and hang-up timers: a close cancelled after its call ended would leave the agent
   * held for ever and the drain waiting on them (a run once stood idle like that).
   */
  let closing = 0;
  const closeSoon = (run: () => Promise<void>) => {
    closing += 1;
    setTimeout(() => {
      run()
        .catch(fail)
        .finally(() => {
          closing -= 1;
        });
    }, 0);
  };

  /**
   * A call offered during its own arrive() found a free agent (timed: arrival → offer); one offered later waited in
   * the queue for an agent to free up (counted, and its wait is the agents' capacity, not routing).
   */
  const measured = (callId: string) => {
    if (!pending.delete(callId)) return;
    result.waited += 1;
  };

  const onRing = (callId: string, agentId: number) => {
    if (!benchAgents.has(agentId)) return;
    const at = performance.now();
    const count = (rings.get(callId) ?? 0) + 1;
    rings.set(callId, count);
    if (count > 1) result.doubleOfferedCalls += 1;
    if (holding.has(agentId)) result.agentsWithTwoCalls += 1;
    holding.set(agentId, callId);
    ringAt.set(callId, at);
    measured(callId);
    const freedAt = readyAt.get(agentId);
    if (freedAt !== undefined) {
      readyAt.delete(agentId);
      result.readyToOfferMs.push(at - freedAt);
    }
    // Answer after 0–2 s, talk 20–40 s; the caller hangs up.
    if (answer)
      later(Math.random() * 2000, async () => {
        await engine.flow(agentOf(agentId), Number(callId), 'talk');
        later(stopping ? 0 : 20_000 + Math.random() * 20_000, () => engine.callerHungUp(callId));
      });
  };
  const onRelease = (callId: string, reason: string) => {
    const agentId = [...holding].find(([, held]) => held === callId)?.[0];
    if (agentId === undefined) return;
    if (reason === 'missed') {
      result.missed += 1;
      rings.set(callId, 0);
    }
    if (reason === 'caller' || reason === 'agent') {
      // The after-call form closes at once: back to ready (and maybe straight into the next call).
      closeSoon(async () => {
        holding.delete(agentId);
        // Ready → offer is measured when calls are waiting for this agent (otherwise it is idle time).
        if (!stopping && pending.size > 0) readyAt.set(agentId, performance.now());
        await engine.setStatus(agentOf(agentId), {
          status_name: stopping ? 'logged_out' : 'ready',
          call_id: Number(callId),
        });
      });
    } else {
      holding.delete(agentId);
    }
  };
  telephony.on('ring', onRing);
  telephony.on('release', onRelease);

  for (const id of bench.agentIds) await engine.setStatus(agentOf(id), { status_name: 'ready' });

  // Every second: no agent with two live calls (the database's own view of it).
  let checks = 0;
  const checker = setInterval(() => {
    checks += 1;
    sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM (SELECT agent_id FROM calls WHERE status IN ('offered', 'talking', 'on_hold', 'after_call') GROUP BY agent_id HAVING count(*) > 1) t`
      .execute(database.db)
      .then((found) => {
        result.agentsWithTwoCalls += (found.rows[0] as { n: number }).n;
      })
      .catch(fail);
  }, 1000);

  const meter = cpuMeter();
  const total = rate * seconds;
  const started = performance.now();
  let sent = 0;
  const phones = Array.from({ length: 2000 }, (_, index) => `+1416555${String(index).padStart(4, '0')}`);
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate));
      for (; sent < due; sent += 1) {
        const campaignId = bench.campaignIds[sent % CAMPAIGNS] as number;
        const t0 = performance.now();
        inFlight += 1;
        engine
          .arrive({ campaignId, callerPhone: phones[sent % phones.length] as string })
          .then((row) => {
            result.arriveMs.push(performance.now() - t0);
            result.arrived += 1;
            const rang = ringAt.get(row.id);
            if (rang !== undefined) result.offeredWhenFree.push(rang - t0);
            else pending.set(row.id, { t0 });
          })
          .catch(fail)
          .finally(() => {
            inFlight -= 1;
          });
      }
      if (sent >= total) {
        clearInterval(tick);
        resolve();
      }
    }, 10);
  });
  while (inFlight > 0) await pause(20);
  result.cpu = meter();
  clearInterval(checker);

  // Drain: callers still waiting leave, talking ones hang up now, agents log out.
  stopping = true;
  for (const callId of pending.keys()) await engine.abandon(callId).catch(() => undefined);
  const talking = await database.db
    .selectFrom('calls')
    .select('id')
    .where('status', 'in', ['talking', 'on_hold', 'offered'])
    .execute();
  for (const timer of timers) clearTimeout(timer);
  timers.clear();
  for (const { id } of talking) {
    const call = await database.db
      .selectFrom('calls')
      .select(['status', 'agent_id'])
      .where('id', '=', id)
      .executeTakeFirst();
    // The call may move meanwhile (its caller left, the sweeper took it back): the drain takes what it finds.
    if (call?.status === 'offered' && call.agent_id !== null) {
      await engine.flow(agentOf(call.agent_id), Number(id), 'talk').catch(() => undefined);
    }
    await engine.callerHungUp(id).catch(() => undefined);
  }
  while (holding.size > 0 || timers.size > 0 || closing > 0) await pause(50);
  await pause(500);
  for (const id of bench.agentIds) {
    const info = await engine.statusInfo(agentOf(id));
    // An after-call form closing right now logs the agent out itself.
    if (info.status.name !== 'logged_out') {
      await engine.setStatus(agentOf(id), { status_name: 'logged_out' }).catch(() => undefined);
    }
  }
  telephony.off('ring', onRing);
  telephony.off('release', onRelease);
  out(
    `  ${rate}/s: ${result.arrived} calls in ${seconds} s, ${checks} checks, ${result.missed} offers rang out, ${result.errors} errors`,
  );
  return result;
}

// --- the dashboard, with and without the simulator ------------------------------------------------------------------

async function dashboardTimes(app: App, headers: Record<string, string>, seconds: number): Promise<number[]> {
  const times: number[] = [];
  const end = Math.floor(Date.now() / 1000);
  const body = { start: end - 31 * 86_400, end, timezone: 'America/Toronto', campaignType: 'inbound' };
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    const started = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: '/api/dashboards/records-for-campaigns',
      headers,
      payload: body,
    });
    if (response.statusCode !== 200) throw new Error(`dashboard: ${response.statusCode} ${response.body}`);
    times.push(performance.now() - started);
    await pause(500);
  }
  return times;
}

// --- main -------------------------------------------------------------------------------------------------------------

const database = await prepare();
const bench = await addBenchAgents(database.db, { prefix: 'acd', campaigns: CAMPAIGNS, agents: AGENTS });
const benchConfig = quietConfig();
const app = await buildApp({
  config: benchConfig,
  database,
  live: { sweepEveryMs: 1000, reconcileAtStart: true },
});
await app.ready();

out(
  `\nACD: ${AGENTS} ready agents on ${CAMPAIGNS} campaigns, answer after 0–2 s, talk 20–40 s, ${SECONDS} s of arrivals`,
);
const runs = [
  await runAcd(app, bench, { rate: BASELINE_RATE, seconds: SECONDS, answer: true, label: `${BASELINE_RATE}/s` }),
  await runAcd(app, bench, { rate: RATE, seconds: SECONDS, answer: true, label: `${RATE}/s` }),
  // Every call finds a free agent: 50/s for 10 s is 500 calls for 500 agents, nobody answers.
  await runAcd(app, bench, { rate: RATE, seconds: AGENTS / RATE, answer: false, label: `${RATE}/s burst` }),
];
const fmt = (value: number) => value.toFixed(1).padStart(9);
out(
  `\n${'rate'.padEnd(14)}${'calls'.padStart(7)}${'free→offer p50'.padStart(16)}${'p99'.padStart(9)}${'n'.padStart(7)}` +
    `${'waited'.padStart(8)}${'arrive p50'.padStart(12)}${'p99'.padStart(9)}${'ready→offer p50'.padStart(17)}` +
    `${'2×offer'.padStart(9)}${'2×agent'.padStart(9)}${'app ms/call'.padStart(13)}${'pg ms/call'.padStart(12)}`,
);
for (const run of runs) {
  const perCall = (seconds: number) => (run.arrived > 0 ? (seconds * 1000) / run.arrived : 0);
  out(
    `${run.label.padEnd(14)}${String(run.arrived).padStart(7)}${fmt(median(run.offeredWhenFree))}       ${fmt(percentile(run.offeredWhenFree, 99))}` +
      `${String(run.offeredWhenFree.length).padStart(7)}${String(run.waited).padStart(8)}${fmt(median(run.arriveMs))}   ${fmt(percentile(run.arriveMs, 99))}` +
      `${fmt(run.readyToOfferMs.length ? median(run.readyToOfferMs) : 0)}        ${String(run.doubleOfferedCalls).padStart(9)}${String(run.agentsWithTwoCalls).padStart(9)}` +
      `${fmt(perCall(run.cpu.app))}    ${fmt(perCall(run.cpu.postgres))}`,
  );
}
const main = runs[1] as Run;
checkTarget(
  `${RATE}/s: queued → offer p99, an agent free`,
  percentile(main.offeredWhenFree, 99),
  '≤',
  P99_TARGET_MS,
  'ms',
);
const burst = runs[2] as Run;
checkTarget(
  `${RATE}/s burst, every agent free: queued → offer p99`,
  percentile(burst.offeredWhenFree, 99),
  '≤',
  P99_TARGET_MS,
  'ms',
);
checkTarget(`${RATE}/s burst: calls offered twice`, burst.doubleOfferedCalls, '≤', 0, 'calls', 0);
checkTarget(`${RATE}/s: calls offered twice`, main.doubleOfferedCalls, '≤', 0, 'calls', 0);
checkTarget(`${RATE}/s: agents seen with two live calls`, main.agentsWithTwoCalls, '≤', 0, 'agents', 0);

await app.close();

// The simulator at the demo's size, in real time, over the demo's own campaigns and shifts. Its clock (and the engine's,
// in an app of its own) runs at the latest 16:00 UTC, mid-window of the demo's campaigns, whatever the hour the bench runs.
const busyHour = (() => {
  const today = new Date();
  today.setUTCHours(16, 0, 0, 0);
  return today.getTime() > Date.now() ? today.getTime() - 86_400_000 : today.getTime();
})();
const offset = Date.now() - busyHour;
const simNow = () => Date.now() - offset;
const simApp = await buildApp({
  config: benchConfig,
  database,
  now: simNow,
  live: { sweepEveryMs: 1000, reconcileAtStart: true },
});
await simApp.ready();
const login = await simApp.inject({
  method: 'POST',
  url: '/api/auth/login',
  payload: { email: 'admin@shiftline.test', password: 'shiftline' },
});
if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode} ${login.body}`);
const headers = {
  cookie: `shiftline_sid=${login.cookies.find((cookie) => cookie.name === 'shiftline_sid')?.value}`,
  'x-csrf-token': login.json().csrf_token as string,
};
out('\nSimulator at the demo size, 60 s each: the 31-day call statistics (records, inbound) every 0.5 s');
await dashboardTimes(simApp, headers, 3);
const quiet = await dashboardTimes(simApp, headers, 30);
const simulator = createSimulator({
  database,
  live: simApp.live,
  now: simNow,
  log: {
    debug: () => undefined,
    info: () => undefined,
    warn: (object, message) => out(`  ${message} ${JSON.stringify(object)}`),
  },
});
const count = async (query: ReturnType<typeof sql<{ n: string }>>) =>
  Number((await query.execute(database.db)).rows[0]?.n ?? 0);
const lastState = await count(sql<{ n: string }>`SELECT coalesce(max(id), 0) AS n FROM agent_state_log`);
const callsBefore = await count(sql<{ n: string }>`SELECT count(*) AS n FROM calls`);
const meter = cpuMeter();
const summary = await simulator.start();
await pause(60_000);
const simCpu = meter();
const busy = await dashboardTimes(simApp, headers, 60);
await simulator.stop();
const callsAfter = await count(sql<{ n: string }>`SELECT count(*) AS n FROM calls`);
const stateChanges = await count(sql<{ n: string }>`SELECT count(*) AS n FROM agent_state_log WHERE id > ${lastState}`);
out(
  `  simulator: ${summary.agents} agents on shift, ${summary.campaigns} campaigns open, ${summary.arrivalsToday} arrivals still to come today; ` +
    `${callsAfter - callsBefore} calls and ${stateChanges} state changes in the 2 minutes`,
);
out(
  `  CPU over its first 60 s alone (simulator + engine + sweeper): app ${simCpu.app.toFixed(2)} s (${((simCpu.app / 60) * 100).toFixed(1)} % of a core), ` +
    `PostgreSQL ${simCpu.postgres.toFixed(2)} s (${((simCpu.postgres / 60) * 100).toFixed(1)} %)`,
);
out(
  `  dashboard 31 d: quiet p50 ${median(quiet).toFixed(1)} ms p95 ${percentile(quiet, 95).toFixed(1)} ms (${quiet.length}); ` +
    `simulator running p50 ${median(busy).toFixed(1)} ms p95 ${percentile(busy, 95).toFixed(1)} ms (${busy.length})`,
);
checkTarget('31-day dashboard p95 while the simulator runs', percentile(busy, 95), '≤', DASHBOARD_TARGET_MS, 'ms');

await simApp.close();
await database.close();
printVerdicts('ACD');
