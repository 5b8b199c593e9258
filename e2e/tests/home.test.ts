import { describe, expect, it } from 'vitest';
import { api, localDay, saveShift } from '../support/api.js';
import { screenshot, signedInPage, useBrowser } from '../support/browser.js';

const ZONE = 'America/Toronto';
const browser = useBrowser();

describe('signing out by address', () => {
  it('loading /profile/logout as a page signs the user out', async () => {
    const page = await signedInPage(browser(), 'teamlead@shiftline.test');
    await page.goto('/profile/logout');
    await page.waitForURL(/\/login/);
    const me = await page.evaluate(async () => (await fetch('/api/auth/me')).status);
    expect(me).toBe(401);
    await page.goto('/');
    await page.waitForURL(/\/login/);
    await page.context().close();
  });
});

describe('the dashboards index', () => {
  it('/dashboards opens the inbound dashboard instead of a blank page', async () => {
    const page = await signedInPage(browser(), 'admin@shiftline.test');
    await page.goto('/dashboards');
    await page.waitForURL(/\/dashboards\/inbound$/);
    await page.getByTestId('call-stats-page').waitFor();
    await page.context().close();
  });
});

describe('the home page', () => {
  it('shows a campaign manager their next shifts and the shift they sent, waiting for approval', async () => {
    const page = await signedInPage(browser(), 'campaignmanager@shiftline.test');
    await api(page, 'POST', '/api/profile/timezone', { timezone: ZONE });
    // A day and hours no other test plans for this user; another hour if the demo already has one there.
    let saved = 0;
    for (const [from, to] of [
      ['05:00', '09:00'],
      ['18:00', '22:00'],
      ['00:00', '04:00'],
    ] as const) {
      const response = await saveShift(page, localDay(37, ZONE), from, to, ZONE);
      if (response.status === 201) {
        saved += 1;
        break;
      }
    }
    expect(saved).toBe(1);
    expect((await api(page, 'POST', '/api/schedules/send_for_approval')).status).toBe(200);
    await page.goto('/');
    const requests = page.getByTestId('home-my-requests');
    await requests.getByTestId('home-my-requests-item').first().waitFor();
    expect(await requests.textContent()).toContain('Waiting for approval');
    const next = page.getByTestId('home-next-shifts');
    await next.getByTestId('home-next-shifts-item').first().waitFor();
    expect(Number(await next.getAttribute('data-count'))).toBeGreaterThanOrEqual(1);
    expect(await page.getByTestId('home-to-approve-shifts').count()).toBe(0);
    await screenshot(page, 'home-campaign-manager');
    await page.context().close();
  });

  it('shows a schedule supervisor the shifts and days-off requests waiting, each linked to where it is decided', async () => {
    const page = await signedInPage(browser(), 'schedulesupervisor@shiftline.test');
    await page.goto('/');
    const shifts = page.getByTestId('home-to-approve-shifts');
    await shifts.getByTestId('home-to-approve-shifts-item').first().waitFor();
    expect(Number(await shifts.getAttribute('data-count'))).toBeGreaterThanOrEqual(1);
    await page.getByTestId('home-to-approve-days-off').waitFor();
    await screenshot(page, 'home-schedule-supervisor');
    await shifts.getByTestId('home-to-approve-shifts-item').first().click();
    await page.waitForURL(/\/schedule\/team#date=\d{4}-\d{2}-\d{2}$/);
    await page.context().close();
  });
});
