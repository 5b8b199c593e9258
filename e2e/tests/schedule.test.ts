import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, shiftBody as localShift } from '../support/api.js';
import { newContext, screenshot, signedInPage, signIn, useBrowser } from '../support/browser.js';

const ZONE = 'America/Toronto';
const AGENT = 'agent@shiftline.test';
const SUPERVISOR = 'schedulesupervisor@shiftline.test';

const browser = useBrowser();
let agentPage: Page;
let supervisorPage: Page;
let agentId: number;

const localDay = (offsetDays: number) => DateTime.now().setZone(ZONE).plus({ days: offsetDays }).toISODate() as string;
const shiftBody = (day: string, from: string, to: string) => localShift(day, from, to, ZONE);

/** Clicks a day cell in the month grid, moving to the next month when the day is not shown. */
async function clickMonthDay(page: Page, isoDate: string): Promise<void> {
  const calendar = page.getByTestId('month-calendar');
  await calendar.locator('[data-date]').first().waitFor();
  const cell = calendar.locator(`[data-date="${isoDate}"]`).first();
  if ((await cell.count()) === 0) {
    await page.getByTestId('month-next').click();
  }
  await cell.click({ position: { x: 20, y: 40 } });
}

beforeAll(async () => {
  agentPage = await signedInPage(browser(), AGENT, ZONE);
  agentId = (await api<{ user: { id: number } }>(agentPage, 'GET', '/api/auth/me')).json.user.id;

  // The demo agent has shifts around today; clear the coming weeks so the test owns them.
  supervisorPage = await (await newContext(browser(), { timezoneId: ZONE })).newPage();
  await signIn(supervisorPage, SUPERVISOR);
  const from = DateTime.now().minus({ days: 1 }).toUTC().toISO();
  const to = DateTime.now().plus({ days: 45 }).toUTC().toISO();
  const schedule = await api<{ shifts: { id: number }[] }>(
    supervisorPage,
    'GET',
    `/api/schedules/get_user_schedule?start_period=${from}&end_period=${to}&user=${agentId}`,
  );
  expect(schedule.status).toBe(200);
  for (const shift of schedule.json.shifts) {
    const deleted = await api(supervisorPage, 'POST', `/api/schedules/delete_event/${shift.id}`);
    expect(deleted.status, JSON.stringify(deleted.json)).toBe(200);
  }
});

describe("the agent's personal schedule", () => {
  it('creates a 9-hour shift on tomorrow with a break, a lunch and a second break, pending on a white background', async () => {
    await agentPage.goto('/schedule');
    await agentPage.getByTestId('month-calendar').waitFor();
    await screenshot(agentPage, 'schedule-month-agent');
    const tomorrow = localDay(1);
    await clickMonthDay(agentPage, tomorrow);
    const dialog = agentPage.getByTestId('schedule-dialog');
    await dialog.waitFor();
    expect(await agentPage.locator('#schedule-dialog-title').textContent()).toMatch(
      /^Date - [A-Z][a-z]{2} \d{1,2}, \d{4}$/,
    );
    await agentPage.getByTestId('shift-start').selectOption({ label: '9:00 AM' });
    await agentPage.getByTestId('shift-end').selectOption({ label: '6:00 PM' });
    const rows = agentPage.getByTestId('break-row');
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-type')))).toEqual([
      'break',
      'lunch',
      'break',
    ]);
    await screenshot(agentPage, 'schedule-dialog-nine-hours');
    await agentPage.getByTestId('schedule-save').click();
    await dialog.waitFor({ state: 'detached' });

    const dayView = agentPage.getByTestId('day-view');
    const shift = dayView.locator('[data-testid="shift-event"][data-status="pending"]').first();
    await shift.waitFor();
    // The colour the eye sees: the first painted background from the event outwards.
    const background = await shift.evaluate((element) => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        const colour = getComputedStyle(node).backgroundColor;
        if (colour !== 'rgba(0, 0, 0, 0)' && colour !== 'transparent') return colour;
      }
      return 'none';
    });
    expect(background).toBe('rgb(255, 255, 255)');
    expect(await dayView.getByTestId('break-event').count()).toBe(3);
    await screenshot(agentPage, 'schedule-day-pending');
  });

  it('sends the new shift for approval, after which the button is disabled', async () => {
    const button = agentPage.getByTestId('send-for-approval');
    await expect.poll(() => button.isEnabled()).toBe(true);
    await button.click();
    await expect.poll(() => button.isEnabled()).toBe(false);
    const unsent = await api<{ count: number }>(agentPage, 'GET', '/api/schedules/unsent_count');
    expect(unsent.json.count).toBe(0);
  });

  it('deletes one of its own shifts from the day view after confirmation', async () => {
    const dayAfter = localDay(2);
    const saved = await api(agentPage, 'POST', '/api/schedules/save_new_event', shiftBody(dayAfter, '10:00', '14:00'));
    expect(saved.status, JSON.stringify(saved.json)).toBe(201);
    await agentPage.reload();
    await clickMonthDay(agentPage, dayAfter);
    await agentPage.getByTestId('schedule-dialog').waitFor();
    await agentPage.getByTestId('schedule-cancel').click();
    const dayView = agentPage.getByTestId('day-view');
    await dayView.getByTestId('shift-event').first().waitFor();
    expect(await dayView.getByTestId('break-event').locator('[data-testid="delete-shift"]').count()).toBe(0);
    await dayView.getByTestId('delete-shift').first().click();
    await agentPage.getByTestId('confirm-delete').click();
    await expect.poll(() => dayView.getByTestId('shift-event').count()).toBe(0);
  });

  it('does not open the dialog on a past day, nor on a day that already holds 3 events', async () => {
    await agentPage.goto('/schedule');
    await agentPage.getByTestId('month-calendar').waitFor();
    const yesterday = localDay(-1);
    const cell = agentPage.getByTestId('month-calendar').locator(`[data-date="${yesterday}"]`).first();
    if ((await cell.count()) === 0) await agentPage.getByTestId('month-prev').click();
    await cell.click({ position: { x: 20, y: 40 } });
    await agentPage.waitForTimeout(500);
    expect(await agentPage.getByTestId('schedule-dialog').count()).toBe(0);

    const busyDay = localDay(3);
    for (const [from, to] of [
      ['06:00', '07:00'],
      ['08:00', '09:00'],
      ['10:00', '11:00'],
    ] as const) {
      expect((await api(agentPage, 'POST', '/api/schedules/save_new_event', shiftBody(busyDay, from, to))).status).toBe(
        201,
      );
    }
    await agentPage.reload();
    await agentPage.getByTestId('month-calendar').waitFor();
    await clickMonthDay(agentPage, busyDay);
    await agentPage.waitForTimeout(500);
    expect(await agentPage.getByTestId('schedule-dialog').count()).toBe(0);
    // The day is still focused in the day view, with its three shifts.
    await expect.poll(() => agentPage.getByTestId('day-view').getByTestId('shift-event').count()).toBe(3);
  });
});

describe("a schedule supervisor on an agent's calendar", () => {
  it("opens the agent's calendar and sees their shifts", async () => {
    await supervisorPage.goto(`/schedule/users/${agentId}`);
    await supervisorPage.getByTestId('month-calendar').waitFor();
    await expect
      .poll(() => supervisorPage.getByTestId('month-calendar').getByTestId('shift-event').count())
      .toBeGreaterThan(0);
    expect(await supervisorPage.getByTestId('send-for-approval').count()).toBe(0);
    await clickMonthDay(supervisorPage, localDay(3));
    await expect.poll(() => supervisorPage.getByTestId('day-view').getByTestId('shift-event').count()).toBe(3);
    await screenshot(supervisorPage, 'schedule-supervisor-agent-calendar');
  });

  it("refuses another user's calendar to an agent", async () => {
    await agentPage.goto(`/schedule/users/${agentId + 1}`);
    await agentPage.waitForTimeout(500);
    expect(await agentPage.getByTestId('month-calendar').count()).toBe(0);
  });
});
