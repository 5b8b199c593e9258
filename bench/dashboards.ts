// Dashboards over a year of a 500-agent centre (~10M calls) on PostgreSQL: p50/p95 of every dashboard call and of
// the productivity load for 1, 31 and 365 days in two zones (St. John's sits on the half hour), against the same
// sums grouped from the raw calls table in the same run; the productivity time-of-day filter also over ranges never
// read before (cold), which a repeated range hides. Each target is printed with MET or MISSED. Then the demo's first
// start on PGlite (BENCH_SKIP_STARTUP=1 leaves it out).
// npm run dashboards -w @shiftline/bench [-- --fresh | --reuse]   (BENCH_POSTGRES_URL overrides the server address;
// --reuse keeps a database made by an older generator, to compare a change of the readers without 20 minutes of data)
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import type { DatabaseHandle } from '@shiftline/server/testing';
import { instantOf } from '@shiftline/shared';
import { sql } from 'kysely';
import { AGENTS, DAYS, openBigCentre } from './bigCentre.js';
import { benchApp, checkTarget, ms, percentile, printVerdicts } from './support.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WARM_UP = 3;
const ZONES = ['America/St_Johns', 'America/Toronto'] as const;
const RANGES = [1, 31, 365].filter((days) => days <= DAYS + 1);
const RAW_RUNS: Record<number, number> = { 1: 10, 31: 5, 365: 3 };
/** Cold ranges per zone: the longest range ending 1, 2, … days before today, each read once, with its own hours. */
const COLD_RANGES = Number(process.env.BENCH_COLD_RANGES ?? 20);
/**
 * BENCH_COLD_FROM=21 starts the cold ranges 21 days back instead of 1, so a second run (another version of the readers,
 * say) reads ranges the first did not; BENCH_COLD_ONLY=1 stops after them.
 */
const COLD_FROM = Number(process.env.BENCH_COLD_FROM ?? 1);
/** p95 targets: a day or a month within 50 ms, a year within 150 ms; the rollups ≥ 20× faster than raw at a year. */
const targetMs = (days: number) => (days > 31 ? 150 : 50);
const RAW_RATIO_TARGET = 20;

const { values } = parseArgs({
  options: { fresh: { type: 'boolean', default: false }, reuse: { type: 'boolean', default: false } },
});
const out = (line: string) => process.stdout.write(`${line}\n`);

/** Unix-second range of the last `days` local days up to the end of today in `zone`, or of `daysBefore` days earlier. */
function rangeOf(days: number, zone: string, daysBefore = 0): { start: number; end: number } {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
  const shift = (offset: number) =>
    new Date(Date.parse(`${today}T00:00:00Z`) + (offset - daysBefore) * 86_400_000).toISOString().slice(0, 10);
  return {
    start: instantOf(shift(1 - days), '00:00', zone) / 1000,
    end: instantOf(shift(1), '00:00', zone) / 1000 - 1,
  };
}

/** The records endpoint's sums per local day and hour straight from the raw tables: what the rollups spare. */
const rawGroupBy = (database: DatabaseHandle, zone: string, range: { start: number; end: number }) =>
  sql`
    SELECT date_trunc('hour', c.queued_at AT TIME ZONE ${zone}) AS local_hour,
      count(*) AS all_calls, count(c.answered_at) AS taken, count(*) FILTER (WHERE c.billed) AS billed,
      count(*) FILTER (WHERE c.missed) AS missed, count(*) FILTER (WHERE c.abandoned) AS abandoned,
      count(*) FILTER (WHERE c.answered_at IS NULL AND NOT c.abandoned) AS unanswered,
      count(*) FILTER (WHERE c.callback_requested) AS callbacks,
      count(*) FILTER (WHERE c.callback_requested AND c.billed) AS callbacks_billed,
      count(*) FILTER (WHERE c.talk_seconds > 40) AS connected, count(*) FILTER (WHERE c.agent_disconnected) AS disconnected,
      sum(c.queue_seconds) AS queue, sum(c.queue_seconds) FILTER (WHERE c.billed) AS billed_queue,
      sum(c.talk_seconds) FILTER (WHERE c.answered_at IS NOT NULL) AS talk,
      sum(c.billed_seconds) FILTER (WHERE c.billed) AS billed_seconds,
      count(*) FILTER (WHERE c.queue_seconds < 60) AS q1, count(*) FILTER (WHERE c.queue_seconds >= 60 AND c.queue_seconds < 120) AS q2,
      count(*) FILTER (WHERE c.queue_seconds >= 120 AND c.queue_seconds < 240) AS q4, count(*) FILTER (WHERE c.queue_seconds >= 240) AS q5,
      count(*) FILTER (WHERE c.talk_seconds < 240) AS d4, count(*) FILTER (WHERE c.talk_seconds >= 240 AND c.talk_seconds < 360) AS d6,
      count(*) FILTER (WHERE c.talk_seconds >= 360 AND c.talk_seconds < 480) AS d8, count(*) FILTER (WHERE c.talk_seconds >= 480) AS d9,
      count(*) FILTER (WHERE d.bucket = 'resolved') AS resolved, count(*) FILTER (WHERE d.bucket = 'sale') AS sale,
      count(*) FILTER (WHERE d.bucket = 'callback') AS callback, count(*) FILTER (WHERE d.bucket = 'escalated') AS escalated,
      count(*) FILTER (WHERE d.bucket = 'not_interested') AS not_interested,
      count(*) FILTER (WHERE d.bucket = 'no_contact') AS no_contact, count(*) FILTER (WHERE d.bucket = 'other') AS other,
      count(l.id) AS leads, count(*) FILTER (WHERE l.valid) AS valid_leads, count(*) FILTER (WHERE l.sold) AS sales
    FROM calls c JOIN campaigns k ON k.id = c.campaign_id AND k.type = 'inbound'
      LEFT JOIN dispositions d ON d.id = c.disposition_id LEFT JOIN sales_leads l ON l.call_id = c.id
    WHERE c.ended_at IS NOT NULL AND c.queued_at >= to_timestamp(${range.start}) AND c.queued_at < to_timestamp(${range.end + 1})
    GROUP BY 1`.execute(database.db);

async function timed(runs: number, body: () => Promise<unknown>): Promise<number[]> {
  for (let run = 0; run < Math.min(WARM_UP, runs); run += 1) await body();
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    await body();
    times.push(performance.now() - started);
  }
  return times;
}

const database = await openBigCentre(values);
const app = await benchApp(database);
await app.ready();
const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  payload: { email: 'admin@shiftline.test', password: 'shiftline' },
});
if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode} ${login.body}`);
const headers = {
  cookie: `shiftline_sid=${login.cookies.find((cookie) => cookie.name === 'shiftline_sid')?.value}`,
  'x-csrf-token': login.json().csrf_token as string,
};

type Call = { name: string; url: string; body: (range: { start: number; end: number }, zone: string) => object };
const CALLS: Call[] = [
  {
    name: 'records (inbound)',
    url: '/api/dashboards/records-for-campaigns',
    body: (r, timezone) => ({ ...r, timezone, campaignType: 'inbound' }),
  },
  {
    name: 'cold calls (outbound)',
    url: '/api/dashboards/cold-calls-for-campaigns',
    body: (r, timezone) => ({ ...r, timezone, campaignType: 'outbound' }),
  },
  {
    name: 'last month',
    url: '/api/dashboards/last-month-data',
    body: (r, timezone) => ({ ...r, timezone, campaignType: 'inbound' }),
  },
  {
    name: 'agent records',
    url: '/api/dashboards/agent-records',
    body: (r, timezone) => ({ ...r, timezone, campaignType: 'inbound' }),
  },
  {
    name: 'sales leads',
    url: '/api/dashboards/sales-leads',
    body: (r, timezone) => ({ ...r, timezone, campaignType: 'outbound' }),
  },
  { name: 'productivity load', url: '/api/productivity/load', body: (r, timezone) => ({ ...r, timezone }) },
  {
    name: 'productivity 9 AM–5 PM',
    url: '/api/productivity/load',
    body: (r, timezone) => ({ ...r, timezone, startHour: 9, endHour: 17 }),
  },
  {
    // The widest drill-down: Productive has eight sub-categories' states.
    name: 'productivity drill-down',
    url: '/api/productivity/series-agents',
    body: (r, timezone) => ({ ...r, timezone, group: 'Productive' }),
  },
];

const post = async (url: string, payload: object) => {
  const response = await app.inject({ method: 'POST', url, headers, payload });
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
};

// Cold first, before anything is read: each range and hour window once, as a user picking new dates would.
const longest = Math.max(...RANGES);
const cold: string[] = [];
for (const zone of ZONES) {
  const times: number[] = [];
  for (let daysBefore = COLD_FROM; daysBefore < COLD_FROM + COLD_RANGES; daysBefore += 1) {
    const startHour = 6 + (daysBefore % 5);
    const started = performance.now();
    await post('/api/productivity/load', {
      ...rangeOf(longest, zone, daysBefore),
      timezone: zone,
      startHour,
      endHour: startHour + 8,
    });
    times.push(performance.now() - started);
  }
  cold.push(
    `${zone} ${longest} d: ${ms(percentile(times, 50))} p50, ${ms(percentile(times, 95))} p95, max ${ms(Math.max(...times))}`,
  );
  checkTarget(`${zone} ${longest} d time-of-day, cold ranges p95`, percentile(times, 95), '≤', targetMs(longest), 'ms');
}
if (process.env.BENCH_COLD_ONLY === '1') {
  out(
    `\nThe time-of-day filter over ranges never read before, ending ${COLD_FROM}–${COLD_FROM + COLD_RANGES - 1} days ago:`,
  );
  for (const line of cold) out(`  ${line}`);
  printVerdicts('Dashboards (cold ranges only)');
  await app.close();
  await database.close();
  process.exit(0);
}

const rows: string[][] = [];
const ratios: string[] = [];
const verdictRows: [string, number, number][] = [];
const ratioVerdicts: [string, number][] = [];
for (const zone of ZONES) {
  for (const days of RANGES) {
    const range = rangeOf(days, zone);
    let recordsP50 = 0;
    for (const call of CALLS) {
      if (!app.hasRoute({ method: 'POST', url: call.url })) {
        rows.push([zone, `${days} d`, call.name, 'skipped: route not registered', '']);
        continue;
      }
      const times = await timed(RUNS, () => post(call.url, call.body(range, zone)));
      if (call.url.endsWith('records-for-campaigns')) recordsP50 = percentile(times, 50);
      rows.push([zone, `${days} d`, call.name, ms(percentile(times, 50)), ms(percentile(times, 95))]);
      verdictRows.push([`${zone} ${days} d ${call.name} p95`, percentile(times, 95), targetMs(days)]);
    }
    const raw = await timed(RAW_RUNS[days] ?? 3, () => rawGroupBy(database, zone, range));
    const rawP50 = percentile(raw, 50);
    rows.push([zone, `${days} d`, 'raw GROUP BY (inbound)', ms(rawP50), ms(percentile(raw, 95))]);
    if (recordsP50 > 0) {
      ratios.push(`${zone} ${days} d: raw / records = ${(rawP50 / recordsP50).toFixed(1)}×`);
      if (days >= 365) ratioVerdicts.push([`${zone} ${days} d raw / records (p50)`, rawP50 / recordsP50]);
    }
  }
}
await app.close();
await database.close();

const widths = [18, 6, 24, 14, 14];
const line = (cells: string[]) => cells.map((cell, index) => cell.padEnd(widths[index] ?? 10)).join(' ');
out(`\nDashboards on PostgreSQL, ${AGENTS} agents, ${DAYS} days, ${RUNS} runs after ${WARM_UP} warm-up (admin):`);
out(line(['zone', 'range', 'call', 'p50', 'p95']));
for (const row of rows) out(line(row));
out('\nRaw GROUP BY over calls vs the records endpoint (p50):');
for (const ratio of ratios) out(`  ${ratio}`);
out(`\nThe time-of-day filter (9 AM–5 PM and others) over ranges never read before, ${COLD_RANGES} per zone:`);
for (const line of cold) out(`  ${line}`);
out(
  '\nTargets (p95): 1 and 31 days ≤ 50 ms, 365 days ≤ 150 ms (cold ranges too); records ≥ 20× faster than raw at 365 days:',
);
for (const [name, figure, limit] of verdictRows) checkTarget(name, figure, '≤', limit, 'ms');
for (const [name, ratio] of ratioVerdicts) checkTarget(name, ratio, '≥', RAW_RATIO_TARGET, '×', 1);
printVerdicts('Dashboards');
if (process.env.BENCH_SKIP_STARTUP === '1') process.exit(0);

out('\nFirst start of the demo on PGlite (bench/startup.ts, one run):');
await new Promise<void>((resolve, reject) => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'startup.ts'], {
    cwd: new URL('.', import.meta.url),
    env: { ...process.env, BENCH_RUNS: '1' },
    stdio: 'inherit',
  });
  child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`startup.ts exited ${code}`))));
});
