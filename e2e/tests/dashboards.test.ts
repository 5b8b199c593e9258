import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { localDay } from '../support/api.js';
import { screenshot, signedInPage, useBrowser } from '../support/browser.js';

const ZONE = 'America/Toronto';
// A week of the demo's call history, ending yesterday, as the main period.
const PERIOD = { start: localDay(-7, ZONE), end: localDay(-1, ZONE) };
const COMPARISON = /^([+-]?[\d,]+\.\d{2}%|-)$/;

const browser = useBrowser();
let admin: Page;
let client: Page;

async function openPage(email: string): Promise<Page> {
  const page = await signedInPage(browser(), email, ZONE);
  // The main period is the session's global period; a full load reads it.
  await page.evaluate((period) => sessionStorage.setItem('userGlobalPeriod', JSON.stringify(period)), PERIOD);
  return page;
}

/** Opens a dashboard and waits for its records (the Overview appears with them). */
async function openDashboard(page: Page, type: 'inbound' | 'outbound'): Promise<void> {
  await page.goto(`/dashboards/${type}`);
  await page.getByTestId('overview').waitFor();
}

/** Lets chart animations and dialog transitions finish, so a screenshot shows the final picture. */
const settle = (page: Page) => page.waitForTimeout(1200);

async function shoot(page: Page, name: string): Promise<void> {
  await settle(page);
  await screenshot(page, name);
}

const present = async (page: Page, testId: string) => (await page.getByTestId(testId).count()) > 0;

const cardValue = (page: Page, testId: string) => page.getByTestId(testId).getByTestId('card-value').textContent();

/** The names of the series a chart draws (mirrored from the canvas). */
const seriesOf = (page: Page, testId: string) => page.getByTestId(testId).getAttribute('data-series');

async function campaignOptions(page: Page): Promise<string[]> {
  await page.getByTestId('dashboard-campaigns').getByRole('combobox').click();
  const listbox = page.getByRole('listbox');
  await listbox.waitFor();
  const names = await listbox.getByRole('option').allTextContents();
  await page.keyboard.press('Escape');
  await listbox.waitFor({ state: 'detached' });
  return names;
}

/** Clicks the donut's canvas just clockwise of 12 o'clock, inside the ring: the first slice. */
async function clickFirstSlice(page: Page, testId: string): Promise<void> {
  const box = await page.getByTestId(testId).boundingBox();
  if (!box) throw new Error(`${testId} is not on screen`);
  const radius = (Math.min(box.width, box.height) / 2) * 0.56;
  const angle = (8 * Math.PI) / 180;
  await page.mouse.click(
    box.x + box.width / 2 + radius * Math.sin(angle),
    box.y + box.height / 2 - radius * Math.cos(angle),
  );
}

beforeAll(async () => {
  admin = await openPage('admin@shiftline.test');
  client = await openPage('client@shiftline.test');
});

describe('inbound dashboard, administrator', () => {
  it('shows every widget, with the last-month cards counted', async () => {
    await openDashboard(admin, 'inbound');
    for (const id of [
      'last-month-chart',
      'dashboard-timezone',
      'dashboard-period',
      'dashboard-compare',
      'dashboard-campaigns',
      'dashboard-stats-sources',
      'call-cards',
      'today-at-a-glance-chart',
      'call-duration-donut',
      'overview-chart-hourly',
      'queue-time-donut',
      'dispositions-chart',
    ]) {
      expect(await present(admin, id), id).toBe(true);
    }
    expect(await present(admin, 'person-sales')).toBe(false);
    expect(await admin.getByTestId('dashboard-timezone').textContent()).toContain('Timezone to view Data');
    expect(await admin.getByTestId('dashboard-compare').textContent()).toContain('Compare mode');
    expect(await admin.getByTestId('last-month').textContent()).toContain('Calls Billed');
    await shoot(admin, 'dashboard-inbound-admin');
    await expect.poll(() => cardValue(admin, 'last-month-card-queue-time')).toMatch(/^\d+:\d{2}$/);
    expect(await cardValue(admin, 'last-month-card-minutes')).toMatch(/^[\d,]+\.\d{2}$/);
    expect(await cardValue(admin, 'card-contact-rate')).toMatch(/^[\d,]+\.\d{2}%$/);
    expect(await cardValue(admin, 'card-avg-queue-time')).toMatch(/^\d+:\d{2}$/);
    expect(Number((await cardValue(admin, 'card-all-calls'))?.replace(/,/g, ''))).toBeGreaterThan(0);
    expect(await admin.getByTestId('call-duration-donut').textContent()).toMatch(/\d+\.\d{2}%/);
    await admin.getByTestId('overview').scrollIntoViewIfNeeded();
    await shoot(admin, 'dashboard-inbound-admin-charts');
  });

  it('compare mode relabels the picker and adds comparison percents; clearing removes them', async () => {
    await openDashboard(admin, 'inbound');
    expect(await admin.getByTestId('card-comparison').count()).toBe(0);
    await admin.getByTestId('dashboard-compare').click();
    const dialog = admin.getByRole('dialog', { name: 'Compare mode' });
    await dialog.waitFor();
    // The calendar opens on the main period's month; the 1st to the 7th of the month before lie in the history.
    await dialog.getByRole('button', { name: 'Previous month' }).click();
    await dialog.getByRole('gridcell', { name: '1', exact: true }).first().click();
    await dialog.getByRole('gridcell', { name: '7', exact: true }).first().click();
    await admin.getByTestId('compare-range-ok').click();
    await expect.poll(() => admin.getByTestId('dashboard-compare').textContent()).toContain('Compare with date');
    await admin.getByTestId('card-comparison').first().waitFor();
    const comparisons = await admin.getByTestId('card-comparison').allTextContents();
    expect(comparisons.length).toBeGreaterThanOrEqual(10);
    for (const text of comparisons) expect(text).toMatch(COMPARISON);
    expect(comparisons.some((text) => text !== '-')).toBe(true);
    expect(await admin.getByTestId('today-at-a-glance').textContent()).toContain('daily average');
    await shoot(admin, 'dashboard-inbound-compare');

    await admin.getByTestId('compare-clear').click();
    await expect.poll(() => admin.getByTestId('dashboard-compare').textContent()).toContain('Compare mode');
    expect(await admin.getByTestId('card-comparison').count()).toBe(0);
  });

  it('says why the figures could not be loaded, with a Retry that loads them', async () => {
    // The server's answer when the database does not answer (a real outage is not staged for one page's notice).
    const records = '**/api/dashboards/records-for-campaigns';
    const message = 'The database is not answering. Please try again in a moment.';
    let periodAttempts = 0;
    await admin.route(records, (route) => {
      const body = route.request().postDataJSON() as { start: number; end: number };
      if (body.end - body.start > 86_400) periodAttempts += 1; // the main period's, not Today at-a-Glance's day
      return route.fulfill({ status: 503, json: { error: { code: 'unavailable', message } } });
    });
    await admin.goto('/dashboards/inbound');
    const notice = admin.getByTestId('dashboard-load-failed');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(`The figures could not be loaded. ${message}`);
    expect(await cardValue(admin, 'card-all-calls')).toBe('—');
    await shoot(admin, 'dashboard-load-failed');

    // The notice came with the first failure; the app's own two retries are spent before the database is back.
    await expect.poll(() => periodAttempts, { timeout: 15_000 }).toBe(3);
    await admin.unroute(records);
    await notice.getByRole('button', { name: 'Retry' }).click();
    await admin.getByTestId('overview').waitFor();
    expect(await notice.count()).toBe(0);
    expect(Number((await cardValue(admin, 'card-all-calls'))?.replace(/,/g, ''))).toBeGreaterThan(0);
  });

  it('switches Overview modes, and a queue slice shown alone is cleared by a mode change', async () => {
    await openDashboard(admin, 'inbound');
    expect(await admin.getByTestId('overview-mode-hourly').getAttribute('aria-pressed')).toBe('true');
    for (const mode of ['total', 'queue', 'abandons', 'hourly'] as const) {
      await admin.getByTestId(`overview-mode-${mode}`).click();
      await admin.getByTestId(`overview-chart-${mode}`).waitFor();
    }
    await admin.getByTestId('overview-mode-abandons').click();
    expect(await admin.getByTestId('overview').textContent()).toContain('reference line at 60');
    await admin.getByTestId('overview').scrollIntoViewIfNeeded();
    await shoot(admin, 'dashboard-inbound-abandons');

    await admin.getByTestId('overview-mode-queue').click();
    expect(await seriesOf(admin, 'overview-chart-queue')).toBe('< 1 min|< 2 min|< 4 min|> 4 min');
    await admin.getByTestId('queue-time').scrollIntoViewIfNeeded();
    await clickFirstSlice(admin, 'queue-time-donut-canvas');
    await expect.poll(() => admin.getByTestId('queue-time-donut').getAttribute('data-selected')).toBe('< 1 min');
    expect(await seriesOf(admin, 'overview-chart-queue')).toBe('< 1 min');
    await shoot(admin, 'dashboard-inbound-queue-selected');

    // The legend selects too; clicking the selected bucket again returns to all.
    const bucket = admin.locator('[data-testid="queue-time-donut-slice"][data-slice="< 2 min"]').getByRole('button');
    await bucket.click();
    expect(await seriesOf(admin, 'overview-chart-queue')).toBe('< 2 min');
    await bucket.click();
    expect(await seriesOf(admin, 'overview-chart-queue')).toBe('< 1 min|< 2 min|< 4 min|> 4 min');

    await bucket.click();
    await admin.getByTestId('overview-mode-hourly').click();
    expect(await admin.getByTestId('queue-time-donut').getAttribute('data-selected')).toBe('');
    await admin.getByTestId('overview-mode-queue').click();
    expect(await seriesOf(admin, 'overview-chart-queue')).toBe('< 1 min|< 2 min|< 4 min|> 4 min');
  });
});

describe('outbound dashboard, administrator', () => {
  it('has Total and Hourly only, no queue parts, and Person Sales with Leads Analytics', async () => {
    await openDashboard(admin, 'outbound');
    expect(await admin.getByTestId('last-month').textContent()).toContain('Calls Made');
    expect(await present(admin, 'last-month-card-queue-time')).toBe(false);
    expect(await present(admin, 'overview-mode-total')).toBe(true);
    expect(await present(admin, 'overview-mode-hourly')).toBe(true);
    expect(await present(admin, 'overview-mode-queue')).toBe(false);
    expect(await present(admin, 'overview-mode-abandons')).toBe(false);
    expect(await present(admin, 'queue-time')).toBe(false);
    expect(await present(admin, 'dashboard-stats-sources')).toBe(false);
    for (const id of ['call-cards', 'call-duration-donut', 'dispositions-chart', 'person-sales-dispositions']) {
      expect(await present(admin, id), id).toBe(true);
    }
    expect(await cardValue(admin, 'person-sales-leads')).toMatch(/^[\d,]+$/);
    expect(await cardValue(admin, 'person-sales-total-calls')).toBe(await cardValue(admin, 'card-calls-made'));
    await admin.getByTestId('overview-mode-total').click();
    await admin.getByTestId('overview-chart-total').waitFor();
    await shoot(admin, 'dashboard-outbound-admin');

    await admin.getByTestId('leads-analytics-open').click();
    const dialog = admin.getByTestId('leads-analytics-dialog');
    await dialog.getByRole('table').waitFor();
    const headers = await dialog.getByRole('columnheader').allTextContents();
    expect(headers).toEqual(['Campaign', 'Total Leads', 'Valid Leads', 'Invalid Leads', 'Sales']);
    expect(await dialog.getByTestId('leads-row').count()).toBeGreaterThan(0);
    await shoot(admin, 'dashboard-outbound-leads-analytics');
    await dialog.getByRole('button', { name: 'Close' }).click();
  });
});

describe('client portal', () => {
  it('inbound: the simplified card row, none of the hidden widgets, only its company’s campaigns', async () => {
    await openDashboard(client, 'inbound');
    for (const id of [
      'last-month',
      'dashboard-stats-sources',
      'call-cards',
      'call-duration',
      'queue-time',
      'dispositions',
      'overview-mode-queue',
      'overview-mode-abandons',
      'person-sales',
    ]) {
      expect(await present(client, id), id).toBe(false);
    }
    const labels = await client.getByTestId('call-cards-client-portal').locator('h3').allTextContents();
    expect(labels.slice(0, 4)).toEqual(['All Calls', 'Avg. Queue Time', 'Billed Minutes', 'Avg. Billed Minutes']);
    expect(labels.length === 4 || labels[4] === 'Callback requests').toBe(true);
    expect(await present(client, 'today-at-a-glance')).toBe(true);
    expect(await present(client, 'overview-mode-hourly')).toBe(true);
    expect(await campaignOptions(client)).toEqual(['Northwind Patient Line']);
    await shoot(client, 'dashboard-inbound-client-portal');
  });

  it('outbound: Person Sales, no last-month graph, only its company’s campaigns', async () => {
    await openDashboard(client, 'outbound');
    expect(await present(client, 'last-month')).toBe(false);
    expect(await present(client, 'dispositions')).toBe(false);
    expect(await present(client, 'person-sales')).toBe(true);
    expect(await present(client, 'card-calls-made')).toBe(false);
    expect(await campaignOptions(client)).toEqual(['Northwind Appointment Reminders']);
    await shoot(client, 'dashboard-outbound-client-portal');
  });
});
