// Every benchmark at a small scale, one after another, then one table of every target's verdict: a regression shows
// as MISSED without reading figures. Small-scale figures are smaller than the full runs', so a MET here is a sanity
// check and a MISSED is worth a full run (npm run bench). Not a CI gate: it always exits 0 unless a bench crashes
// (a gated bench's missed goal, exit code 2, is reported as such and fails the run too).
// npm run bench:quick [-- dashboards schedule]   (names pick some benches; none runs them all)
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GATE_MISSED_EXIT_CODE, type Verdict, verdictLine } from './support.js';

/** Each bench with the environment that makes it small (its own knobs; see the head of each file). */
const QUICK: { name: string; file: string; env: Record<string, string> }[] = [
  { name: 'startup', file: 'startup.ts', env: { BENCH_RUNS: '1' } },
  { name: 'bundle', file: 'bundle.ts', env: { BENCH_ROLES: 'agent' } },
  {
    name: 'schedule',
    file: 'schedule.ts',
    env: { BENCH_AGENTS: '200', BENCH_REQUESTS: '20', BENCH_TEAM_REQUESTS: '5' },
  },
  {
    name: 'planners',
    file: 'planners.ts',
    env: { BENCH_PLANNERS: '100', BENCH_PLANNER_SAVES: '10', BENCH_BASELINE_AGENTS: '5' },
  },
  { name: 'team-render', file: 'teamRender.ts', env: { BENCH_AGENTS: '200', BENCH_RENDER_RUNS: '1' } },
  {
    name: 'dashboards',
    file: 'dashboards.ts',
    env: { BENCH_AGENTS: '40', BENCH_DAYS: '45', BENCH_RUNS: '5', BENCH_COLD_RANGES: '5', BENCH_SKIP_STARTUP: '1' },
  },
  { name: 'acd', file: 'acd.ts', env: { BENCH_ACD_AGENTS: '100', BENCH_ACD_RATE: '10', BENCH_ACD_SECONDS: '10' } },
  {
    name: 'live',
    file: 'live.ts',
    env: { BENCH_LIVE_AGENTS: '300', BENCH_LIVE_SUPERVISORS: '20', BENCH_LIVE_SECONDS: '15' },
  },
];

const picked = process.argv.slice(2);
const benches = picked.length ? QUICK.filter((bench) => picked.includes(bench.name)) : QUICK;
const verdictsFile = join(tmpdir(), `shiftline-bench-verdicts-${process.pid}.jsonl`);
rmSync(verdictsFile, { force: true });

const failed: string[] = [];
for (const bench of benches) {
  console.log(
    `\n=== ${bench.name} (${Object.entries(bench.env)
      .map(([key, value]) => `${key}=${value}`)
      .join(' ')})`,
  );
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', bench.file], {
      cwd: new URL('.', import.meta.url),
      env: { ...process.env, ...bench.env, BENCH_VERDICTS_FILE: verdictsFile },
      stdio: 'inherit',
    });
    child.once('exit', resolve);
  });
  if (code === GATE_MISSED_EXIT_CODE) failed.push(`${bench.name} (missed its gated goal)`);
  else if (code !== 0) failed.push(`${bench.name} (exit ${code})`);
}

const verdicts: Verdict[] = existsSync(verdictsFile)
  ? readFileSync(verdictsFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Verdict)
  : [];
rmSync(verdictsFile, { force: true });
const missed = verdicts.filter((verdict) => !verdict.met);
console.log('\n=== Verdicts at small scale');
for (const bench of benches) {
  const own = verdicts.filter((verdict) => verdict.bench === bench.file.replace(/\.ts$/, ''));
  console.log(`${bench.name}:${own.length ? '' : ' no targets reported'}`);
  for (const verdict of own) console.log(verdictLine(verdict));
}
console.log(
  `\n${verdicts.length - missed.length} of ${verdicts.length} targets met, ${missed.length} MISSED` +
    (failed.length ? `; failed: ${failed.join(', ')}` : ''),
);
process.exitCode = failed.length ? 1 : 0;
