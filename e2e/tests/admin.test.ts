import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api } from '../support/api.js';
import { newContext, ROLE_EMAILS, signedInPage, useBrowser } from '../support/browser.js';

/**
 * Administration in the browser (issue 16): an administrator creates a user through the form (a taken email shown on
 * its field first, then fixed), the list shows them, and the new user's first sign-in goes to the password change.
 */
const SHOTS = '/work/logs/shots';
const browser = useBrowser();

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  // A dialog still fading in would be pictured half transparent.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        // A cancelled animation (the dialog closing meanwhile) rejects its promise: nothing left to wait for.
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  await page.screenshot({ path: join(SHOTS, `admin-${name}.png`) });
}

const input = (page: Page, testId: string) => page.getByTestId(testId).locator('input');
const select = (page: Page, testId: string) => page.getByTestId(testId).locator('select');
const loaded = (page: Page) => page.locator('[data-testid="data-table-page"][data-loaded="true"]').waitFor();

describe('administration', () => {
  it('creates a user through the form, who must then choose a password', async () => {
    const page = await signedInPage(browser(), ROLE_EMAILS.administrator);
    await page.getByTestId('nav-admin').click();
    await page.waitForURL(/\/admin\/users$/);
    await loaded(page);
    expect(await page.getByTestId('table-title').textContent()).toBe('Users');
    await shot(page, 'users-list');

    await page.getByTestId('admin-create').click();
    const dialog = page.getByTestId('admin-user-dialog');
    await dialog.waitFor();
    // A taken email (any case) first: the server's words appear under the field.
    await input(page, 'admin-user-email').fill('ADMIN@shiftline.test');
    await input(page, 'admin-user-first-name').fill('Browser');
    await input(page, 'admin-user-second-name').fill('Made');
    await select(page, 'admin-user-role').selectOption('agent');
    await select(page, 'admin-user-timezone').selectOption('America/Winnipeg');
    await input(page, 'admin-user-pay-rate').fill('17.25');
    await input(page, 'admin-user-extension').fill('4321');
    await select(page, 'admin-user-call-type').selectOption('outbound');
    await input(page, 'admin-user-password').fill('first-password');
    await page.getByTestId('admin-user-dialog-save').click();
    await expect
      .poll(() => page.getByTestId('admin-user-email').textContent(), { timeout: 15_000 })
      .toContain('is already used');
    await input(page, 'admin-user-email').scrollIntoViewIfNeeded();
    await shot(page, 'user-email-taken');

    await input(page, 'admin-user-email').fill('browser.made@shiftline.test');
    await page.getByTestId('admin-user-dialog-save').click();
    await dialog.waitFor({ state: 'detached' });
    await loaded(page);

    const users = await api<{
      items: { email: string; pay_rate_cents: number; timezone: string; extension: string }[];
    }>(
      page,
      'GET',
      `/api/tables/admin_users?${new URLSearchParams({ chosenValues: JSON.stringify({ search: 'browser.made' }) })}`,
    );
    expect(users.json.items).toMatchObject([
      { email: 'browser.made@shiftline.test', pay_rate_cents: 1725, timezone: 'America/Winnipeg', extension: '4321' },
    ]);
    // The list under the dialog reloaded with the new user (sorted by name: Browser Made comes early).
    await expect
      .poll(async () => page.locator('[data-testid="table-row"] [data-column="email"]').allTextContents(), {
        timeout: 15_000,
      })
      .toContain('browser.made@shiftline.test');
    await shot(page, 'user-created');

    // The new user's first sign-in leads to the password change, then home.
    const newcomer = await (await newContext(browser())).newPage();
    await newcomer.goto('/login');
    await newcomer.getByTestId('login-email').locator('input').fill('browser.made@shiftline.test');
    await newcomer.getByTestId('login-password').locator('input').fill('first-password');
    await newcomer.getByTestId('login-submit').click();
    await newcomer.waitForURL(/\/profile\/change_password$/);
    await newcomer.getByTestId('change-password-dialog').waitFor();
    await shot(newcomer, 'first-sign-in-change-password');
    await input(newcomer, 'current-password').fill('first-password');
    await input(newcomer, 'new-password').fill('my-own-password');
    await input(newcomer, 'confirm-password').fill('my-own-password');
    await newcomer.getByTestId('change-password-submit').click();
    await newcomer.getByTestId('change-password-dialog').waitFor({ state: 'detached' });
    await newcomer.waitForURL((url) => url.pathname === '/');
    // What the server refused before the change (the status menu) loads again.
    await newcomer.getByTestId('status-title').waitFor();
    const me = await api<{ user: { must_change_password: boolean } }>(newcomer, 'GET', '/api/auth/me');
    expect(me.json.user.must_change_password).toBe(false);
    await shot(newcomer, 'first-sign-in-home');
  });

  it('creates a group and a campaign, then edits the campaign from its row', async () => {
    const page = await signedInPage(browser(), ROLE_EMAILS.super_admin);
    await page.goto('/admin/agent_groups');
    await loaded(page);
    await page.getByTestId('admin-create').click();
    await input(page, 'admin-group-name').fill('Browser group');
    await page.getByTestId('admin-group-dialog-save').click();
    await page.getByTestId('admin-group-dialog').waitFor({ state: 'detached' });
    await expect
      .poll(() => page.locator('[data-testid="table-row"] [data-column="name"]').allTextContents(), { timeout: 15_000 })
      .toContain('Browser group');

    await page.getByTestId('admin-tab-campaigns').click();
    await page.waitForURL(/\/admin\/campaigns$/);
    await loaded(page);
    await page.getByTestId('admin-create').click();
    const dialog = page.getByTestId('admin-campaign-dialog');
    await input(page, 'admin-campaign-name').fill('Browser Campaign');
    await input(page, 'admin-campaign-unique-name').fill('browser-campaign');
    await select(page, 'admin-campaign-type').selectOption('outbound');
    // Working hours in St John's: Monday from a mistyped 25:00, Saturday switched on, a holiday closure.
    await select(page, 'admin-campaign-time-zone').selectOption('America/St_Johns');
    await input(page, 'admin-campaign-day-0-from').fill('25:00');
    await input(page, 'admin-campaign-day-5-open').check();
    await page.getByTestId('admin-campaign-add-holiday').click();
    await input(page, 'admin-campaign-holiday-0-date').fill('2099-12-25');
    await input(page, 'admin-campaign-holiday-0-name').fill('Christmas Day');
    await input(page, 'admin-campaign-billing-rate').fill('42.50');
    await page.getByTestId('admin-campaign-dialog-save').click();
    await expect
      .poll(() => page.getByTestId('admin-campaign-day-0-from').textContent(), { timeout: 15_000 })
      .toContain("must be a time 'HH:mm'");
    await shot(page, 'campaign-bad-window');
    await input(page, 'admin-campaign-day-0-from').fill('08:30');
    await page.getByTestId('admin-campaign-dialog-save').click();
    await dialog.waitFor({ state: 'detached' });

    // A row click opens the campaign's form with what was saved.
    const row = page.getByTestId('table-row').filter({ hasText: 'Browser Campaign' });
    await row.click();
    await page.waitForURL(/\/admin\/campaigns\/\d+$/);
    await dialog.waitFor();
    expect(await input(page, 'admin-campaign-unique-name').inputValue()).toBe('browser-campaign');
    expect(await input(page, 'admin-campaign-day-0-from').inputValue()).toBe('08:30');
    expect(await input(page, 'admin-campaign-holiday-0-name').inputValue()).toBe('Christmas Day');
    expect(await input(page, 'admin-campaign-billing-rate').inputValue()).toBe('42.50');
    await input(page, 'admin-campaign-billing-rate').fill('45');
    // It records its calls from now on, keeping them 30 days.
    const campaignId = Number(/\/admin\/campaigns\/(\d+)$/.exec(page.url())?.[1]);
    await input(page, 'admin-campaign-record-calls').check();
    await input(page, 'admin-campaign-recording-retention-days').fill('30');
    await shot(page, 'campaign-edit');
    await page.getByTestId('admin-campaign-dialog-save').click();
    await dialog.waitFor({ state: 'detached' });
    const saved = await api<{ record_calls: boolean; recording_retention_days: number }>(
      page,
      'GET',
      `/api/admin/campaigns/${campaignId}`,
    );
    expect(saved.json).toMatchObject({ record_calls: true, recording_retention_days: 30 });
    // Closing the form goes back to the list.
    await page.waitForURL(/\/admin\/campaigns$/);
    const campaigns = await api<{
      items: { name: string; type: string; work_window: string; billing_rate_cents: number }[];
    }>(
      page,
      'GET',
      `/api/tables/admin_campaigns?${new URLSearchParams({ chosenValues: JSON.stringify({ search: 'browser-campaign' }) })}`,
    );
    expect(campaigns.json.items).toMatchObject([
      {
        name: 'Browser Campaign',
        type: 'outbound',
        work_window: 'Mon 08:30–17:00, Tue–Sat 09:00–17:00 (St Johns) · 1 holiday',
        billing_rate_cents: 4500,
      },
    ]);
    await shot(page, 'campaigns-list');
  });

  it("adds, moves (after confirming) and removes an inbound campaign's phone numbers in its form", async () => {
    const page = await signedInPage(browser(), ROLE_EMAILS.administrator);
    const inbound = async (unique_name: string) => {
      const created = await api<{ id: number }>(page, 'POST', '/api/admin/campaigns', {
        name: unique_name,
        unique_name,
        type: 'inbound',
        company_id: null,
        active: true,
        archived: false,
        billing_rate_cents: 0,
        agent_ids: [],
      });
      return created.json.id;
    };
    const [campaignId, otherId] = [await inbound('numbers-here'), await inbound('numbers-there')];
    await api(page, 'POST', `/api/admin/campaigns/${otherId}/numbers`, { phone: '+17095550198', trunk_id: null });
    await page.goto(`/admin/campaigns/${campaignId}`);
    await page.getByTestId('admin-campaign-numbers').waitFor();

    // Typed as people write it; the centre's trunk chosen for it.
    await input(page, 'admin-campaign-number-new').fill('(709) 555-0199');
    const trunk = select(page, 'admin-campaign-number-new-trunk');
    await trunk.selectOption({ index: 1 });
    await page.getByTestId('admin-campaign-number-add').click();
    await page.getByTestId('admin-campaign-number-17095550199').waitFor();
    expect(await input(page, 'admin-campaign-number-new').inputValue()).toBe('');

    // Another campaign's number: the form names that campaign and moves it only once confirmed.
    await input(page, 'admin-campaign-number-new').fill('709 555 0198');
    await page.getByTestId('admin-campaign-number-add').click();
    const confirm = page.getByTestId('admin-campaign-number-move-confirm');
    await confirm.waitFor();
    expect(await page.getByRole('dialog').last().textContent()).toContain('the campaign "numbers-there"');
    await shot(page, 'campaign-number-move');
    await confirm.click();
    await page.getByTestId('admin-campaign-number-17095550198').waitFor();
    const there = await api<{ numbers: unknown[] }>(page, 'GET', `/api/admin/campaigns/${otherId}/numbers`);
    expect(there.json.numbers).toEqual([]);
    // It came with the trunk chosen; without one, the row says it takes no calls from the network.
    const movedTrunk = page.getByTestId('admin-campaign-number-17095550198-trunk');
    expect(await movedTrunk.locator('select').inputValue()).toBe(await trunk.inputValue());
    await movedTrunk.locator('select').selectOption('');
    await expect.poll(() => movedTrunk.textContent()).toContain('takes no calls');
    const trunkless = await api<{ numbers: unknown[] }>(page, 'GET', `/api/admin/campaigns/${campaignId}/numbers`);
    expect(trunkless.json.numbers).toContainEqual({ phone: '+17095550198', trunk_id: null, trunk_name: null });
    await shot(page, 'campaign-numbers');

    await page.getByTestId('admin-campaign-number-17095550199-remove').click();
    await page.getByTestId('admin-campaign-number-remove-confirm').click();
    await page.getByTestId('admin-campaign-number-17095550199').waitFor({ state: 'detached' });
    const here = await api<{ numbers: { phone: string }[] }>(page, 'GET', `/api/admin/campaigns/${campaignId}/numbers`);
    expect(here.json.numbers.map((number) => number.phone)).toEqual(['+17095550198']);
  });

  it("creates a client company and its portal user from the company's form", async () => {
    const page = await signedInPage(browser(), ROLE_EMAILS.administrator);
    await page.goto('/admin/companies/new');
    await input(page, 'admin-company-name').fill('Browser Clinic');
    await page.getByTestId('admin-company-dialog-save').click();
    await page.getByTestId('admin-company-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('table-row').filter({ hasText: 'Browser Clinic' }).click();
    await page.getByTestId('admin-company-new-portal-user').click();
    await page.waitForURL(/\/admin\/users\/new\?companyId=\d+$/);
    const companyId = new URL(page.url()).searchParams.get('companyId');
    await page.getByTestId('admin-user-dialog').waitFor();
    expect(await select(page, 'admin-user-role').inputValue()).toBe('company_supervisor');
    expect(await select(page, 'admin-user-company').inputValue()).toBe(companyId);
    await input(page, 'admin-user-email').fill('portal@browser-clinic.test');
    await input(page, 'admin-user-first-name').fill('Pat');
    await input(page, 'admin-user-second-name').fill('Portal');
    await input(page, 'admin-user-password').fill('first-password');
    await shot(page, 'portal-user-form');
    await page.getByTestId('admin-user-dialog-save').click();
    await page.getByTestId('admin-user-dialog').waitFor({ state: 'detached' });
    // Back on the company's users: only its portal user.
    await page.waitForURL(new RegExp(`/admin/users\\?companyId=${companyId}$`));
    await expect
      .poll(() => page.locator('[data-testid="table-row"] [data-column="email"]').allTextContents(), {
        timeout: 15_000,
      })
      .toEqual(['portal@browser-clinic.test']);
    expect(await page.getByTestId('admin-users-company').textContent()).toBe('Users of Browser Clinic');
    await shot(page, 'portal-users');
  });
});
