// The call log on the big centre (a year of a 500-agent centre, about 10M calls) on PostgreSQL, as an administrator:
// - the first page with a 31-day filter sorted newest first, and oldest first (p95 target ≤ 50 ms), over ten
//   different 31-day windows so no one window's pages stay cached;
// - a deep page (page 10);
// - the baseline in the same run: the same first page with the period one second off the rollups' hour grid, so the
//   count and totals are taken from the rows (what every page would cost without the rollups);
// - a filter the rollups do not keep (answered calls only), counted on the rows, for information;
// - a full-year export of the busiest campaign over HTTP: rows/s (target ≥ 100,000) and the server's heap and RSS
//   sampled every 50 ms, at a quarter, half and the end of the rows (flat: the growth from a quarter to the end
//   stays under 64 MB whatever the row count); the baseline is the same export through the cursor path (the
//   embedded database's), where the app reads and quotes the rows.
// npm run tables -w @shiftline/bench [-- --fresh | --reuse]   (the database is bigCentre.ts's, shared with dashboards)
import { parseArgs } from 'node:util';
import { instantOf } from '@shiftline/shared';
import { sql } from 'kysely';
import { openBigCentre } from './bigCentre.js';
import { benchApp, checkTarget, ms, percentile, printVerdicts } from './support.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WARM_UP = 3;
const WINDOWS = 10;
const ZONE = 'America/Toronto';
const PAGE_P95_TARGET_MS = 50;
const EXPORT_ROWS_PER_SECOND_TARGET = 100_000;
const FLAT_MEMORY_MB = 64;

const { values } = parseArgs({
  options: { fresh: { type: 'boolean', default: false }, reuse: { type: 'boolean', default: false } },
});
const out = (line: string) => process.stdout.write(`${line}\n`);

/** The 31 local days ending `daysBefore` days before today in ZONE, as the date picker sends them. */
function window31(daysBefore: number): { start: number; end: number } {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
  const shift = (offset: number) =>
    new Date(Date.parse(`${today}T00:00:00Z`) + (offset - daysBefore) * 86_400_000).toISOString().slice(0, 10);
  return { start: instantOf(shift(-30), '00:00', ZONE) / 1000, end: instantOf(shift(1), '00:00', ZONE) / 1000 - 1 };
}

const database = await openBigCentre(values);
// The tables' plans need the planner's statistics of the raw tables, which autovacuum keeps on a production server
// (and test servers often run without it).
await sql`ANALYZE calls, clients, users, campaigns, dispositions, audit_log`.execute(database.db);
const app = await benchApp(database);
const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  payload: { email: 'admin@shiftline.test', password: 'shiftline' },
});
if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode} ${login.body}`);
const cookie = `shiftline_sid=${login.cookies.find((c) => c.name === 'shiftline_sid')?.value}`;

const tableUrl = (chosen: Record<string, unknown>, extra = '') =>
  `/api/tables/call_log?items_per_page=50&chosenValues=${encodeURIComponent(JSON.stringify(chosen))}${extra}`;

/** p50/p95 of RUNS requests cycling through the windows, after warm-up. */
async function timedPages(name: string, urlOf: (period: { start: number; end: number }) => string) {
  const times: number[] = [];
  let rows = 0;
  for (let run = -WARM_UP; run < RUNS; run += 1) {
    const url = urlOf(window31(((run % WINDOWS) + WINDOWS) % WINDOWS));
    const started = performance.now();
    const response = await app.inject({ url, headers: { cookie } });
    const elapsed = performance.now() - started;
    if (response.statusCode !== 200) throw new Error(`${name}: ${response.statusCode} ${response.body}`);
    if (run >= 0) times.push(elapsed);
    rows = response.json().options.totalCount;
  }
  out(
    `  ${name.padEnd(56)} p50 ${ms(percentile(times, 50)).padStart(10)}  p95 ${ms(percentile(times, 95)).padStart(10)}  (${rows.toLocaleString('en-US')} rows)`,
  );
  return percentile(times, 95);
}

const calls = await sql<{ n: string }>`SELECT count(*) AS n FROM calls`.execute(database.db);
out(
  `\nCall log on PostgreSQL, ${Number(calls.rows[0]?.n).toLocaleString('en-US')} calls, ${RUNS} runs after ${WARM_UP} warm-up, ${WINDOWS} 31-day windows (${ZONE}):`,
);
const firstPage = await timedPages('first page, 31 days, newest first', (period) => tableUrl({ period }));
const oldestFirst = await timedPages('first page, 31 days, oldest first', (period) =>
  tableUrl({ period }, '&sortDesc=false'),
);
const deepPage = await timedPages('page 10, 31 days, newest first', (period) => tableUrl({ period }, '&page=10'));
const baseline = await timedPages('baseline: first page counted on the rows (off the grid)', (period) =>
  tableUrl({ period: { start: period.start + 1, end: period.end } }),
);
await timedPages('answered only (counted on the rows), for information', (period) =>
  tableUrl({ period, outcome: 'answered' }),
);
checkTarget('call log first page, 31 days, p95', firstPage, '≤', PAGE_P95_TARGET_MS, 'ms');
checkTarget('call log first page oldest first, 31 days, p95', oldestFirst, '≤', PAGE_P95_TARGET_MS, 'ms');
checkTarget('call log page 10, 31 days, p95', deepPage, '≤', PAGE_P95_TARGET_MS, 'ms');
out(`  rollup count and totals vs counting the rows: ${(baseline / firstPage).toFixed(1)}× faster at p95`);

// The export: a year of the busiest campaign, streamed over HTTP while the server's memory is sampled.
const busiest = await sql<{ campaign_id: number; name: string; n: string }>`
  SELECT c.campaign_id, k.name, count(*) AS n FROM calls c JOIN campaigns k ON k.id = c.campaign_id
  WHERE c.ended_at IS NOT NULL GROUP BY 1, 2 ORDER BY 3 DESC LIMIT 1`.execute(database.db);
const campaign = busiest.rows[0];
if (!campaign) throw new Error('the big centre has no ended calls');
const yearEnd = Math.floor(Date.now() / 1000);
const period = { start: yearEnd - 366 * 86_400, end: yearEnd };
const mb = (value: number) => value / 1024 / 1024;

/** Streams the export from the server at `base`, sampling memory; prints and returns rows/s and the heap growth. */
async function measureExport(label: string, base: string) {
  globalThis.gc?.();
  const before = process.memoryUsage();
  const samples: { rows: number; heap: number; rss: number }[] = [];
  let rowsRead = 0;
  const sampler = setInterval(() => {
    const usage = process.memoryUsage();
    samples.push({ rows: rowsRead, heap: usage.heapUsed, rss: usage.rss });
  }, 50);
  const started = performance.now();
  const url = `${base}${tableUrl({ period, campaigns: [campaign?.campaign_id] }, '&exportFile=true')}`;
  const response = await fetch(url, { headers: { cookie } });
  if (response.status !== 200 || !response.body) throw new Error(`export: ${response.status} ${await response.text()}`);
  const expected = Number(response.headers.get('x-total-rows'));
  let bytes = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    for (let index = 0; index < chunk.byteLength; index += 1) if (chunk[index] === 10) rowsRead += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const dataRows = rowsRead - 1;
  if (dataRows !== expected) throw new Error(`export: ${dataRows} rows, x-total-rows said ${expected}`);
  const peakUpTo = (fraction: number, key: 'heap' | 'rss') =>
    Math.max(
      ...samples.filter((sample) => sample.rows <= fraction * rowsRead).map((sample) => sample[key]),
      before[key === 'heap' ? 'heapUsed' : 'rss'],
    );
  out(
    `\n${label}: ${dataRows.toLocaleString('en-US')} rows, ${mb(bytes).toFixed(0)} MB of CSV in ${seconds.toFixed(1)} s, ${Math.round(dataRows / seconds).toLocaleString('en-US')} rows/s`,
  );
  for (const fraction of [0.25, 0.5, 1]) {
    out(
      `  peak up to ${String(fraction * 100).padStart(3)} % of the rows: heap +${mb(peakUpTo(fraction, 'heap') - before.heapUsed).toFixed(1)} MB, RSS +${mb(peakUpTo(fraction, 'rss') - before.rss).toFixed(1)} MB`,
    );
  }
  return { rowsPerSecond: dataRows / seconds, heapGrowth: mb(peakUpTo(1, 'heap') - peakUpTo(0.25, 'heap')) };
}

const exported = await measureExport(`Export of '${campaign.name}', 366 days (PostgreSQL writes the CSV)`, baseUrl);
// The baseline: the same export through the cursor path the embedded database uses (the app reads and quotes rows).
const cursorApp = await benchApp({ ...database, copyCsvOut: null });
const cursorUrl = await cursorApp.listen({ port: 0, host: '127.0.0.1' });
const cursorRun = await measureExport('baseline: the same export read through a cursor', cursorUrl);
await cursorApp.close();
out(`  COPY vs cursor: ${(exported.rowsPerSecond / cursorRun.rowsPerSecond).toFixed(1)}× the rows per second`);
checkTarget('export rows per second', exported.rowsPerSecond, '≥', EXPORT_ROWS_PER_SECOND_TARGET, 'rows/s', 0);
checkTarget('export heap growth from 25 % to 100 % of the rows', exported.heapGrowth, '<', FLAT_MEMORY_MB, 'MB', 1);

await app.close();
await database.close();
printVerdicts('tables');
