// What every benchmark shares: order statistics, formatting, and running a body on both databases.
import { appendFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { buildApp, type DatabaseHandle, openDatabase } from '@shiftline/server/testing';
import { sql } from 'kysely';
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

/** At a bench's end: how many of its targets were met, and the misses again (returned too). */
export function printVerdicts(title = benchName): Verdict[] {
  const missed = verdicts.filter((verdict) => !verdict.met);
  console.log(
    `\n${title}: ${verdicts.length - missed.length} of ${verdicts.length} targets met${missed.length ? ', MISSED:' : ''}`,
  );
  for (const verdict of missed) console.log(verdictLine(verdict));
  return missed;
}

/** Exit code of a bench whose targets are a gate (bench/bundle) when one is missed; a crash stays 1. */
export const GATE_MISSED_EXIT_CODE = 2;

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

/** A quiet app configuration for benchmarks (with Redis when `redisUrl` is given). */
export const benchConfig = (redisUrl: string | null = null) => ({
  port: 0,
  host: '127.0.0.1',
  dataDir: '',
  databaseUrl: null,
  redisUrl,
  sessionSecret: 'bench-secret-bench-secret',
  webDist: null,
  logLevel: 'silent',
  loginAttemptsPerMinute: 1000,
  allowedOrigins: [],
  secureCookies: false,
  trustProxy: false,
});

/** The real application, quiet, over a benchmark database; `now` pins the scheduling clock. */
export const benchApp = (database: DatabaseHandle, now?: () => number) =>
  buildApp({ config: benchConfig(), database, now });

/** The PostgreSQL server benchmarks use (BENCH_POSTGRES_URL, or the local one as this user). */
export const benchPostgresUrl = () =>
  process.env.BENCH_POSTGRES_URL ?? `postgres://${userInfo().username}@127.0.0.1:5432/postgres`;

/** A new, empty PostgreSQL database `name` (dropped first if a run left it), and its URL. */
export async function freshPostgresDatabase(name: string): Promise<string> {
  const serverUrl = benchPostgresUrl();
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A new PostgreSQL database of this run's own, `<prefix>_<pid>_<time>` (two runs at once never share or drop each
 * other's), its URL, and drop() for the run's end.
 */
export async function runPostgresDatabase(
  prefix: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const serverUrl = benchPostgresUrl();
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.end();
  };
  return { name, url: url.toString(), drop };
}

/** Debian's Chromium, headless, launched as the browser tests launch it. */
export { launchChromium } from '@shiftline/e2e/chromium';

/**
 * Benchmark campaigns (no working window: calls and statuses whenever the bench runs) and `agents` agents on them,
 * each on one campaign and every fourth on a second; vacuumed and analysed as a production server keeps its tables.
 */
export async function addBenchAgents(
  db: DatabaseHandle['db'],
  options: { prefix: string; campaigns: number; agents: number },
): Promise<{ campaignIds: number[]; agentIds: number[] }> {
  const campaignIds: number[] = [];
  for (let index = 1; index <= options.campaigns; index += 1) {
    const row = await db
      .insertInto('campaigns')
      .values({ name: `${options.prefix} ${index}`, unique_name: `${options.prefix}_${index}`, type: 'inbound' })
      .returning('id')
      .executeTakeFirstOrThrow();
    campaignIds.push(row.id);
  }
  const template = await db
    .selectFrom('users')
    .select('password_hash')
    .where('email', '=', 'agent@shiftline.test')
    .executeTakeFirstOrThrow();
  const agentIds: number[] = [];
  for (let offset = 0; offset < options.agents; offset += 1000) {
    const rows = await db
      .insertInto('users')
      .values(
        Array.from({ length: Math.min(1000, options.agents - offset) }, (_, index) => ({
          email: `${options.prefix}.agent${offset + index}@bench.test`,
          password_hash: template.password_hash,
          first_name: 'Bench',
          second_name: `Agent ${offset + index}`,
          role: 'agent' as const,
          timezone: 'America/Toronto',
        })),
      )
      .returning('id')
      .execute();
    agentIds.push(...rows.map((row) => row.id));
  }
  const assignments = agentIds.flatMap((userId, index) => {
    const first = campaignIds[index % campaignIds.length] as number;
    const second = campaignIds[(index + 1) % campaignIds.length] as number;
    return index % 4 === 0 && second !== first
      ? [
          { campaign_id: first, user_id: userId },
          { campaign_id: second, user_id: userId },
        ]
      : [{ campaign_id: first, user_id: userId }];
  });
  for (let offset = 0; offset < assignments.length; offset += 2000) {
    await db
      .insertInto('campaign_agents')
      .values(assignments.slice(offset, offset + 2000))
      .execute();
  }
  // This machine's PostgreSQL runs without autovacuum.
  await sql`VACUUM ANALYZE`.execute(db);
  return { campaignIds, agentIds };
}
