import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api.js';
import { DEMO_PASSWORD, newContext, screenshot, useBrowser } from '../support/browser.js';

// Only the keyboard: every step below presses keys (an address typed counts as the keyboard); setup and checks
// go through the API.
const ZONE = 'America/Toronto';
const AGENT = 'agent@shiftline.test';
const SUPERVISOR = 'schedulesupervisor@shiftline.test';

type ScheduleShift = { id: number; status: string; start_utc: string; end_utc: string };

const browser = useBrowser();
let agent: Page;
let supervisor: Page;
let agentId: number;
// A day of the shown month two days ahead (or the first days of the next one, which the grid shows too).
const day = DateTime.now().setZone(ZONE).plus({ days: 2 }).toISODate() as string;

/** Presses Tab until the focused element matches `selector`, as a keyboard user would move through the page. */
async function tabTo(page: Page, selector: string, limit = 400): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await page.evaluate((wanted) => document.activeElement?.matches(wanted) ?? false, selector)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

async function signInByKeyboard(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-submit').waitFor();
  await tabTo(page, '[data-testid="login-email"] input');
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await page.getByTestId('topbar-user').waitFor();
}

async function agentShiftsOnDay(page: Page, user?: number): Promise<ScheduleShift[]> {
  const from = DateTime.fromISO(day, { zone: ZONE }).toUTC().toISO();
  const to = DateTime.fromISO(day, { zone: ZONE }).plus({ days: 1 }).toUTC().toISO();
  const schedule = await api<{ shifts: ScheduleShift[] }>(
    page,
    'GET',
    `/api/schedules/get_user_schedule?start_period=${from}&end_period=${to}${user ? `&user=${user}` : ''}`,
  );
  return schedule.json.shifts;
}

/** Opens the day from the month grid's day number and saves a shift from `from` to `to` in the dialog. */
async function createShiftByKeyboard(from: string, to: string): Promise<void> {
  if ((await agent.locator(`[data-testid="month-calendar"] [data-date="${day}"]`).count()) === 0) {
    await tabTo(agent, '[data-testid="month-next"]');
    await agent.keyboard.press('Enter');
  }
  await tabTo(agent, `[data-testid="month-calendar"] [data-date="${day}"] [role="link"]`);
  await agent.keyboard.press('Enter');
  const dialog = agent.getByTestId('schedule-dialog');
  await dialog.waitFor();
  await tabTo(agent, 'select[data-testid="shift-start"]');
  await agent.keyboard.type(from);
  await tabTo(agent, 'select[data-testid="shift-end"]');
  await agent.keyboard.type(to);
  await expect.poll(() => agent.getByTestId('shift-end').inputValue()).not.toBe('');
  await tabTo(agent, '[data-testid="schedule-save"]');
  await agent.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached' });
}

beforeAll(async () => {
  agent = await (await newContext(browser(), { timezoneId: ZONE })).newPage();
  supervisor = await (await newContext(browser(), { timezoneId: ZONE })).newPage();
  await signInByKeyboard(agent, AGENT);
  agentId = (await api<{ user: { id: number } }>(agent, 'GET', '/api/auth/me')).json.user.id;
  await api(agent, 'POST', '/api/profile/timezone', { timezone: ZONE });
  // The test owns the agent's day: whatever the demo or earlier tests put there goes.
  await signInByKeyboard(supervisor, SUPERVISOR);
  for (const shift of await agentShiftsOnDay(supervisor, agentId)) {
    expect((await api(supervisor, 'POST', `/api/schedules/delete_event/${shift.id}`)).status).toBe(200);
  }
});

describe('keyboard only', () => {
  it('an agent creates a shift, changes it and sends it for approval', async () => {
    await agent.goto('/schedule');
    await agent.getByTestId('month-calendar').waitFor();
    await createShiftByKeyboard('9:00 AM', '5:00 PM');
    let shifts = await agentShiftsOnDay(agent);
    expect(shifts.map((shift) => shift.status)).toEqual(['pending']);
    const first = shifts[0] as ScheduleShift;
    expect(DateTime.fromISO(first.start_utc, { zone: ZONE }).toFormat('HH:mm')).toBe('09:00');
    expect(DateTime.fromISO(first.end_utc, { zone: ZONE }).toFormat('HH:mm')).toBe('17:00');

    // Changing an unsent shift: the Delete key on it in the day view, confirmed, then the new times.
    await tabTo(agent, `[aria-keyshortcuts="Delete"]:has([data-shift-id="${first.id}"])`);
    await agent.keyboard.press('Delete');
    await agent.getByTestId('confirm-delete').waitFor();
    await tabTo(agent, '[data-testid="confirm-delete"]');
    await agent.keyboard.press('Enter');
    await expect.poll(async () => (await agentShiftsOnDay(agent)).length).toBe(0);
    await createShiftByKeyboard('10:00 AM', '6:00 PM');
    shifts = await agentShiftsOnDay(agent);
    expect(shifts.map((shift) => DateTime.fromISO(shift.start_utc, { zone: ZONE }).toFormat('HH:mm'))).toEqual([
      '10:00',
    ]);

    await tabTo(agent, '[data-testid="send-for-approval"]');
    await agent.keyboard.press('Enter');
    await expect
      .poll(async () => (await api<{ count: number }>(agent, 'GET', '/api/schedules/unsent_count')).json.count)
      .toBe(0);
    await screenshot(agent, 'keyboard-agent-sent');
  });

  it('a schedule supervisor approves it', async () => {
    const [shift] = await agentShiftsOnDay(supervisor, agentId);
    expect(shift?.status).toBe('pending');
    await supervisor.goto(`/schedule/team#date=${day}`);
    await supervisor.getByTestId('details-panel').waitFor();
    // The day lists every agent; the search narrows it to the one whose shift is approved.
    await tabTo(supervisor, 'input[data-testid="details-search"]');
    await supervisor.keyboard.type('Avery');
    const bar = supervisor.locator(`[data-testid="timeline-shift"][data-shift-id="${shift?.id}"]`);
    await bar.waitFor();
    await tabTo(
      supervisor,
      `[data-testid="timeline-shift"][data-shift-id="${shift?.id}"] [data-testid="approve-shift"]`,
      1500,
    );
    await screenshot(supervisor, 'keyboard-supervisor-approve');
    await supervisor.keyboard.press('Enter');
    await expect.poll(() => bar.getAttribute('data-status')).toBe('approved');
    expect((await agentShiftsOnDay(supervisor, agentId))[0]?.status).toBe('approved');
  });
});
