import type { ProductivityResult } from '@shiftline/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, localDay } from '../support/api.js';
import { screenshot, signedInPage, useBrowser } from '../support/browser.js';

const ZONE = 'America/Toronto';
const PAIRS = ['total', 'billable-work', 'productive', 'unproductive', 'unclassified'];
const PAY_CARDS = ['earned', 'commissions', 'already-paid', 'to-be-paid'];

const browser = useBrowser();

/** Signs in, keeps the last 30 days as the session's period (the spec's session-stored period) and opens the page. */
async function openProductivity(email: string): Promise<Page> {
  const page = await signedInPage(browser(), email, ZONE);
  const period = { start: localDay(-29, ZONE), end: localDay(0, ZONE) };
  await page.evaluate((value) => sessionStorage.setItem('userGlobalPeriod', value), JSON.stringify(period));
  await page.goto('/productivity');
  await waitForData(page);
  return page;
}

async function waitForData(page: Page): Promise<void> {
  await page.locator('[data-testid="productivity-page"][data-loaded="true"]').waitFor();
}

const seriesRows = (page: Page, pair: string) =>
  page
    .getByTestId(`pair-${pair}`)
    .getByTestId('series-row')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-series')));

// The cells show hours and minutes; the exact minutes ride along in data-minutes.
const minutesOf = async (page: Page, pair: string): Promise<number[]> =>
  page
    .getByTestId(`pair-${pair}`)
    .getByTestId('series-minutes')
    .evaluateAll((cells) => cells.map((cell) => Number(cell.getAttribute('data-minutes'))));

describe('productivity as an administrator', () => {
  let page: Page;
  beforeAll(async () => {
    page = await openProductivity('admin@shiftline.test');
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it('shows the pay cards, the choices, the login time and the five graph-plus-stats pairs with time in them', async () => {
    for (const pair of PAIRS) await page.getByTestId(`pair-${pair}`).waitFor();
    for (const card of PAY_CARDS) {
      expect(await page.getByTestId(`pay-card-${card}`).getByTestId('pay-card-value').textContent()).toMatch(
        /^\$[\d,]+\.\d{2}$/,
      );
    }
    expect(await page.getByTestId('productivity-agents').textContent()).toContain('All agents');
    expect(await page.getByTestId('productivity-start-hour').textContent()).toContain('12:00 AM');
    expect(await page.getByTestId('productivity-end-hour').textContent()).toContain('11:00 PM');
    expect(await seriesRows(page, 'total')).toEqual(['Billable Work', 'Productive', 'Unproductive', 'Unclassified']);
    // The generated history gives the centre time in the last 30 days.
    const totals = await minutesOf(page, 'total');
    expect(totals.reduce((sum, minutes) => sum + minutes, 0)).toBeGreaterThan(0);
    expect(await page.getByTestId('productivity-login-time').textContent()).not.toBe('0 h 00 min');
    await page.getByTestId('pair-total').getByTestId('pair-chart').waitFor();
    // Let the donuts' entry animation finish before the picture.
    await page.waitForTimeout(1200);
    await screenshot(page, 'productivity-admin');
    await page.getByTestId('pair-productive').scrollIntoViewIfNeeded();
    await page.waitForTimeout(800);
    await screenshot(page, 'productivity-admin-groups');
  });

  it('selects a series and hides the others, and shows them again on a second click', async () => {
    const total = page.getByTestId('pair-total');
    await total.scrollIntoViewIfNeeded();
    await total.locator('[data-testid="series-row"][data-series="Productive"]').click();
    expect(await seriesRows(page, 'total')).toEqual(['Productive']);
    expect(await total.getAttribute('data-selected')).toBe('Productive');
    await expect.poll(() => total.getByTestId('pair-chart').getAttribute('data-series')).toBe('Productive');
    await page.waitForTimeout(800);
    await screenshot(page, 'productivity-admin-selected');
    await total.locator('[data-testid="series-row"][data-series="Productive"]').click();
    expect(await seriesRows(page, 'total')).toEqual(['Billable Work', 'Productive', 'Unproductive', 'Unclassified']);
    expect(await total.getAttribute('data-selected')).toBe('');
  });

  it('drills down from a series to its agents and back', async () => {
    const billable = page.getByTestId('pair-billable-work');
    await billable.scrollIntoViewIfNeeded();
    await billable.locator('[data-testid="series-row"][data-series="On Call"]').getByTestId('series-drill').click();
    const list = billable.getByTestId('drill-down');
    await list.waitFor();
    expect(await list.getAttribute('data-series')).toBe('On Call');
    // The list is fetched when the drill-down opens.
    await list.getByTestId('drill-agent').first().waitFor();
    expect(await list.getByTestId('drill-agent').count()).toBeGreaterThan(1);
    const firstRow = await list.getByTestId('drill-agent').first().locator('td').allTextContents();
    expect(firstRow).toHaveLength(4);
    expect(firstRow[2]).toMatch(/^\d+\.\d{2}%$/);
    await page.waitForTimeout(300);
    await screenshot(page, 'productivity-admin-drill-down');
    await billable.getByTestId('drill-back').click();
    await list.waitFor({ state: 'detached' });
    expect(await seriesRows(page, 'billable-work')).toEqual(['On Call', 'After Work', 'Emails and Tickets']);
  });

  it('opens the Payment Details from To Be Paid, with the payrolls Already Paid counts', async () => {
    await page.getByTestId('pay-cards').scrollIntoViewIfNeeded();
    const note = await page.getByTestId('pay-card-already-paid').getByTestId('pay-card-note').textContent();
    const payrollCount = Number(note?.match(/^(\d+) payrolls?$/)?.[1]);
    // 30 days of the demo's fortnightly payroll over its agents.
    expect(payrollCount).toBeGreaterThan(0);
    await page.getByTestId('open-payment-details').click();
    const dialog = page.getByTestId('payment-details');
    await dialog.waitFor();
    expect(await dialog.getByTestId('payment-breakdown-line').count()).toBe(5);
    await dialog.getByTestId('payroll-row').first().waitFor();
    expect(await dialog.getByTestId('payroll-row').count()).toBe(Math.min(payrollCount, 25));
    if (payrollCount > 25) {
      expect(await dialog.getByTestId('payrolls-pagination').textContent()).toContain(`1–25 of ${payrollCount}`);
    }
    expect(await dialog.getByTestId('payrolls-total').textContent()).toBe(
      await page.getByTestId('pay-card-already-paid').getByTestId('pay-card-value').textContent(),
    );
    await page.waitForTimeout(400);
    await screenshot(page, 'productivity-admin-payment-details');
    await page.getByTestId('payment-details-close').click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('reloads for a narrower time of day', async () => {
    const before = (await minutesOf(page, 'total')).reduce((sum, minutes) => sum + minutes, 0);
    await page.getByTestId('productivity-start-hour').click();
    await page.getByRole('option', { name: '9:00 AM' }).click();
    await page.getByTestId('productivity-end-hour').click();
    await page.getByRole('option', { name: '10:00 AM', exact: true }).click();
    await expect
      .poll(async () => (await minutesOf(page, 'total')).reduce((sum, minutes) => sum + minutes, 0))
      .toBeLessThan(before);
  });
});

describe('productivity as an agent', () => {
  it('has no agent dropdown and shows only the agent’s own time, with their pay', async () => {
    const page = await openProductivity('agent@shiftline.test');
    expect(await page.getByTestId('productivity-agents').count()).toBe(0);
    for (const pair of PAIRS) await page.getByTestId(`pair-${pair}`).waitFor();
    for (const card of PAY_CARDS) await page.getByTestId(`pay-card-${card}`).waitFor();

    const me = (await api<{ user: { id: number; long_name: string } }>(page, 'GET', '/api/auth/me')).json.user;
    // Asking for everyone still answers with the agent alone.
    const { start, end } = await page.evaluate(() => {
      const now = Math.floor(Date.now() / 1000);
      return { start: now - 30 * 86_400, end: now };
    });
    const loaded = await api<ProductivityResult>(page, 'POST', '/api/productivity/load', {
      start,
      end,
      timezone: ZONE,
      mode: 'agents',
      ids: [],
    });
    expect(loaded.status).toBe(200);
    expect(loaded.json.agents).toEqual([{ id: me.id, name: me.long_name }]);
    expect(loaded.json.pay).not.toBeNull();

    const total = page.getByTestId('pair-total');
    await total.getByTestId('series-drill').first().click();
    await total.getByTestId('drill-agent').first().waitFor();
    const names = await total.getByTestId('drill-agent').locator('td:first-child').allTextContents();
    expect(names).toEqual([me.long_name]);
    await total.getByTestId('drill-back').click();
    await page.waitForTimeout(1200);
    await screenshot(page, 'productivity-agent');
    await page.context().close();
  });
});
