import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api } from '../support/api.js';
import { screenshot, signedInPage, useBrowser } from '../support/browser.js';

/**
 * The live call engine from the browser: an agent goes Ready, a simulated caller dials the agent's campaign, the
 * call page opens and is worked (notes, disposition, a sale), the call ends, the after-call form returns the agent to
 * Ready; a supervisor's call statistics, open all along, count the call without a reload.
 */
const ZONE = 'America/St_Johns';
const browser = useBrowser();
/** How long a page may take to show what the server pushed (a socket event, then a reload of the status). */
const POLL = { timeout: 10_000 };

const cardValue = async (page: Page, testId: string) =>
  Number(((await page.getByTestId(testId).getByTestId('card-value').textContent()) ?? '').replace(/,/g, ''));

async function chooseStatus(page: Page, status: string): Promise<void> {
  await page.getByTestId('status-menu-button').click();
  await page.locator(`[data-testid="status-option"][data-status="${status}"]`).click();
}

describe('live calls', () => {
  it('takes a call from Ready through the call page and the after-call form, counted live on the dashboard', async () => {
    const admin = await signedInPage(browser(), 'admin@shiftline.test', ZONE);
    const agent = await signedInPage(browser(), 'agent@shiftline.test', ZONE);
    const supervisor = await signedInPage(browser(), 'agentsupervisor@shiftline.test', ZONE);

    // An inbound campaign the agent takes calls on.
    const me = await api<{ user: { id: number } }>(agent, 'GET', '/api/auth/me');
    const campaigns = await api<{ id: number; name: string; is_disabled: boolean }[]>(
      admin,
      'GET',
      `/api/dashboards/user-campaigns-popup/${me.json.user.id}`,
    );
    const inbound = await api<{ id: number; archived: boolean; active: boolean }[]>(
      admin,
      'GET',
      '/api/dashboards/campaigns?type=inbound',
    );
    const inboundIds = new Set(
      inbound.json.filter((entry) => entry.active && !entry.archived).map((entry) => entry.id),
    );
    const campaign = campaigns.json.find((entry) => !entry.is_disabled && inboundIds.has(entry.id));
    if (!campaign) throw new Error('the demo agent has no inbound campaign');

    await supervisor.goto('/dashboards/inbound');
    await supervisor.getByTestId('card-all-calls').getByTestId('card-value').waitFor();
    await expect.poll(() => cardValue(supervisor, 'card-all-calls'), { timeout: 15_000 }).toBeGreaterThanOrEqual(0);
    const before = await cardValue(supervisor, 'card-all-calls');

    await agent.goto('/inquiries/all_calls');
    await agent.getByTestId('status-menu-button').waitFor();
    await agent.getByTestId('status-menu-button').click();
    await agent.locator('[data-testid="status-option"][data-status="ready"]').waitFor();
    // The menu fades in: the picture is taken once it is fully shown.
    await agent.waitForFunction(() => {
      const paper = document.querySelector('[role="menu"]')?.closest('.MuiPaper-root');
      return paper !== null && paper !== undefined && getComputedStyle(paper).opacity === '1';
    });
    await screenshot(agent, 'live-status-menu');
    await agent.locator('[data-testid="status-option"][data-status="ready"]').click();
    await expect.poll(() => agent.getByTestId('status-title').textContent(), POLL).toBe('Ready');

    const placed = await api<{ current_call_id: number; status: string }>(
      admin,
      'POST',
      '/api/telephony/simulated_call',
      {
        campaign_id: campaign.id,
        caller_phone: '+17095550142',
      },
    );
    expect(placed.status).toBe(201);
    const callId = placed.json.current_call_id;

    // The call page opens by itself and the phone answers after 5 s.
    await agent.waitForURL(`**/inquiries/call/${callId}`);
    await agent.getByTestId('incoming-call').waitFor();
    expect(await agent.getByTestId('incoming-phone').textContent()).toContain('+17095550142');
    await expect.poll(() => agent.getByTestId('status-title').textContent(), { timeout: 15_000 }).toBe('On call');
    await agent.getByTestId('client-card').waitFor();
    expect(await agent.getByTestId('client-phone').textContent()).toContain('+17095550142');

    await agent.getByTestId('call-notes').fill('Asked about the annual plan; sold two.');
    await expect.poll(() => agent.getByTestId('call-notes-state').getAttribute('data-state'), POLL).toBe('saved');
    const dispositions = agent.getByTestId('disposition-select');
    const firstDisposition = await dispositions.locator('option:not([value=""])').first().getAttribute('value');
    await dispositions.selectOption(firstDisposition as string);
    const product = agent.getByTestId('sale-product').first();
    const productId = await product.getAttribute('data-id');
    await agent.getByTestId(`sale-quantity-${productId}`).fill('2');
    await agent.getByTestId('sale-post').click();
    await agent.getByTestId('sale-posted').waitFor();
    await screenshot(agent, 'live-call-page');

    const stored = await api<{ notes: string; disposition: { id: number } | null }>(
      agent,
      'GET',
      `/api/inquiries/${callId}/get_call_data`,
    );
    expect(stored.json.notes).toBe('Asked about the annual plan; sold two.');
    expect(stored.json.disposition?.id).toBe(Number(firstDisposition));
    const sales = await api<{ sale_posted: boolean; sales: { quantity: number }[] }>(
      agent,
      'GET',
      `/api/sales/${callId}/get_sales`,
    );
    expect(sales.json).toMatchObject({ sale_posted: true, sales: [{ quantity: 2 }] });

    await agent.getByTestId('call-end').click();
    await agent.getByTestId('after-call-form').waitFor();
    await expect.poll(() => agent.getByTestId('status-title').textContent(), POLL).toBe('After-call work');
    await screenshot(agent, 'live-after-call-form');
    await agent.getByTestId('after-call-close').click();
    await agent.waitForURL('**/inquiries/all_calls');
    await expect.poll(() => agent.getByTestId('status-title').textContent(), POLL).toBe('Ready');
    const ended = await api<{ status: string }>(agent, 'GET', `/api/inquiries/${callId}/get_call_data`);
    expect(ended.json.status).toBe('ended');

    // The supervisor's page, never reloaded, counts the call.
    await expect.poll(() => cardValue(supervisor, 'card-all-calls'), { timeout: 20_000 }).toBe(before + 1);

    // Leave the shared demo agent as other browser tests expect: not taking calls.
    await chooseStatus(agent, 'administrative');
    await expect.poll(() => agent.getByTestId('status-title').textContent(), POLL).toBe('Administrative');
  });
});
