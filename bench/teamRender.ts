// Supervisor month render: time from navigation to the month grid showing its agent atoms, and to the details
// panel drawing its timeline, in headless Chromium against the real server, for a 1,000-agent centre. The
// baseline in the same run is the default 48-agent demo centre.
import { startServer } from '@shiftline/server/testing/process';
import { instantOf, localDateInZone, proposeBreaks } from '@shiftline/shared';
import { type Page, request } from 'playwright-core';
import { checkTarget, launchChromium, median, printVerdicts } from './support.js';

const RUNS = Number(process.env.BENCH_RENDER_RUNS ?? 5);

/**
 * Milliseconds from the approve button's click to the first frame drawn after the bar turned approved, timed inside
 * the page: Playwright's own click (actionability checks, scrolling, round trips to the browser) and its polling
 * for the result took 100–150 ms of their own, which no user waits for.
 */
function approvalVisibleAfter(page: Page, shiftId: number): Promise<number> {
  return page.evaluate(
    (id) =>
      new Promise<number>((resolve, reject) => {
        const bar = document.querySelector(`[data-testid="timeline-shift"][data-shift-id="${id}"]`);
        const button = bar?.parentElement?.querySelector<HTMLElement>('[data-testid="approve-shift"]');
        if (!button) return reject(new Error(`no approve button beside shift ${id}`));
        const approved = `[data-testid="timeline-shift"][data-shift-id="${id}"][data-status="approved"]`;
        const started = performance.now();
        const observer = new MutationObserver(() => {
          if (!document.querySelector(approved)) return;
          observer.disconnect();
          requestAnimationFrame(() => resolve(performance.now() - started));
        });
        observer.observe(document.body, { subtree: true, childList: true, attributes: true });
        button.click();
      }),
    shiftId,
  );
}

async function measure(agents: number): Promise<void> {
  const server = await startServer({
    name: 'render',
    // The render benchmark needs shifts, not call history: skip it to keep start-up short.
    env: { DEMO_AGENTS: String(agents), DEMO_HISTORY_DAYS: '0' },
    readyWithinMs: 900_000,
  });
  const browser = await launchChromium();
  try {
    const page = await (
      await browser.newContext({
        baseURL: server.baseUrl,
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
    const today = localDateInZone(Date.now(), 'America/Toronto');
    const dataFirst: number[] = [];
    const gridAfterData: number[] = [];
    const dayData: number[] = [];
    const dayAfterData: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      await page.goto('/');
      const started = performance.now();
      const summary = page.waitForResponse((response) => response.url().includes('/get_month_summary'));
      await page.goto('/schedule/team');
      await (await summary).finished();
      const dataAt = performance.now();
      await page.getByTestId('agent-atom').first().waitFor();
      dataFirst.push(dataAt - started);
      gridAfterData.push(performance.now() - dataAt);

      await page.goto('/');
      const panelStarted = performance.now();
      const dayResponse = page.waitForResponse((response) => response.url().includes('/get_day_schedule'));
      await page.goto(`/schedule/team#date=${today}`);
      await (await dayResponse).finished();
      const dayAt = performance.now();
      await page.getByTestId('timeline-shift').first().waitFor();
      dayData.push(dayAt - panelStarted);
      dayAfterData.push(performance.now() - dayAt);
    }
    const atoms = await page.getByTestId('agent-atom').count();
    const rows = await page.getByTestId('agent-row').count();
    console.log(`${agents} agents (${atoms} atoms on screen, ${rows} agent rows drawn of the day), median of ${RUNS}:`);
    console.log(`  month summary received after navigation: ${median(dataFirst).toFixed(0)} ms`);
    checkTarget(`month grid after its data (${agents} agents)`, median(gridAfterData), '≤', 300, 'ms', 0);
    console.log(`  day received after navigation: ${median(dayData).toFixed(0)} ms`);
    checkTarget(`day timeline after its data (${agents} agents)`, median(dayAfterData), '≤', 300, 'ms', 0);

    // One approval: from the click to the bar drawn approved, on a pending shift an agent sends for it.
    const agent = await request.newContext({ baseURL: server.baseUrl });
    await agent.post('/api/auth/login', { data: { email: 'agent@shiftline.test', password: 'shiftline' } });
    const { csrf_token: csrf } = (await (await agent.get('/api/auth/me')).json()) as { csrf_token: string };
    const approvals: number[] = [];
    const day = localDateInZone(Date.now() + 45 * 86_400_000, 'America/Toronto');
    for (let run = 0; run < RUNS; run += 1) {
      // Midday: the same local date in the supervisor's zone, whichever North American one it is.
      const start = instantOf(day, `${10 + 2 * run}:00`, 'America/Toronto');
      const created = await agent.post('/api/schedules/save_new_event', {
        headers: { 'x-csrf-token': csrf },
        data: {
          start: new Date(start).toISOString(),
          end: new Date(start + 60 * 60_000).toISOString(),
          breaks: proposeBreaks({ start, end: start + 60 * 60_000 }).map((b) => ({
            type: b.type,
            start: new Date(b.start).toISOString(),
          })),
        },
      });
      if (created.status() !== 201) throw new Error(`creating the shift to approve: ${await created.text()}`);
      const { id } = (await created.json()) as { id: number };
      await page.goto('/');
      await page.goto(`/schedule/team#date=${day}`);
      await page.getByTestId('details-search').fill('Avery');
      const bar = page.locator(`[data-testid="timeline-shift"][data-shift-id="${id}"]`);
      await bar.waitFor();
      approvals.push(await approvalVisibleAfter(page, id));
    }
    await agent.dispose();
    checkTarget(`one approval visible (${agents} agents)`, median(approvals), '≤', 200, 'ms', 0);
  } finally {
    await browser.close();
    await server.stop();
  }
}

const AGENTS = Number(process.env.BENCH_AGENTS ?? 1000);
await measure(48);
await measure(AGENTS);
printVerdicts();
