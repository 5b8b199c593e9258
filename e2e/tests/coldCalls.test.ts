import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, openCampaignsAroundTheClock } from '../support/api.js';
import { screenshot, signedInPage, useBrowser } from '../support/browser.js';

/**
 * Cold calls from the browser on the simulated network: an outbound agent opens the cold-calls page, goes to
 * Outbound Sales Calls, calls a lead; the call page opens dialling, the simulated client answers, the agent ends the
 * call and the after-call form returns them to Outbound Sales Calls.
 */
const ZONE = 'America/Toronto';
/** A generated agent of the demo's Outbound Sales group (the third generated person). */
const OUTBOUND_AGENT = 'emma.roy.3@shiftline.test';
const browser = useBrowser();
const POLL = { timeout: 15_000 };

async function chooseStatus(page: Page, status: string): Promise<void> {
  await page.getByTestId('status-menu-button').click();
  await page.locator(`[data-testid="status-option"][data-status="${status}"]`).click();
}

describe('cold calls', () => {
  it('an outbound agent calls a lead, the client answers, the call ends in the after-call form', async () => {
    const admin = await signedInPage(browser(), 'admin@shiftline.test', ZONE);
    const agent = await signedInPage(browser(), OUTBOUND_AGENT, ZONE);
    const me = await api<{ user: { agent_call_type: string | null } }>(agent, 'GET', '/api/auth/me');
    expect(me.json.user.agent_call_type).toBe('outbound');
    await openCampaignsAroundTheClock(admin, agent);

    await agent.goto('/');
    await agent.getByTestId('nav-cold-calls').click();
    await agent.waitForURL('**/outgoing_calls_to_make');
    await agent.getByTestId('table-row').first().waitFor();
    await chooseStatus(agent, 'outbound_sales_calls');
    await expect.poll(() => agent.getByTestId('status-title').textContent(), POLL).toBe('Outbound Sales Calls');
    // Invalid numbers are shown as such and cannot be called.
    const invalid = agent.locator('[data-testid="table-row"][data-valid="false"]').first();
    if ((await invalid.count()) > 0) expect(await invalid.getByTestId('cold-call-dial').isDisabled()).toBe(true);
    // The status menu has faded out before the picture.
    await agent.locator('[role="menu"]').waitFor({ state: 'detached' });
    await screenshot(agent, 'coldcalls-table');

    const row = agent.locator('[data-testid="table-row"][data-valid="true"]').first();
    const phone = ((await row.locator('td[data-column="phone"]').textContent()) ?? '').trim();
    await row.getByTestId('cold-call-dial').click();
    await agent.waitForURL('**/inquiries/call/*');
    const callId = Number(agent.url().split('/').pop());
    await expect.poll(() => agent.getByTestId('call-state').getAttribute('data-state'), POLL).toBe('dialling');
    await expect.poll(() => agent.getByTestId('status-title').textContent(), POLL).toBe('Ringing');

    // The simulated client picks up.
    const answered = await api<{ status: string }>(admin, 'POST', `/api/telephony/simulated_call/${callId}/callee`, {
      answer: true,
    });
    expect(answered.status).toBe(200);
    await expect.poll(() => agent.getByTestId('call-state').getAttribute('data-state'), POLL).toBe('talking');
    await expect.poll(() => agent.getByTestId('status-title').textContent(), POLL).toBe('On call');
    const data = await api<{ direction: string; client_phone: string }>(
      agent,
      'GET',
      `/api/inquiries/${callId}/get_call_data`,
    );
    expect(data.json.direction).toBe('outbound');
    expect(data.json.client_phone.replace(/\D/g, '').endsWith(phone.replace(/\D/g, '').slice(-7))).toBe(true);
    await screenshot(agent, 'coldcalls-talking');

    await agent.getByTestId('call-end').click();
    await agent.getByTestId('after-call-form').waitFor();
    await expect.poll(() => agent.getByTestId('status-title').textContent(), POLL).toBe('After-call work');
    const disposition = agent.getByTestId('after-call-disposition');
    const firstDisposition = await disposition.locator('option:not([value=""])').first().getAttribute('value');
    await disposition.selectOption(firstDisposition as string);
    await screenshot(agent, 'coldcalls-after-call');
    await agent.getByTestId('after-call-close').click();
    await expect.poll(() => agent.getByTestId('status-title').textContent(), POLL).toBe('Outbound Sales Calls');
    const ended = await api<{ status: string }>(agent, 'GET', `/api/inquiries/${callId}/get_call_data`);
    expect(ended.json.status).toBe('ended');

    // The table shows the lead's call answered.
    await agent.goto('/outgoing_calls_to_make');
    await agent.getByTestId('table-row').first().waitFor();
    await chooseStatus(agent, 'administrative');
    await expect.poll(() => agent.getByTestId('status-title').textContent(), POLL).toBe('Administrative');
  });
});
