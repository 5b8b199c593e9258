import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api } from '../support/api.js';
import { ROLE_EMAILS, signedInPage, useBrowser } from '../support/browser.js';

/**
 * Carrier trunks in the browser (issue 24 item 3): an administrator creates a trunk through the form (a bad address
 * shown on its field first, then fixed) with a number for a campaign and outbound credentials; the list shows it, and
 * its form shows the password only as set.
 */
const browser = useBrowser();

const input = (page: Page, testId: string) => page.getByTestId(testId).locator('input');
const select = (page: Page, testId: string) => page.getByTestId(testId).locator('select');
const loaded = (page: Page) => page.locator('[data-testid="data-table-page"][data-loaded="true"]').waitFor();

describe('carrier trunks administration', () => {
  it('creates a trunk with a number and credentials, then reopens it from its row', async () => {
    const page = await signedInPage(browser(), ROLE_EMAILS.administrator);
    await page.goto('/admin/users');
    await loaded(page);
    await page.getByTestId('admin-tab-trunks').click();
    await page.waitForURL(/\/admin\/trunks$/);
    // The users table may still be the one loaded while the trunks table replaces it: wait for the new title.
    await expect.poll(() => page.getByTestId('table-title').textContent(), { timeout: 10_000 }).toBe('Carrier trunks');
    await loaded(page);

    await page.getByTestId('admin-create').click();
    const dialog = page.getByTestId('admin-trunk-dialog');
    await dialog.waitFor();
    await input(page, 'admin-trunk-name').fill('Browser carrier');
    await input(page, 'admin-trunk-sources').fill('203.0.113.10, 198.51.100.300');
    await page.getByTestId('admin-trunk-numbers-add').click();
    await input(page, 'admin-trunk-numbers-0-number').fill('+1 416 555 0177');
    const campaign = await select(page, 'admin-trunk-numbers-0-campaign')
      .locator('option')
      .nth(1)
      .getAttribute('value');
    await select(page, 'admin-trunk-numbers-0-campaign').selectOption(campaign as string);
    await input(page, 'admin-trunk-outbound').fill('sip.carrier.example:5060');
    await input(page, 'admin-trunk-username').fill('centre01');
    await input(page, 'admin-trunk-password').fill('browser-secret');
    await page.getByTestId('admin-trunk-dialog-save').click();
    // The server's words for the bad range appear under the addresses.
    await expect
      .poll(() => page.getByTestId('admin-trunk-sources').textContent(), { timeout: 15_000 })
      .toContain('must be an IPv4 or IPv6 address or CIDR range');

    await input(page, 'admin-trunk-sources').fill('203.0.113.10, 198.51.100.0/24');
    await page.getByTestId('admin-trunk-dialog-save').click();
    await dialog.waitFor({ state: 'detached' });
    await loaded(page);
    await expect
      .poll(() => page.locator('[data-testid="table-row"] [data-column="name"]').allTextContents(), { timeout: 15_000 })
      .toContain('Browser carrier');

    const trunks = await api<{
      items: { id: number; name: string; source_addresses: string; numbers_count: number }[];
    }>(
      page,
      'GET',
      `/api/tables/admin_trunks?${new URLSearchParams({ chosenValues: JSON.stringify({ search: 'browser carrier' }) })}`,
    );
    expect(trunks.json.items).toMatchObject([
      { name: 'Browser carrier', source_addresses: '203.0.113.10/32, 198.51.100.0/24', numbers_count: 1 },
    ]);

    // Its form again, from the row: the number in E.164, the password only as set.
    await page.locator('[data-testid="table-row"]', { hasText: 'Browser carrier' }).first().click();
    await page.getByTestId('admin-trunk-dialog').waitFor();
    expect(await input(page, 'admin-trunk-numbers-0-number').inputValue()).toBe('+14165550177');
    expect(await input(page, 'admin-trunk-password').inputValue()).toBe('');
    expect(await page.getByTestId('admin-trunk-password').textContent()).toContain('A password is set');
    expect(await page.content()).not.toContain('browser-secret');
  });
});
