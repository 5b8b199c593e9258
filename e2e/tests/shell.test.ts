import { can, ROLE_NAMES, ROLES } from '@shiftline/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api } from '../support/api.js';
import { baseUrl, newContext, ROLE_EMAILS, screenshot, signedInPage, signIn, useBrowser } from '../support/browser.js';

const browser = useBrowser();

async function freshPage(): Promise<Page> {
  const context = await newContext(browser());
  return context.newPage();
}

describe('sign-in page', () => {
  it('sends an anonymous visit to the sign-in page and back to the wanted page after signing in', async () => {
    const page = await freshPage();
    await page.goto('/companies/all_campaigns');
    await page.waitForURL(/\/login/);
    await page.getByTestId('login-submit').waitFor();
    await screenshot(page, 'sign-in');
    await page.getByTestId('login-email').locator('input').fill('admin@shiftline.test');
    await page.getByTestId('login-password').locator('input').fill('wrong-password');
    await page.getByTestId('login-submit').click();
    await expect.poll(() => page.getByTestId('login-error').textContent()).toContain('incorrect');
    await page.getByTestId('login-password').locator('input').fill('shiftline');
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/companies\/all_campaigns/);
    await page.context().close();
  });
});

describe('top bar per role', () => {
  for (const role of ROLES) {
    it(`shows ${ROLE_NAMES[role]} exactly what the role may see`, async () => {
      const page = await signedInPage(browser(), ROLE_EMAILS[role]);
      const topBar = page.getByTestId('topbar-user');
      await expect.poll(() => topBar.textContent()).toContain(ROLE_NAMES[role]);
      expect(await page.getByTestId('cad-rate').count()).toBe(can(role, 'topbar.cad_rate') ? 1 : 0);
      expect(await page.getByTestId('nav-agents').count()).toBe(can(role, 'agents.list') ? 1 : 0);
      expect(await page.getByTestId('nav-home').count()).toBe(1);

      await page.getByTestId('profile-menu-button').click();
      const menu = page.getByTestId('profile-menu');
      await menu.waitFor();
      // Let the menu's fade-in finish so screenshots show it, not a half-transparent frame.
      await page.waitForTimeout(400);
      expect(await menu.getByTestId('menu-profile-settings').count()).toBe(can(role, 'profile.edit') ? 1 : 0);
      expect(await menu.getByTestId('menu-change-password').count()).toBe(1);
      expect(await menu.getByTestId('menu-sign-out').count()).toBe(1);
      expect(await menu.textContent()).toContain(ROLE_NAMES[role]);
      if (role === 'agent') {
        // Agent group, rate (stored 1850 / 100) and extension from the demo data.
        const text = (await menu.textContent()) ?? '';
        expect(text).toContain('Tier 1 Support');
        expect(text).toContain('18.50');
        expect(text).toContain('2001');
      }
      if (role === 'administrator' || role === 'agent') await screenshot(page, `shell-${role}-profile-menu`);
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
      if (role === 'administrator' || role === 'agent') await screenshot(page, `shell-${role}`);
      await page.context().close();
    });
  }
});

describe('navigation on a narrow screen', () => {
  it('opens from the menu button as a slide-over and closes when a page is chosen', async () => {
    const page = await freshPage();
    await page.setViewportSize({ width: 600, height: 900 });
    await signIn(page, ROLE_EMAILS.administrator);
    // No fixed column: the links show only once the slide-over (loaded on narrow screens only) is opened.
    expect(await page.getByTestId('nav-agents').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByTestId('nav-agents').waitFor();
    await page.getByTestId('nav-agents').click();
    await page.waitForURL(/\/agents$/);
    await page.getByTestId('nav-agents').waitFor({ state: 'hidden' });
    await page.context().close();
  });
});

describe('clocks', () => {
  it('shows UTC and local time with the zone abbreviation and ticks every second', async () => {
    const page = await signedInPage(browser(), ROLE_EMAILS.agent);
    const utc = page.getByTestId('clock-utc');
    const local = page.getByTestId('clock-local');
    const first = (await utc.textContent()) ?? '';
    expect(first).toMatch(/\d{2}:\d{2}:\d{2} UTC/);
    // The demo agent views times in Toronto.
    expect((await local.textContent()) ?? '').toMatch(/\d{2}:\d{2}:\d{2} E[SD]T/);
    await expect.poll(async () => (await utc.textContent()) !== first, { timeout: 3000 }).toBe(true);
    await page.context().close();
  });
});

describe('CAD rate field', () => {
  it('defaults to 1.22, resets 0 to 1 and keeps the stored value after a reload', async () => {
    const page = await signedInPage(browser(), ROLE_EMAILS.schedule_supervisor);
    const input = page.getByTestId('cad-rate').locator('input');
    expect(await input.inputValue()).toBe('1.22');
    await input.fill('0');
    await input.press('Enter');
    await expect.poll(() => input.inputValue()).toBe('1');
    await input.fill('1.35');
    await input.press('Enter');
    await page.reload();
    await expect.poll(() => page.getByTestId('cad-rate').locator('input').inputValue()).toBe('1.35');
    await page.context().close();
  });
});

describe('password change and sign-out', () => {
  it('changes the password, signs out after confirming, and signs in with the new password', async () => {
    const page = await signedInPage(browser(), ROLE_EMAILS.agent_supervisor);
    await page.getByTestId('profile-menu-button').click();
    await page.getByTestId('menu-change-password').click();
    const dialog = page.getByTestId('change-password-dialog');
    await dialog.waitFor();
    await page.getByTestId('current-password').locator('input').fill('not-the-password');
    await page.getByTestId('new-password').locator('input').fill('a-better-secret');
    await page.getByTestId('confirm-password').locator('input').fill('a-better-secret');
    await page.getByTestId('change-password-submit').click();
    await expect.poll(() => dialog.textContent()).toContain('is incorrect');
    await screenshot(page, 'change-password-error');
    await page.getByTestId('current-password').locator('input').fill('shiftline');
    await page.getByTestId('change-password-submit').click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByTestId('profile-menu-button').click();
    await page.getByTestId('menu-sign-out').click();
    await expect.poll(() => page.getByRole('dialog').textContent()).toContain('Are you sure you want to sign out?');
    await page.getByTestId('cancel-signout').click();
    await page.getByTestId('topbar-user').waitFor();
    await page.goto('/logout');
    await page.getByTestId('confirm-signout').click();
    await page.waitForURL(/\/login/);

    await page.getByTestId('login-email').locator('input').fill(ROLE_EMAILS.agent_supervisor);
    await page.getByTestId('login-password').locator('input').fill('shiftline');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('login-error').waitFor();
    await signIn(page, ROLE_EMAILS.agent_supervisor, 'a-better-secret');
    // The demo password back: other files sign in as this user too, and files run in no fixed order.
    const restored = await api(page, 'POST', '/api/profile/change_password', {
      current_password: 'a-better-secret',
      new_password: 'shiftline',
      confirm_password: 'shiftline',
    });
    expect(restored.status).toBe(200);
    await page.context().close();
  });
});

describe('forced logout', () => {
  it("sends an agent's open page to the sign-in page when an administrator ends their sessions", async () => {
    const agentPage = await signedInPage(browser(), ROLE_EMAILS.team_lead);
    const me = await agentPage.evaluate(async () => (await (await fetch('/api/auth/me')).json()).user.id as number);

    const adminPage = await signedInPage(browser(), ROLE_EMAILS.administrator);
    const status = await adminPage.evaluate(async (userId) => {
      const session = await (await fetch('/api/auth/me')).json();
      const response = await fetch(`/api/users/${userId}/force_logout`, {
        method: 'POST',
        headers: { 'x-csrf-token': session.csrf_token },
      });
      return response.status;
    }, me);
    expect(status).toBe(200);
    await agentPage.waitForURL(/\/login/, { timeout: 10_000 });
    expect(new URL(agentPage.url()).pathname).toBe('/login');
    await agentPage.context().close();
    await adminPage.context().close();
  });
});

describe('server-served pages', () => {
  it('serves the API documentation', async () => {
    const response = await fetch(`${baseUrl()}/api/docs/json`);
    expect(response.status).toBe(200);
  });
});
