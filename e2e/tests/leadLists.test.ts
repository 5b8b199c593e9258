import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api } from '../support/api.js';
import { ROLE_EMAILS, SCREENSHOT_DIR, signedInPage, useBrowser } from '../support/browser.js';
import { leadFile } from '../support/leadFile.js';

/**
 * Lead lists in the browser (issue 25 item 2): an administrator uploads a CSV of 1,000 leads with seven bad lines,
 * checks the preview and the column mapping, imports it with a progress bar, reads the bad lines by number, and a
 * campaign manager finds the leads under their list in the cold-calls table.
 */
const browser = useBrowser();

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  await page.screenshot({ path: join(SCREENSHOT_DIR, `leads-${name}.png`) });
}

describe('lead lists', () => {
  it('an administrator uploads a list with bad lines; the cold-calls table shows its leads under it', async () => {
    const page = await signedInPage(browser(), ROLE_EMAILS.administrator);
    await page.goto('/admin/lead_lists');
    await page.locator('[data-testid="data-table-page"][data-loaded="true"]').waitFor();
    await page.getByTestId('admin-create').click();
    await page.getByTestId('lead-import-dialog').waitFor();

    const campaigns = await api<{ campaigns: { id: number; name: string; type: string }[] }>(
      page,
      'GET',
      '/api/admin/options',
    );
    const outbound = campaigns.json.campaigns.find((campaign) => campaign.type === 'outbound');
    if (!outbound) throw new Error('the demo has no outbound campaign');
    const listName = `Browser list ${Date.now()}`;
    await page.getByTestId('lead-import-campaign').locator('select').selectOption(String(outbound.id));
    await page.getByTestId('lead-import-name').locator('input').fill(listName);
    const { csv, badLines, surname } = leadFile();
    await page.getByTestId('lead-import-file').setInputFiles({
      name: 'spring.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    // The preview maps the recognised headers and keeps the rest as custom fields.
    await page.getByTestId('lead-mapping').waitFor();
    expect(await page.getByTestId('lead-mapping-0').inputValue()).toBe('phone');
    expect(await page.getByTestId('lead-mapping-1').inputValue()).toBe('first_name');
    expect(await page.getByTestId('lead-mapping-2').inputValue()).toBe('last_name');
    expect(await page.getByTestId('lead-mapping-3').inputValue()).toBe('state');
    expect(await page.getByTestId('lead-mapping-4').inputValue()).toBe('custom');
    await shot(page, 'preview');

    await page.getByTestId('lead-import-submit').click();
    await page.getByTestId('lead-import-result').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('lead-import-result').textContent()).toContain('993 of 1,000 rows listed');
    const lines = await page.getByTestId('lead-import-problems').locator('tbody tr td:first-child').allTextContents();
    expect(lines.map(Number)).toEqual(badLines);
    await shot(page, 'result');
    await page.getByTestId('lead-import-done').click();
    await expect.poll(() => page.getByTestId('data-table-page').textContent(), { timeout: 10_000 }).toContain(listName);

    const manager = await signedInPage(browser(), ROLE_EMAILS.campaign_manager);
    await manager.goto('/outbound_sales_calls');
    await manager.locator('[data-testid="data-table-page"][data-loaded="true"]').waitFor();
    await manager.getByTestId('table-filter-search').locator('input').fill(`Lead5 ${surname}`);
    await manager.getByTestId('table-filter-search').locator('input').press('Enter');
    await expect
      .poll(() => manager.getByTestId('data-table-page').textContent(), { timeout: 10_000 })
      .toContain(listName);
    await shot(manager, 'cold-calls');
  });
});
