// Supervisor month render: time from navigation to the month grid showing its agent atoms, and to the details
// panel drawing its timeline, in headless Chromium against the real server, for a 1,000-agent centre. The
// baseline in the same run is the default 48-agent demo centre.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { median } from './support.js';

const serverDir = fileURLToPath(new URL('../apps/server', import.meta.url));
const RUNS = Number(process.env.BENCH_RENDER_RUNS ?? 5);

async function startServer(agents: number, port: number): Promise<{ child: ChildProcess; dataDir: string }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'shiftline-render-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      DEMO_AGENTS: String(agents),
      // The render benchmark needs shifts, not call history: skip it to keep start-up short.
      DEMO_HISTORY_DAYS: '0',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Shiftline is ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`server exited ${code}\n${output}`)));
  });
  return { child, dataDir };
}

async function measure(agents: number, port: number): Promise<void> {
  const { child, dataDir } = await startServer(agents, port);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const page = await (
      await browser.newContext({
        baseURL: `http://127.0.0.1:${port}`,
        viewport: { width: 1440, height: 900 },
        timezoneId: 'America/Toronto',
      })
    ).newPage();
    page.setDefaultTimeout(120_000);
    await page.goto('/login');
    await page.getByTestId('login-email').locator('input').fill('schedulesupervisor@shiftline.test');
    await page.getByTestId('login-password').locator('input').fill('shiftline');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('topbar-user').waitFor();
    const today = new Date().toISOString().slice(0, 10);
    const month: number[] = [];
    const panel: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      await page.goto('/');
      const started = performance.now();
      await page.goto('/schedule/team');
      await page.getByTestId('agent-atom').first().waitFor();
      month.push(performance.now() - started);
      await page.goto('/');
      const panelStarted = performance.now();
      await page.goto(`/schedule/team#date=${today}`);
      await page.getByTestId('timeline-shift').first().waitFor();
      panel.push(performance.now() - panelStarted);
    }
    const atoms = await page.getByTestId('agent-atom').count();
    console.log(`${agents} agents (${atoms} atoms on the month grid), median of ${RUNS}:`);
    console.log(`  month grid with agent atoms: ${median(month).toFixed(0)} ms`);
    console.log(`  details panel with timeline: ${median(panel).toFixed(0)} ms`);
  } finally {
    await browser.close();
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}

await measure(48, 3951);
await measure(1000, 3952);
