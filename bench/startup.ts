// Start-up benchmark: cold first start (empty data folder → ready with demo data), warm start of the compiled
// server as production runs it (`npm start` → dist/server.js), warm start from TypeScript through tsx (what every
// start cost before the build step), and as the baseline in the same run, the bare cost of opening a fresh and an
// existing embedded database.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { checkTarget, median } from './support.js';

const serverDir = fileURLToPath(new URL('../apps/server', import.meta.url));
const runs = Number(process.env.BENCH_RUNS ?? 3);

const COMPILED = ['dist/server.js'];
const FROM_TYPESCRIPT = ['--import', 'tsx', 'src/server.ts'];
execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: serverDir, stdio: 'inherit' });

/**
 * CPU seconds a process has used (user + system, from /proc on Linux; null elsewhere): unlike the wall time, it
 * hardly moves with the machine's load, so it compares builds on a busy machine.
 */
function cpuSecondsOf(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const ticksPerSecond = 100;
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
  } catch {
    return null;
  }
}

const cpuAtReady: Record<'compiled' | 'tsx', number[]> = { compiled: [], tsx: [] };

function timeServerStart(dataDir: string, port: number, command = COMPILED): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, command, {
    cwd: serverDir,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Shiftline is ready')) {
        const elapsed = performance.now() - started;
        const cpu = cpuSecondsOf(child.pid);
        if (cpu !== null && !output.includes('Demo data'))
          cpuAtReady[command === COMPILED ? 'compiled' : 'tsx'].push(cpu);
        child.once('exit', () => resolve(elapsed));
        child.kill('SIGTERM');
      }
    });
    child.once('exit', (code) => code !== 0 && code !== null && reject(new Error(`server exited ${code}\n${output}`)));
  });
}

async function timePgliteOpen(dataDir: string): Promise<number> {
  const started = performance.now();
  const db = await PGlite.create(dataDir);
  await db.query('select 1');
  const elapsed = performance.now() - started;
  await db.close();
  return elapsed;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const cold: number[] = [];
const warm: number[] = [];
const warmFromTypeScript: number[] = [];
const bareFresh: number[] = [];
const bareExisting: number[] = [];
for (let run = 0; run < runs; run += 1) {
  const dataDir = await mkdtemp(join(tmpdir(), 'shiftline-bench-'));
  cold.push(await timeServerStart(dataDir, 3900 + run));
  // The first start after seeding still settles the new data folder (recovery, hint bits); it would tilt whichever
  // warm start came first, so it is not counted.
  await timeServerStart(dataDir, 3900 + run);
  cpuAtReady.compiled.pop();
  warm.push(await timeServerStart(dataDir, 3900 + run));
  warmFromTypeScript.push(await timeServerStart(dataDir, 3900 + run, FROM_TYPESCRIPT));
  await rm(dataDir, { recursive: true, force: true });
  const bareDir = await mkdtemp(join(tmpdir(), 'shiftline-bench-pglite-'));
  bareFresh.push(await timePgliteOpen(bareDir));
  bareExisting.push(await timePgliteOpen(bareDir));
  await rm(bareDir, { recursive: true, force: true });
}

console.log(`Start-up over ${runs} runs (median; process spawn to "ready"):`);
checkTarget('cold first start (migrate + demo data)', median(cold) / 1000, '<', 30, 's');
checkTarget('warm start, compiled (npm start)', median(warm) / 1000, '<', 1.5, 's');
console.log(`  warm start from TypeScript (tsx), for comparison:  ${seconds(median(warmFromTypeScript))}`);
if (cpuAtReady.compiled.length > 0 && cpuAtReady.tsx.length > 0) {
  console.log(
    `  CPU used to ready, warm (load-independent): compiled ${median(cpuAtReady.compiled).toFixed(2)} s, tsx ${median(cpuAtReady.tsx).toFixed(2)} s`,
  );
}
console.log(`  baseline, bare PGlite open, fresh dir:  ${seconds(median(bareFresh))}`);
console.log(`  baseline, bare PGlite open, existing:   ${seconds(median(bareExisting))}`);
console.log(
  `  our overhead over the bare open: cold ${seconds(median(cold) - median(bareFresh))}, warm ${seconds(median(warm) - median(bareExisting))}`,
);
