// What every benchmark shares: order statistics, formatting, and running a body on both databases.
import { appendFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, type DatabaseHandle, openDatabase } from '@shiftline/server/testing';
import pg from 'pg';

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
};
export const median = (values: number[]) => percentile(values, 50);
export const ms = (value: number) => `${value.toFixed(2)} ms`;

/** How a figure must compare with its target: at most, below, or at least the limit. */
export type Comparison = '≤' | '<' | '≥';
export type Verdict = { bench: string; name: string; figure: string; target: string; met: boolean };

const verdicts: Verdict[] = [];
const benchName = (process.argv[1] ?? 'bench').replace(/^.*[\\/]/, '').replace(/\.ts$/, '');

/**
 * Prints a figure beside its target with a verdict (MET or MISSED), so a regression shows without reading numbers,
 * and keeps it for `printVerdicts`; `npm run bench:quick` collects every bench's verdicts through
 * BENCH_VERDICTS_FILE. Returns whether the target was met.
 */
export function checkTarget(
  name: string,
  figure: number,
  comparison: Comparison,
  limit: number,
  unit: string,
  digits = 2,
): boolean {
  const met = comparison === '≤' ? figure <= limit : comparison === '<' ? figure < limit : figure >= limit;
  const verdict: Verdict = {
    bench: benchName,
    name,
    figure: `${figure.toFixed(digits)} ${unit}`,
    target: `${comparison} ${limit} ${unit}`,
    met,
  };
  verdicts.push(verdict);
  console.log(verdictLine(verdict));
  const file = process.env.BENCH_VERDICTS_FILE;
  if (file) appendFileSync(file, `${JSON.stringify(verdict)}\n`);
  return met;
}

export const verdictLine = (verdict: Verdict) =>
  `  ${verdict.name.padEnd(56)} ${verdict.figure.padStart(12)}   target ${verdict.target.padEnd(12)} ${verdict.met ? 'MET' : 'MISSED'}`;

/** At a bench's end: how many of its targets were met, and the misses again. */
export function printVerdicts(title = benchName) {
  const missed = verdicts.filter((verdict) => !verdict.met);
  console.log(
    `\n${title}: ${verdicts.length - missed.length} of ${verdicts.length} targets met${missed.length ? ', MISSED:' : ''}`,
  );
  for (const verdict of missed) console.log(verdictLine(verdict));
}

/**
 * Runs the body on a fresh embedded database, then on a fresh PostgreSQL database when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set; both are removed afterwards.
 */
export async function onBothDatabases(name: string, body: (label: string, database: DatabaseHandle) => Promise<void>) {
  const dataDir = await mkdtemp(join(tmpdir(), `shiftline-bench-${name}-`));
  const embedded = await openDatabase({ databaseUrl: null, dataDir });
  try {
    await body('PGlite', embedded);
  } finally {
    await embedded.close();
    await rm(dataDir, { recursive: true, force: true });
  }

  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    console.log('\nPostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
    return;
  }
  const database = `shiftline_bench_${name}_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${database}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  const server = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
  try {
    await body('PostgreSQL', server);
  } finally {
    await server.close();
    await admin.query(`DROP DATABASE "${database}" WITH (FORCE)`);
    await admin.end();
  }
}

/** The real application, quiet, over a benchmark database; `now` pins the scheduling clock. */
export const benchApp = (database: DatabaseHandle, now?: () => number) =>
  buildApp({
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
    },
    database,
    now,
  });

/** Debian's Chromium, headless, launched as the browser tests launch it. */
export { launchChromium } from '@shiftline/e2e/chromium';
