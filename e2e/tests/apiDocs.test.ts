import { describe, expect, it } from 'vitest';
import { api } from '../support/api.js';
import { screenshot, signedInPage, useBrowser } from '../support/browser.js';

const browser = useBrowser();

describe('API documentation', () => {
  it("performs a write with 'Try it out' once the CSRF token is entered under Authorize", async () => {
    const page = await signedInPage(browser(), 'agent@shiftline.test');
    const me = await api<{ csrf_token: string; user: { timezone: string } }>(page, 'GET', '/api/auth/me');
    const target = me.json.user.timezone === 'America/Halifax' ? 'America/Winnipeg' : 'America/Halifax';

    await page.goto('/api/docs/');
    await page.locator('.swagger-ui .authorize').first().click();
    const csrf = page.locator('.auth-container').filter({ hasText: 'x-csrf-token' });
    await csrf.locator('input').fill(me.json.csrf_token);
    await csrf.locator('button.authorize').click();
    await page.locator('.modal-ux .btn-done, .modal-ux button.close-modal').first().click();

    const operation = page.locator('#operations-profile-post_api_profile_timezone');
    await operation.locator('.opblock-summary').click();
    await operation.getByRole('button', { name: 'Try it out' }).click();
    await operation.locator('textarea.body-param__text').fill(JSON.stringify({ timezone: target }));
    await operation.getByRole('button', { name: 'Execute' }).click();
    const status = operation.locator('.live-responses-table .response .response-col_status').first();
    await expect.poll(() => status.textContent(), { timeout: 10_000 }).toBe('200');
    await screenshot(page, 'api-docs-try-it-out');
    const after = await api<{ user: { timezone: string } }>(page, 'GET', '/api/auth/me');
    expect(after.json.user.timezone).toBe(target);
    await page.context().close();
  });
});
