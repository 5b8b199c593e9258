// The SQL of every rollup read and upkeep, as Kysely compiles it, written to apps/server/src/rollups/sql/ so a reviewer
// reads the query a change produces. No database: the code runs against Kysely's DummyDriver (every query returns no
// rows) and the compiled queries are recorded, with fixed example parameters.
// npm run db:sql              writes the files
// npm run db:sql -- --check   fails when the committed files differ from what the code generates now (npm test runs it)
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { bucketRange, instantOf } from '@shiftline/shared';
import {
  type CompiledQuery,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from 'kysely';
import type { Database } from '../src/db/schema.js';
import { createDashboardsRepository } from '../src/features/dashboards/index.js';
import { createProductivityRepository } from '../src/features/productivity/index.js';
import { addCallsToRollups, addStatesToRollups, rebuildRollups } from '../src/rollups/index.js';

const OUTPUT = new URL('../src/rollups/sql/', import.meta.url);
const { values } = parseArgs({ options: { check: { type: 'boolean', default: false } } });

const recorded: CompiledQuery[] = [];
const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (kysely) => new PostgresIntrospector(kysely),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
  log: (event) => {
    if (event.level === 'query') recorded.push(event.query);
  },
});

/** The example ranges: a year in Toronto (two clock changes), and a month in St. John's (the half-hour grid). */
const seconds = (date: string, zone: string) => instantOf(date, '00:00', zone) / 1000;
const year = bucketRange(
  seconds('2025-11-25', 'America/Toronto'),
  seconds('2026-11-25', 'America/Toronto') - 1,
  'America/Toronto',
);
const month = bucketRange(
  seconds('2026-10-25', 'America/St_Johns'),
  seconds('2026-11-25', 'America/St_Johns') - 1,
  'America/St_Johns',
);
const NINE_TO_FIVE = [9, 10, 11, 12, 13, 14, 15, 16, 17];

const dashboards = createDashboardsRepository(db);
const productivity = createProductivityRepository(db);
const calls = { range: year, campaignIds: [1, 2], statsSourceIds: [], agentIds: [] };
const agents = [11, 12, 13];

/** Each file: what runs, named for what it is. */
const QUERIES: Record<string, () => Promise<unknown>> = {
  'upkeep.rebuild': () => rebuildRollups(db),
  'upkeep.add-calls': () => addCallsToRollups(db, [101, 102]),
  'upkeep.add-states': () => addStatesToRollups(db, [201, 202]),
  'dashboards.sums-by-day-and-hour': () => dashboards.callSumsByDayAndHour(calls),
  'dashboards.sums-by-day-and-hour.whole-type': () =>
    dashboards.callSumsByDayAndHour({ ...calls, wholeType: 'inbound' }),
  'dashboards.sums-by-day-and-hour.sources': () => dashboards.callSumsByDayAndHour({ ...calls, statsSourceIds: [3] }),
  'dashboards.sums-by-day-and-hour.agents': () => dashboards.callSumsByDayAndHour({ ...calls, agentIds: agents }),
  'dashboards.sums-by-campaign': () => dashboards.callSumsByCampaign(calls),
  'dashboards.sums-by-agent': () => dashboards.callSumsByAgent({ ...calls, agentIds: agents }),
  'dashboards.sums-by-agent.sources': () =>
    dashboards.callSumsByAgent({ ...calls, agentIds: agents, statsSourceIds: [3] }),
  'productivity.sums': () =>
    productivity.productivitySums({ agentIds: agents, range: year, localHours: null, campaignIds: null }),
  'productivity.sums.campaigns': () =>
    productivity.productivitySums({ agentIds: agents, range: month, localHours: null, campaignIds: [1, 2] }),
  'productivity.sums.time-of-day': () =>
    productivity.productivitySums({ agentIds: agents, range: year, localHours: NINE_TO_FIVE, campaignIds: null }),
  'productivity.sums.time-of-day.campaigns': () =>
    productivity.productivitySums({ agentIds: agents, range: month, localHours: NINE_TO_FIVE, campaignIds: [1, 2] }),
  'productivity.pay-basis': () => productivity.payBasis(agents, year),
};

/** Statement text without the template literals' indentation, one line per source line. */
function tidy(text: string): string {
  const lines = text.split('\n').map((line) => line.trimEnd());
  const indents = lines
    .slice(1)
    .filter((line) => line.trim() !== '')
    .map((line) => line.length - line.trimStart().length);
  const indent = Math.min(...indents, Number.POSITIVE_INFINITY);
  return lines
    .map((line, index) => (index === 0 ? line.trim() : line.slice(Number.isFinite(indent) ? indent : 0)))
    .filter((line) => line.trim() !== '')
    .join('\n');
}

/** Parameters as the driver gets them; long arrays shortened to their ends and length. */
function parameterText(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value) && value.length > 6) {
    const ends = [...value.slice(0, 2), '…', ...value.slice(-2)].map((item) => String(item));
    return `[${ends.join(', ')}] (${value.length} items)`;
  }
  return JSON.stringify(value);
}

function fileText(name: string, queries: readonly CompiledQuery[]): string {
  const statements = queries.map((query) =>
    [
      `${tidy(query.sql)};`,
      ...query.parameters.map((value, index) => `-- $${index + 1} = ${parameterText(value)}`),
    ].join('\n'),
  );
  const header = `-- ${name}: generated by \`npm run db:sql\` (apps/server/scripts/rollupSql.ts); do not edit.`;
  return `${header}\n\n${statements.join('\n\n')}\n`;
}

const generated = new Map<string, string>();
for (const [name, run] of Object.entries(QUERIES)) {
  recorded.length = 0;
  await run();
  generated.set(`${name}.sql`, fileText(name, recorded));
}
await db.destroy();

if (values.check) {
  const committed = new Set((await readdir(OUTPUT).catch(() => [])).filter((file) => file.endsWith('.sql')));
  const drifted: string[] = [];
  for (const [file, text] of generated) {
    const current = committed.has(file) ? await readFile(new URL(file, OUTPUT), 'utf8') : null;
    if (current !== text) drifted.push(current === null ? `${file} (missing)` : file);
    committed.delete(file);
  }
  for (const file of committed) drifted.push(`${file} (no longer generated)`);
  if (drifted.length > 0) {
    process.stderr.write(
      `The rollup SQL differs from apps/server/src/rollups/sql/: ${drifted.join(', ')}.\n` +
        'Run `npm run db:sql` and commit the files with the change that made them.\n',
    );
    process.exit(1);
  }
  process.stdout.write(`Rollup SQL matches the committed files (${generated.size}).\n`);
} else {
  await rm(OUTPUT, { recursive: true, force: true });
  await mkdir(OUTPUT, { recursive: true });
  for (const [file, text] of generated) await writeFile(new URL(file, OUTPUT), text);
  process.stdout.write(`Wrote ${generated.size} files to apps/server/src/rollups/sql/.\n`);
}
