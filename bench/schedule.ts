import { brotliCompressSync, gzipSync } from 'node:zlib';
import { type DatabaseHandle, generateDemo, migrateToLatest } from '@shiftline/server/testing';
import { calendarPeriod, instantOf, localDateInZone } from '@shiftline/shared';
import { sql } from 'kysely';
import { benchApp, checkTarget, ms, onBothDatabases, percentile, printVerdicts } from './support.js';

const AGENTS = Number(process.env.BENCH_AGENTS ?? 1000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const TEAM_REQUESTS = Number(process.env.BENCH_TEAM_REQUESTS ?? 30);
/** get_schedule's whole month is the slow contract path: a few requests show its cost. */
const FULL_REQUESTS = Number(process.env.BENCH_FULL_REQUESTS ?? 3);

async function run(label: string, database: DatabaseHandle): Promise<void> {
  const seeded = performance.now();
  await migrateToLatest(database.db as never);
  await generateDemo(database.db, { agents: AGENTS, shiftWindow: { daysBack: 21, daysAhead: 21 } });
  const shiftCount = await sql<{ n: string }>`select count(*) as n from shifts`.execute(database.db);
  console.log(
    `\n${label}: ${AGENTS} agents, ${shiftCount.rows[0]?.n} shifts generated in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
  );

  const app = await benchApp(database);
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'schedulesupervisor@shiftline.test', password: 'shiftline' },
  });
  const cookie = `shiftline_sid=${login.cookies.find((c) => c.name === 'shiftline_sid')?.value}`;
  const agents = await database.db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'agent')
    .where('is_system', '=', false)
    .where('archived', '=', false)
    .execute();
  const now = new Date();
  const period = calendarPeriod(now.toISOString().slice(0, 7), 'America/Toronto');

  const appTimes: number[] = [];
  const sqlTimes: number[] = [];
  let shiftsPerResponse = 0;
  for (let index = 0; index < REQUESTS; index += 1) {
    const agent = agents[(index * 7919) % agents.length] as { id: number };
    const started = performance.now();
    const response = await app.inject({
      url: `/api/schedules/get_user_schedule?start_period=${period.startUtc}&end_period=${period.endUtc}&user=${agent.id}`,
      headers: { cookie },
    });
    appTimes.push(performance.now() - started);
    if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
    shiftsPerResponse += response.json().shifts.length;

    const rawStarted = performance.now();
    await sql`select s.*, (select json_agg(b) from shift_breaks b where b.shift_id = s.id) as breaks
              from shifts s where s.user_id = ${agent.id} and s.start_at < ${period.endUtc} and s.end_at > ${period.startUtc}`.execute(
      database.db,
    );
    sqlTimes.push(performance.now() - rawStarted);
  }
  console.log(
    `  get_user_schedule, one month, ${REQUESTS} requests (avg ${(shiftsPerResponse / REQUESTS).toFixed(1)} shifts each):`,
  );
  console.log(`    app    p50 ${ms(percentile(appTimes, 50))}   p95 ${ms(percentile(appTimes, 95))}`);
  console.log(`    bare SQL baseline p50 ${ms(percentile(sqlTimes, 50))}   p95 ${ms(percentile(sqlTimes, 95))}`);
  console.log(`    app / baseline at p50: ${(percentile(appTimes, 50) / percentile(sqlTimes, 50)).toFixed(1)}×`);

  // The supervisor month as the calendar loads it now: the month summary, then the opened day.
  const today = localDateInZone(Date.now(), 'America/Toronto');
  const dayStart = new Date(instantOf(today, '00:00', 'America/Toronto')).toISOString();
  const dayEnd = new Date(instantOf(today, '00:00', 'America/Toronto') + 86_400_000).toISOString();
  const timed = async (url: string, requests: number) => {
    const times: number[] = [];
    let body = '';
    for (let index = 0; index < requests; index += 1) {
      const started = performance.now();
      const response = await app.inject({ url, headers: { cookie } });
      times.push(performance.now() - started);
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      body = response.body;
    }
    const kB = (bytes: number) => bytes / 1000;
    return {
      times,
      body,
      json: kB(Buffer.byteLength(body)),
      gzip: kB(gzipSync(body).length),
      brotli: kB(brotliCompressSync(body).length),
    };
  };
  const sizes = (run: { json: number; gzip: number; brotli: number }) =>
    `${run.json.toFixed(1)} kB JSON, ${run.gzip.toFixed(1)} kB gzip, ${run.brotli.toFixed(1)} kB brotli`;

  const month = await timed(
    `/api/schedules/get_month_summary?start_period=${period.startUtc}&end_period=${period.endUtc}`,
    TEAM_REQUESTS,
  );
  console.log(`  get_month_summary, supervisor month, ${TEAM_REQUESTS} requests (${sizes(month)}):`);
  console.log(`    app    p50 ${ms(percentile(month.times, 50))}   p95 ${ms(percentile(month.times, 95))}`);
  checkTarget(`month summary p95 (${AGENTS} agents)`, percentile(month.times, 95), '≤', 100, 'ms');
  checkTarget(`month summary compressed (${AGENTS} agents)`, Math.max(month.gzip, month.brotli), '≤', 300, 'kB', 1);

  const dayRun = await timed(
    `/api/schedules/get_day_schedule?start_period=${dayStart}&end_period=${dayEnd}`,
    TEAM_REQUESTS,
  );
  const dayPoints = JSON.parse(dayRun.body).data_points.length;
  console.log(`  get_day_schedule, one day (${dayPoints} agents), ${TEAM_REQUESTS} requests (${sizes(dayRun)}):`);
  console.log(`    app    p50 ${ms(percentile(dayRun.times, 50))}   p95 ${ms(percentile(dayRun.times, 95))}`);
  checkTarget(`day schedule p95 (${AGENTS} agents)`, percentile(dayRun.times, 95), '≤', 100, 'ms');
  const campaigns = await timed(
    `/api/schedules/get_all_campaigns?start_period=${dayStart}&end_period=${dayEnd}`,
    TEAM_REQUESTS,
  );
  console.log(`  get_all_campaigns, one day, ${TEAM_REQUESTS} requests (${sizes(campaigns)}):`);
  console.log(`    app    p50 ${ms(percentile(campaigns.times, 50))}   p95 ${ms(percentile(campaigns.times, 95))}`);

  // get_schedule keeps the spec's contract (every data point of the period); the month view no longer calls it.
  const full = await timed(
    `/api/schedules/get_schedule?start_period=${period.startUtc}&end_period=${period.endUtc}`,
    FULL_REQUESTS,
  );
  const points = JSON.parse(full.body).data_points.reduce(
    (sum: number, point: { time_points: unknown[] }) => sum + point.time_points.length,
    0,
  );
  console.log(`  get_schedule, whole month, ${FULL_REQUESTS} requests (${points} shifts, ${sizes(full)}):`);
  console.log(`    app    p50 ${ms(percentile(full.times, 50))}   p95 ${ms(percentile(full.times, 95))}`);
  await app.close();
}

await onBothDatabases('schedule', run);
printVerdicts();
