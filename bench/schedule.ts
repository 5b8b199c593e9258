import { calendarPeriod } from '@shiftline/shared';
import { sql } from 'kysely';
import { type DatabaseHandle } from '../apps/server/src/db/database.js';
import { generateDemo } from '../apps/server/src/db/demo/generateDemo.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { benchApp, ms, onBothDatabases, percentile } from './support.js';

const AGENTS = Number(process.env.BENCH_AGENTS ?? 1000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const TEAM_REQUESTS = Number(process.env.BENCH_TEAM_REQUESTS ?? 30);

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

  // The supervisor month: every agent's shifts, vacations and the per-date summary in one response.
  const teamTimes: number[] = [];
  const teamSqlTimes: number[] = [];
  let points = 0;
  let bytes = 0;
  for (let index = 0; index < TEAM_REQUESTS; index += 1) {
    const started = performance.now();
    const response = await app.inject({
      url: `/api/schedules/get_schedule?start_period=${period.startUtc}&end_period=${period.endUtc}`,
      headers: { cookie },
    });
    teamTimes.push(performance.now() - started);
    if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
    points = response
      .json()
      .data_points.reduce((sum: number, point: { time_points: unknown[] }) => sum + point.time_points.length, 0);
    bytes = response.body.length;
    const rawStarted = performance.now();
    await sql`select * from shifts s where s.start_at < ${period.endUtc} and s.end_at > ${period.startUtc}`.execute(
      database.db,
    );
    await sql`select b.* from shift_breaks b join shifts s on s.id = b.shift_id
              where s.start_at < ${period.endUtc} and s.end_at > ${period.startUtc}`.execute(database.db);
    teamSqlTimes.push(performance.now() - rawStarted);
  }
  console.log(
    `  get_schedule, supervisor month, ${TEAM_REQUESTS} requests (${points} shifts, ${(bytes / 1024 / 1024).toFixed(1)} MB JSON):`,
  );
  console.log(`    app    p50 ${ms(percentile(teamTimes, 50))}   p95 ${ms(percentile(teamTimes, 95))}`);
  console.log(
    `    bare SQL baseline p50 ${ms(percentile(teamSqlTimes, 50))}   p95 ${ms(percentile(teamSqlTimes, 95))}`,
  );
  await app.close();
}

await onBothDatabases('schedule', run);
