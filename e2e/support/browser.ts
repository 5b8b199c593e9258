import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Role } from '@shiftline/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { api } from './api.js';
import { launchChromium } from './chromium.js';

export const SCREENSHOT_DIR = fileURLToPath(new URL('../../.artifacts/screenshots', import.meta.url));
export const DEMO_PASSWORD = 'shiftline';
/** The demo centre's sign-in for each role (README's table). */
export const ROLE_EMAILS: Record<Role, string> = {
  agent: 'agent@shiftline.test',
  team_lead: 'teamlead@shiftline.test',
  agent_supervisor: 'agentsupervisor@shiftline.test',
  campaign_manager: 'campaignmanager@shiftline.test',
  schedule_supervisor: 'schedulesupervisor@shiftline.test',
  administrator: 'admin@shiftline.test',
  super_admin: 'superadmin@shiftline.test',
  company_supervisor: 'client@shiftline.test',
};

export const baseUrl = () => inject('baseUrl');

/** Debian's Chromium, headless (support/chromium.ts). */
export const launchBrowser = launchChromium;

/**
 * One Chromium for the test file, launched before its tests and closed after them: `const browser = useBrowser()` at
 * the top of the file (so it closes after the file's own afterAll hooks), then `browser()` inside hooks and tests.
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is launched in beforeAll: call browser() inside hooks and tests');
    return browser;
  };
}

export async function newContext(browser: Browser, options: { timezoneId?: string } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: 1440, height: 900 },
    timezoneId: options.timezoneId ?? 'America/Toronto',
    locale: 'en-US',
  });
  context.setDefaultTimeout(15_000);
  return context;
}

/**
 * A page of its own (a fresh context, so its own cookies) signed in as that user; with `zone`, the browser's clock
 * and the user's profile time zone are both set to it, as the pages under test read them.
 */
export async function signedInPage(browser: Browser, email: string, zone?: string): Promise<Page> {
  const page = await (await newContext(browser, zone === undefined ? {} : { timezoneId: zone })).newPage();
  await signIn(page, email);
  if (zone !== undefined) await api(page, 'POST', '/api/profile/timezone', { timezone: zone });
  return page;
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-email').locator('input').fill(email);
  await page.getByTestId('login-password').locator('input').fill(password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('topbar-user').waitFor();
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: false });
  return path;
}
