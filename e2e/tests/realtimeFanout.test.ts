import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, daysBody, localDay, shiftBody } from '../support/api.js';
import { signedInPage, useBrowser } from '../support/browser.js';

/**
 * One days-off approval, watched live by two tabs of a schedule supervisor, a team lead and an administrator on
 * the team calendar: the approval dialog runs in the tab that asked only, and each page hears each event once.
 */
const ZONE = 'America/Toronto';
// Far enough ahead that this request is the first on the days-off list (latest start first).
const DAY = localDay(75, ZONE);
const NEXT_DAY = localDay(76, ZONE);
const browser = useBrowser();

/** Socket.IO event frames a page receives ('42["name",payload]'), counted by event name. */
function recordEvents(page: Page): Map<string, unknown[]> {
  const events = new Map<string, unknown[]>();
  page.on('websocket', (socket) => {
    socket.on('framereceived', ({ payload }) => {
      const match = /^42(\[.*\])$/s.exec(String(payload));
      if (!match) return;
      const [name, body] = JSON.parse(match[1] as string) as [string, unknown];
      events.set(name, [...(events.get(name) ?? []), body]);
    });
  });
  return events;
}
const count = (events: Map<string, unknown[]>, name: string) => events.get(name)?.length ?? 0;

/** Opens the team calendar on DAY with its details panel, and waits for the agent's days off there. */
async function openTeamDay(page: Page, vacationBar: string): Promise<void> {
  await page.goto('/');
  await page.goto(`/schedule/team#date=${DAY}`);
  await page.getByTestId('details-panel').waitFor();
  await page.locator(vacationBar).first().waitFor({ state: 'attached' });
}

describe('real-time fan-out', () => {
  it('runs the approval dialog in one tab and brings the approval once to every page showing the calendar', async () => {
    const tab1 = await signedInPage(browser(), 'schedulesupervisor@shiftline.test', ZONE);
    // The supervisor's second tab: same browser session, its own page and socket.
    const tab2 = await tab1.context().newPage();
    const lead = await signedInPage(browser(), 'teamlead@shiftline.test', ZONE);
    const admin = await signedInPage(browser(), 'admin@shiftline.test', ZONE);

    // An agent other than the one the other browser tests use, with a shift inside the days off.
    const agents = await api<{ id: number; firstName: string; secondName: string; role: string }[]>(
      tab1,
      'GET',
      '/api/dashboards/agents_list',
    );
    const agent = agents.json.filter((a) => a.role === 'agent' && a.firstName !== 'Avery').at(-1);
    if (!agent) throw new Error('no demo agent');
    const shift = await api<{ id: number }>(tab1, 'POST', '/api/schedules/save_new_event', {
      ...shiftBody(DAY, '09:00', '17:00', ZONE),
      user: agent.id,
    });
    expect(shift.status).toBe(201);
    const vacation = await api<{ id: number }>(tab1, 'POST', '/api/schedules/create_vacation', {
      ...daysBody(DAY, NEXT_DAY, ZONE),
      user: agent.id,
      reason: 'vacation',
    });
    expect(vacation.status).toBe(201);
    const vacationBar = `[data-testid="timeline-vacation"][title^="${agent.firstName} ${agent.secondName}"]`;

    const events = {
      tab1: recordEvents(tab1),
      tab2: recordEvents(tab2),
      lead: recordEvents(lead),
      admin: recordEvents(admin),
    };
    await Promise.all([
      openTeamDay(tab2, vacationBar),
      openTeamDay(lead, vacationBar),
      openTeamDay(admin, vacationBar),
    ]);
    for (const page of [tab2, lead, admin]) {
      expect(await page.locator(vacationBar).first().getAttribute('data-status')).toBe('vac_pending');
    }

    await tab1.goto('/schedule/days_off');
    const row = tab1.locator(`[data-testid="days-off-row"][data-id="${vacation.json.id}"]`);
    await row.getByTestId('vacation-approve').click();
    const dialog = tab1.getByTestId('vacation-schedule-dialog');
    await dialog.waitFor();
    // The other tab, open on the calendar with the same approval host, shows no dialog of its own.
    await tab2.waitForTimeout(500);
    expect(await tab2.getByTestId('vacation-schedule-dialog').count()).toBe(0);
    expect(count(events.tab1, 'startApproveVacation')).toBe(1);
    expect(count(events.tab2, 'startApproveVacation')).toBe(0);

    await dialog.getByTestId('vacation-approve-without-sending').click();
    await dialog.waitFor({ state: 'detached' });

    // Every calendar shows the approval without a reload. How fast is the supervisor month's benchmark's business;
    // here three pages reload their day at once on a loaded machine, so the wait is not Vitest's default second.
    for (const page of [tab2, lead, admin]) {
      await expect
        .poll(() => page.locator(vacationBar).first().getAttribute('data-status'), { timeout: 10_000 })
        .toBe('vac_approved');
    }
    // Wait a moment for any second copy, then count: once each.
    await tab1.waitForTimeout(1000);
    for (const [name, heard] of Object.entries(events)) {
      expect(count(heard, 'schedule-changed'), name).toBe(1);
    }
    expect(count(events.tab1, 'vacation-decided')).toBe(1);
    expect(count(events.tab2, 'vacation-decided')).toBe(1);
    expect(count(events.lead, 'vacation-decided')).toBe(0);
    expect(await tab2.getByTestId('vacation-schedule-dialog').count()).toBe(0);
    const statuses = await api<{ id: number; status: string }[] | { days_off: { id: number; status: string }[] }>(
      tab1,
      'GET',
      '/api/schedules/get_days_off?status=vac_approved',
    );
    const rows = Array.isArray(statuses.json) ? statuses.json : statuses.json.days_off;
    expect(rows.find((entry) => entry.id === vacation.json.id)?.status).toBe('vac_approved');
  });
});
