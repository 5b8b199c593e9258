import { networkInterfaces } from 'node:os';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DEMO_PASSWORD, launchBrowser, screenshot } from '../support/browser.js';

/** The machine's first non-loopback IPv4 address: what a colleague on the LAN would type. */
const lanAddress = Object.values(networkInterfaces())
  .flat()
  .find((address) => address?.family === 'IPv4' && !address.internal)?.address;

let browser: Browser;
beforeAll(async () => {
  if (lanAddress) browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// Plain HTTP on a LAN address: browsers treat only loopback as secure, so an `upgrade-insecure-requests` policy
// sent there turns every script request into https:// and the page stays blank.
describe.skipIf(!lanAddress)(`the app opened by the machine's LAN address (${lanAddress ?? 'none found'})`, () => {
  it('loads, signs in and shows the signed-in page over plain HTTP', async () => {
    const url = new URL(baseUrl());
    url.hostname = lanAddress as string;
    const context = await browser.newContext({ baseURL: url.origin, locale: 'en-US', timezoneId: 'America/Toronto' });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    const failed: string[] = [];
    page.on('requestfailed', (request) => failed.push(`${request.url()} ${request.failure()?.errorText ?? ''}`));

    const response = await page.goto('/login');
    expect(response?.headers()['content-security-policy']).not.toContain('upgrade-insecure-requests');
    await page.getByTestId('login-email').locator('input').fill('agent@shiftline.test');
    await page.getByTestId('login-password').locator('input').fill(DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('topbar-user').waitFor();
    await screenshot(page, 'lan-address-signed-in');
    expect(failed.filter((line) => line.startsWith('https:'))).toEqual([]);
    await context.close();
  });
});
