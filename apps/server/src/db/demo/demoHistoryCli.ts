// Generates the demo centre's call history at any size, against DATABASE_URL (or the embedded database in
// DATA_DIR): npm run demo:history -w @shiftline/server -- --agents 500 --days 365 [--seed N] [--load 1] [--replace]
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { dataDirOf } from '../../config.js';
import { rollupTables } from '../../rollups/index.js';
import { type DatabaseHandle, openDatabase } from '../database.js';
import { migrateToLatest } from '../migrate.js';
import { generateColdCalls } from './generateColdCalls.js';
import { generateDemo } from './generateDemo.js';
import { FULL_HISTORY_LOAD, generateHistory, type HistoryReport } from './history/generateHistory.js';

const { values } = parseArgs({
  options: {
    agents: { type: 'string', default: '48' },
    days: { type: 'string', default: '90' },
    seed: { type: 'string', default: '20261122' },
    load: { type: 'string', default: String(FULL_HISTORY_LOAD) },
    replace: { type: 'boolean', default: false },
  },
});
const agents = Number(values.agents);
const days = Number(values.days);
const seed = Number(values.seed);
const load = Number(values.load);
if (![agents, days, seed].every(Number.isInteger) || days < 1 || !(load > 0 && load <= 1)) {
  console.error('Usage: demo:history [--agents N] [--days N ≥ 1] [--seed N] [--load 0–1] [--replace]');
  process.exit(2);
}

const out = (line: string) => process.stdout.write(`${line}\n`);
const number = (value: number) => value.toLocaleString('en-US');
const duration = (seconds: number) =>
  seconds < 60 ? `${seconds.toFixed(1)} s` : `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;

const databaseUrl = process.env.DATABASE_URL || null;
out(`Opening ${databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${dataDirOf()}`}…`);
const database = await openDatabase({ databaseUrl, dataDir: dataDirOf() });
try {
  await run(database);
} finally {
  await database.close();
}

async function run(handle: DatabaseHandle): Promise<void> {
  const { db } = handle;
  const now = new Date();
  await migrateToLatest(db as never);
  const anyUser = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (!anyUser) {
    out(`Empty database: creating the demo centre with ${agents} agents and shifts for ${days} days back…`);
    await generateDemo(
      db,
      { agents, seed, now, shiftWindow: { daysBack: days + 1, daysAhead: 14 } },
      (step, done, total) => out(`  demo centre ${done}/${total} ${step}`),
    );
  }

  const existing = await sql<{ calls: string; states: string }>`
    SELECT (SELECT count(*) FROM calls) AS calls, (SELECT count(*) FROM agent_state_log) AS states`.execute(db);
  const row = existing.rows[0];
  if (Number(row?.calls) > 0 || Number(row?.states) > 0) {
    if (!values.replace) {
      out(`The database already holds ${number(Number(row?.calls))} calls; --replace removes the history first.`);
      process.exitCode = 1;
      return;
    }
    out('Removing the existing call history…');
    await sql`TRUNCATE sale_lines, sales_leads, agent_state_log, agent_time_adjustments, recording_pauses, call_recordings, calls, cold_calls, lead_lists, clients, agent_payments, ${rollupTables}`.execute(
      db,
    );
  }

  const firstDay = new Date(Math.floor(now.getTime() / 86_400_000 - days) * 86_400_000);
  const earliest = await sql<{ start: Date | null }>`
    SELECT min(start_at) AS start FROM shifts WHERE status = 'approved'`.execute(db);
  const earliestShift = earliest.rows[0]?.start;
  if (!earliestShift || earliestShift.getTime() > firstDay.getTime() + 86_400_000) {
    out(`Note: approved shifts start only on ${earliestShift?.toISOString().slice(0, 10) ?? 'no day'}; agents take`);
    out('calls only on shift, so earlier days stay empty. Start from an empty database for the full range.');
  }

  out(`Generating ${days} days and today (load ${load}, seed ${seed})…`);
  let lastPrinted = 0;
  const summary = await generateHistory(handle, {
    days,
    seed,
    now,
    load,
    onProgress: (report: HistoryReport) => {
      if (report.phase === 'days') {
        // About twenty lines whatever the range, and every line for short ones.
        if (report.daysDone - lastPrinted < Math.ceil(report.days / 20) && report.daysDone < report.days) return;
        lastPrinted = report.daysDone;
        out(
          `  day ${report.daysDone}/${report.days}: ${number(report.calls)} calls, ${number(report.stateRecords)} state records, ` +
            `${number(report.leads)} leads, ${number(report.rowsPerSecond)} rows/s, ${duration(report.elapsedSeconds)}`,
        );
      } else if (report.phase === 'payments') out('  agent payments…');
      else if (report.phase === 'rollups') out('  rebuilding the dashboard rollups (minutes for millions of calls)…');
    },
  });
  // The cold-call lists' clients went with the history's: the lists are listed again.
  if (Number(row?.calls) > 0 || Number(row?.states) > 0) await generateColdCalls(db, { seed, now });
  out(
    `Done in ${duration(summary.elapsedSeconds)}: ${number(summary.calls)} calls, ${number(summary.stateRecords)} state ` +
      `records, ${number(summary.leads)} sales leads.`,
  );
}
