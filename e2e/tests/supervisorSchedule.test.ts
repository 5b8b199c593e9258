import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, daysBody, localDay, saveShift, upcomingShifts } from '../support/api.js';
import { screenshot, signedInPage, useBrowser } from '../support/browser.js';

const ZONE = 'America/Toronto';
const browser = useBrowser();
let supervisor: Page;
let agent: Page;
let colleague: Page;

// Days beyond the demo's planned weeks, so every demo agent is free then.
const day = (offset: number) => localDay(offset, ZONE);

async function openTeamDay(isoDate: string): Promise<void> {
  // A full load, not a hash change, so the panel reads the hash as it does on arrival.
  await supervisor.goto('/');
  await supervisor.goto(`/schedule/team#date=${isoDate}`);
  const panel = supervisor.getByTestId('details-panel');
  await panel.waitFor();
  expect(await panel.getAttribute('data-date')).toBe(isoDate);
}

beforeAll(async () => {
  supervisor = await signedInPage(browser(), 'schedulesupervisor@shiftline.test', ZONE);
  agent = await signedInPage(browser(), 'agent@shiftline.test', ZONE);
  colleague = await signedInPage(browser(), 'teamlead@shiftline.test', ZONE);
});

describe('supervisor calendar', () => {
  it('opens the details panel from the hash date, and approving a pending shift there shows it approved to the agent', async () => {
    const created = await saveShift(agent, day(16), '09:00', '17:00', ZONE);
    expect(created.status).toBe(201);
    await openTeamDay(day(16));
    const bar = supervisor.locator(`[data-testid="timeline-shift"][data-shift-id="${created.json.id}"]`);
    await bar.waitFor();
    expect(await bar.getAttribute('data-status')).toBe('pending');
    await screenshot(supervisor, 'team-details-panel');
    await bar.locator('..').getByTestId('approve-shift').first().click();
    await expect.poll(() => bar.getAttribute('data-status')).toBe('approved');

    await agent.goto('/schedule');
    const mine = await upcomingShifts(agent);
    expect(mine.find((shift) => shift.id === created.json.id)?.status).toBe('approved');
  });

  it('approves every pending shift of the period with Approve All', async () => {
    const first = await saveShift(agent, day(17), '08:00', '12:00', ZONE);
    const second = await saveShift(agent, day(17), '13:00', '17:00', ZONE);
    await openTeamDay(day(17));
    // Approve All acts on the loaded period: wait until the new shifts are on screen.
    await supervisor
      .locator(`[data-testid="timeline-shift"][data-shift-id="${second.json.id}"]`)
      .waitFor({ state: 'attached' });
    await screenshot(supervisor, 'team-before-approve-all');
    await supervisor.getByTestId('approve-all').click();
    await supervisor.getByTestId('confirm-approve-all').click();
    await expect
      .poll(async () => {
        const shifts = await upcomingShifts(agent);
        return [first.json.id, second.json.id].map((id) => shifts.find((shift) => shift.id === id)?.status);
      })
      .toEqual(['approved', 'approved']);
  });

  it('brings the timeline of a day clicked on the month into view, with the day headcount in its cell', async () => {
    await supervisor.goto('/');
    await supervisor.goto('/schedule/team');
    const cell = supervisor.getByTestId('day-headcount').first();
    await cell.waitFor();
    expect(await cell.textContent()).toMatch(/^\d+ scheduled$/);
    const date = await cell.getAttribute('data-date');
    const panel = supervisor.getByTestId('details-panel');
    await cell.click();
    await panel.waitFor();
    expect(await panel.getAttribute('data-date')).toBe(date);
    // Below the 600px month grid the day's agent timeline would open out of sight: it must be scrolled to.
    const list = supervisor.getByTestId('details-list');
    const inView = () =>
      list.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      });
    await expect.poll(inView, { timeout: 10_000 }).toBe(true);
    await supervisor.getByTestId('agent-row').first().waitFor();
    await screenshot(supervisor, 'team-day-in-view');
  });

  it('draws the night campaign working window in two bars', async () => {
    await openTeamDay(day(16));
    const campaigns = await api<{ id: number; name: string }[]>(supervisor, 'GET', '/api/dashboards/campaigns');
    const night = campaigns.json.find((campaign) => campaign.name === 'After-Hours Support') as { id: number };
    const timeline = supervisor.locator(`[data-testid="campaign-timeline"][data-campaign-id="${night.id}"]`);
    await timeline.scrollIntoViewIfNeeded();
    await expect.poll(() => timeline.getByTestId('work-window-bar').count()).toBe(2);
    await screenshot(supervisor, 'team-campaign-timelines');
  });
});

/** On the days-off list, presses Approve on the first request of Avery Agent (the demo agent) that has the button. */
async function approveAverysDaysOff(): Promise<void> {
  await supervisor.goto('/schedule/days_off');
  const row = supervisor
    .getByTestId('days-off-row')
    .filter({ hasText: 'Avery Agent' })
    .filter({ has: supervisor.getByTestId('vacation-approve') });
  await row.first().getByTestId('vacation-approve').click();
}

describe('vacation approval', () => {
  it('offers the shifts of approved days off to another agent, who accepts from the bell live and gets the shift', async () => {
    const shift = await saveShift(agent, day(20), '09:00', '17:00', ZONE);
    expect(shift.status).toBe(201);
    const vacation = await api<{ id: number }>(agent, 'POST', '/api/schedules/create_vacation', {
      ...daysBody(day(20), day(21), ZONE),
      reason: 'vacation',
    });
    expect(vacation.status).toBe(201);

    await colleague.goto('/');
    const unread = async () => Number((await colleague.getByTestId('notifications-unread').textContent()) || '0');
    const before = await unread();

    await approveAverysDaysOff();
    const dialog = supervisor.getByTestId('vacation-schedule-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(
      'Do you want to send the notification about the following shifts to other available agents?',
    );
    expect(await dialog.getByTestId('vacation-shift-choice').count()).toBe(1);
    await screenshot(supervisor, 'vacation-schedule-dialog');
    await supervisor.getByTestId('vacation-send').click();
    await dialog.waitFor({ state: 'detached' });

    // The colleague's bell counts the offer without a reload.
    await expect.poll(unread, { timeout: 10_000 }).toBeGreaterThan(before);
    await colleague.getByTestId('notifications-bell').click();
    const popup = colleague.getByTestId('notifications-popup');
    await popup.waitFor();
    await screenshot(colleague, 'notifications-popup');
    await popup.getByTestId('notification-accept').first().click();
    await expect
      .poll(async () => {
        const shifts = await upcomingShifts(colleague);
        return shifts.filter((s) => s.status === 'approved').length;
      })
      .toBeGreaterThan(0);
    const statuses = await api<{ days_off: { id: number; status: string }[] }>(
      supervisor,
      'GET',
      '/api/schedules/get_days_off?page_size=200',
    );
    expect(statuses.json.days_off.find((entry) => entry.id === vacation.json.id)?.status).toBe('vac_approved');
  });

  it("shows 'Cannot be approved!' for days off overlapping approved ones", async () => {
    const approved = await api<{ id: number }>(agent, 'POST', '/api/schedules/create_vacation', {
      ...daysBody(day(24), day(26), ZONE),
      reason: 'vacation',
    });
    expect((await api(supervisor, 'POST', `/api/schedules/approve_vacation/${approved.json.id}`, {})).status).toBe(200);
    // An agent may not request days over their own approved ones; a supervisor entering them for the agent may.
    const me = await api<{ user: { id: number } }>(agent, 'GET', '/api/auth/me');
    const overlapping = await api<{ id: number }>(supervisor, 'POST', '/api/schedules/create_vacation', {
      ...daysBody(day(25), day(27), ZONE),
      reason: 'personal',
      user: me.json.user.id,
    });
    expect(overlapping.status).toBe(201);
    await approveAverysDaysOff();
    const dialog = supervisor.getByTestId('cannot-approve-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Cannot be approved!');
    expect(await dialog.textContent()).toContain('have already been approved as days off.');
    await screenshot(supervisor, 'cannot-be-approved');
  });
});
