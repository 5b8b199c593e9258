import {
  createPlannersRepository,
  createPlannersService,
  createUsersRepository,
  type DatabaseHandle,
  hashPassword,
  migrateToLatest,
  transactional,
} from '@shiftline/server/testing';
import {
  expandPlanner,
  instantOf,
  localDateInZone,
  PLANNER_HORIZON_DAYS,
  parseSchedulerRule,
  type SchedulerRule,
  TIME_ZONE_IDS,
} from '@shiftline/shared';
import type { FastifyInstance } from 'fastify';
import { benchApp, checkTarget, median, ms, onBothDatabases, percentile, printVerdicts } from './support.js';

const PLANNERS = Number(process.env.BENCH_PLANNERS ?? 1000);
const SAVES = Number(process.env.BENCH_PLANNER_SAVES ?? 100);
const BASELINE_AGENTS = Number(process.env.BENCH_BASELINE_AGENTS ?? 10);
const ROUNDS = 5;
/**
 * Targets (the spec names none; docs/decisions.md): a planner's save feels immediate in its dialog, the daily top-up
 * of every planner stays a background moment, and expansion is never what a save waits for.
 */
const TARGETS = { saveP95Ms: 300, topUpMsPerPlanner: 20, expansionUsPerPlanner: 1000, speedUpOverSingles: 5 };
const DAY_MS = 86_400_000;
const HORIZON_MS = PLANNER_HORIZON_DAYS * DAY_MS;

const RULE_SETS: string[][] = [
  ['0 9 MO,TU,WE,TH,FR/1 480 b+120,l+225'],
  ['30 7 MO,WE,FR/1 540 b+120,l+255,b+420', '0 12 TU,TH/1 360 b+90,l+180'],
  ['0 22 */2 600 b+120,l+285,b+480'],
  ['0 8 SU,SA/2 240 b+60', '0 14 MO,TU,WE,TH,FR/1 420 b+120,l+210', '15 6 */7 300 b+120'],
];

const rulesOf = (texts: string[]): SchedulerRule[] =>
  texts.map((text) => {
    const result = parseSchedulerRule(text);
    if (!result.ok) throw new Error(`${text}: ${result.field} ${result.reason}`);
    return result.rule;
  });

const isoPlusDays = (isoDate: string, days: number) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

// ---------- 1. pure expansion ----------

type BenchPlanner = { rules: SchedulerRule[]; startPlanner: string; endPlanner: string | null; zone: string };

/** Naive reference: every local day of the window, each day's midnight and weekday asked of the zone. */
function naiveExpansion(planner: BenchPlanner, from: number, to: number): number {
  let count = 0;
  const startMs = Date.parse(`${planner.startPlanner}T00:00:00Z`);
  const startSunday = startMs - new Date(startMs).getUTCDay() * DAY_MS;
  for (
    let date = localDateInZone(from, planner.zone);
    instantOf(date, '00:00', planner.zone) < to;
    date = isoPlusDays(date, 1)
  ) {
    if (date < planner.startPlanner || (planner.endPlanner !== null && date > planner.endPlanner)) continue;
    const dayMs = Date.parse(`${date}T00:00:00Z`);
    const weekday = new Date(dayMs).getUTCDay();
    const sinceStart = Math.round((dayMs - startMs) / DAY_MS);
    const weeks = Math.round((dayMs - weekday * DAY_MS - startSunday) / (7 * DAY_MS));
    for (const rule of planner.rules) {
      const on =
        rule.days.kind === 'once'
          ? sinceStart === 0
          : rule.days.kind === 'days'
            ? sinceStart % rule.days.interval === 0
            : rule.days.days.includes(weekday) && weeks % rule.days.interval === 0;
      if (!on) continue;
      const time = `${String(rule.hour).padStart(2, '0')}:${String(rule.minute).padStart(2, '0')}`;
      const start = instantOf(date, time, planner.zone);
      if (start >= from && start < to) count += 1;
    }
  }
  return count;
}

function benchExpansion(): void {
  const now = Date.now();
  const planners: BenchPlanner[] = Array.from({ length: PLANNERS }, (_, index) => {
    const zone = TIME_ZONE_IDS[index % TIME_ZONE_IDS.length] as string;
    const today = localDateInZone(now, zone);
    return {
      rules: rulesOf(RULE_SETS[index % RULE_SETS.length] as string[]),
      startPlanner: isoPlusDays(today, -(index % 30)),
      endPlanner: index % 5 === 0 ? isoPlusDays(today, 40) : null,
      zone,
    };
  });
  const from = now;
  const to = now + HORIZON_MS;
  const fast: number[] = [];
  const naive: number[] = [];
  let occurrences = 0;
  let naiveOccurrences = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    let started = performance.now();
    occurrences = 0;
    for (const planner of planners) occurrences += expandPlanner({ ...planner, from, to }).length;
    fast.push(performance.now() - started);
    started = performance.now();
    naiveOccurrences = 0;
    for (const planner of planners) naiveOccurrences += naiveExpansion(planner, from, to);
    naive.push(performance.now() - started);
  }
  if (occurrences !== naiveOccurrences) throw new Error(`expansion ${occurrences} ≠ naive ${naiveOccurrences}`);
  console.log(
    `\nPure expansion: ${PLANNERS} planners over ${PLANNER_HORIZON_DAYS} days → ${occurrences} shifts (median of ${ROUNDS})`,
  );
  console.log(
    `  expandPlanner        ${ms(median(fast))}  (${((median(fast) * 1000) / occurrences).toFixed(2)} µs per shift, ${((median(fast) * 1000) / PLANNERS).toFixed(1)} µs per planner)`,
  );
  console.log(`  expandPlanner, first round (cold zone-offset memo) ${ms(fast[0] as number)}`);
  console.log(`  naive day-by-day     ${ms(median(naive))}  (baseline)`);
  console.log(`  baseline / expandPlanner: ${(median(naive) / median(fast)).toFixed(1)}×`);
  checkTarget(
    'expandPlanner per planner (median round)',
    (median(fast) * 1000) / PLANNERS,
    '≤',
    TARGETS.expansionUsPerPlanner,
    'µs',
    1,
  );
}

// ---------- 2. the server's save path ----------

async function signIn(app: FastifyInstance, email: string, password: string) {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === 'shiftline_sid');
  return {
    cookie: `shiftline_sid=${cookie?.value}`,
    'x-csrf-token': (response.json() as { csrf_token: string }).csrf_token,
  };
}

async function benchServer(label: string, database: DatabaseHandle): Promise<void> {
  await migrateToLatest(database.db as never);
  const password = 'bench-password';
  const passwordHash = await hashPassword(password);
  await database.db
    .insertInto('users')
    .values({
      email: 'bench.scheduler@bench.local',
      password_hash: passwordHash,
      first_name: 'Bench',
      second_name: 'Scheduler',
      role: 'schedule_supervisor',
      timezone: 'America/Toronto',
    })
    .execute();
  const agents = await database.db
    .insertInto('users')
    .values(
      Array.from({ length: SAVES + BASELINE_AGENTS }, (_, index) => ({
        email: `bench.agent.${index}@bench.local`,
        password_hash: passwordHash,
        first_name: 'Bench',
        second_name: `Agent ${index}`,
        role: 'agent' as const,
        timezone: TIME_ZONE_IDS[index % TIME_ZONE_IDS.length] as string,
      })),
    )
    .returning(['id', 'timezone'])
    .execute();
  const now = Date.now();
  const app = await benchApp(database, () => now);
  const headers = await signIn(app, 'bench.scheduler@bench.local', password);
  const plannerAgents = agents.slice(0, SAVES);
  const baselineAgents = agents.slice(SAVES);

  const saveAll = async () => {
    const times: number[] = [];
    const totals = { created: 0, kept: 0, skipped: 0 };
    for (const [index, agent] of plannerAgents.entries()) {
      const started = performance.now();
      const response = await app.inject({
        method: 'POST',
        url: '/api/schedules/set_planner',
        headers,
        payload: {
          start: localDateInZone(now, agent.timezone),
          scheduler: RULE_SETS[index % RULE_SETS.length],
          end_date: null,
          user: agent.id,
          zone: agent.timezone,
        },
      });
      times.push(performance.now() - started);
      if (response.statusCode !== 200) throw new Error(`set_planner ${response.statusCode} ${response.body}`);
      const body = response.json() as typeof totals;
      totals.created += body.created;
      totals.kept += body.kept;
      totals.skipped += body.skipped;
    }
    return { times, totals };
  };

  console.log(`\n${label}: set_planner for ${SAVES} agents, ${PLANNER_HORIZON_DAYS}-day horizon`);
  const first = await saveAll();
  console.log(
    `  first save   p50 ${ms(percentile(first.times, 50))}  p95 ${ms(percentile(first.times, 95))}  total ${ms(first.times.reduce((a, b) => a + b, 0))}  (${first.totals.created} shifts created, ${(first.totals.created / SAVES).toFixed(1)} per planner)`,
  );
  checkTarget(`${label} set_planner first save p95`, percentile(first.times, 95), '≤', TARGETS.saveP95Ms, 'ms');
  const again = await saveAll();
  console.log(
    `  re-save      p50 ${ms(percentile(again.times, 50))}  p95 ${ms(percentile(again.times, 95))}  (${again.totals.created} created, ${again.totals.kept} kept: idempotent)`,
  );

  const service = createPlannersService({
    planners: createPlannersRepository(database.db),
    users: createUsersRepository(database.db),
    inTransaction: transactional(database.db, createPlannersRepository),
    now: () => now + 7 * DAY_MS,
  });
  let started = performance.now();
  const topUp = await service.extendPlannerHorizons(now + 7 * DAY_MS);
  const topUpMs = performance.now() - started;
  started = performance.now();
  const noop = await service.extendPlannerHorizons(now + 7 * DAY_MS);
  const noopMs = performance.now() - started;
  console.log(
    `  daily top-up a week later: ${topUp.planners} planners, ${topUp.created} shifts in ${ms(topUpMs)}; run again: ${noop.created} shifts in ${ms(noopMs)}`,
  );

  checkTarget(`${label} set_planner re-save p95`, percentile(again.times, 95), '≤', TARGETS.saveP95Ms, 'ms');
  checkTarget(
    `${label} daily top-up per planner`,
    topUpMs / Math.max(1, topUp.planners),
    '≤',
    TARGETS.topUpMsPerPlanner,
    'ms',
  );

  // Baseline: the same Monday–Friday 09:00–17:00 shifts as single save_new_event requests.
  const weekdays = rulesOf(RULE_SETS[0] as string[]);
  const perAgent: number[] = [];
  const perPlanner: number[] = [];
  for (const agent of baselineAgents) {
    const shifts = expandPlanner({
      rules: weekdays,
      startPlanner: localDateInZone(now, agent.timezone),
      endPlanner: null,
      zone: agent.timezone,
      from: now,
      to: now + HORIZON_MS,
    });
    const agentStarted = performance.now();
    for (const shift of shifts) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/schedules/save_new_event',
        headers,
        payload: {
          start: new Date(shift.start).toISOString(),
          end: new Date(shift.end).toISOString(),
          breaks: shift.breaks.map((b) => ({ type: b.type, start: new Date(b.start).toISOString() })),
          user: agent.id,
        },
      });
      if (response.statusCode !== 201) throw new Error(`save_new_event ${response.statusCode} ${response.body}`);
    }
    perAgent.push(performance.now() - agentStarted);
  }
  for (const [index, time] of first.times.entries()) if (index % RULE_SETS.length === 0) perPlanner.push(time);
  console.log(
    `  Monday–Friday for one agent: set_planner p50 ${ms(percentile(perPlanner, 50))} vs ${BASELINE_AGENTS} agents × ~40 save_new_event (baseline) p50 ${ms(percentile(perAgent, 50))}: ${(percentile(perAgent, 50) / percentile(perPlanner, 50)).toFixed(1)}×`,
  );
  checkTarget(
    `${label} singles / set_planner (Monday–Friday, p50)`,
    percentile(perAgent, 50) / percentile(perPlanner, 50),
    '≥',
    TARGETS.speedUpOverSingles,
    '×',
    1,
  );
  await app.close();
}

benchExpansion();

await onBothDatabases('planners', benchServer);
printVerdicts('Planners');
