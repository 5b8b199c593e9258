import { ANSWER_DELAY_MS, OFFER_TIMEOUT_MS } from '@shiftline/shared';
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api.js';
import { newContext, screenshot, signedInPage, useBrowser } from '../support/browser.js';

/*
 * Issue 26 items 1-3 in the browser, on the default (simulated) phone network: a call page that follows a missed
 * offer's end, auto-answer counted from the offer's server time when the page opens late, and a team lead's pickup.
 * Each test has a campaign and people of its own (created here), so no other test's ready agent takes its calls and
 * its calls reach nobody else; the three run two at a time (the missed offer mostly waits for its 20 s).
 */
const browser = useBrowser();
const PASSWORD = 'Offers-e2e-1';
/** How long a page may take to show what the server pushed. */
const POLL = { timeout: 10_000 };
const run = Date.now().toString(36);

let admin: Page;
let made = 0;

async function createCampaign(agentIds: number[]): Promise<{ id: number; name: string }> {
  made += 1;
  const name = `Offers ${run} ${made}`;
  const created = await api<{ id: number }>(admin, 'POST', '/api/admin/campaigns', {
    name,
    unique_name: `offers-${run}-${made}`,
    type: 'inbound',
    company_id: null,
    active: true,
    archived: false,
    billing_rate_cents: 0,
    agent_ids: agentIds,
  });
  expect(created.status).toBe(201);
  return { id: created.json.id, name };
}

/** A new user signed in on a page of their own, the administrator's first password changed as the app asks. */
async function newPerson(role: 'agent' | 'team_lead', name: string): Promise<{ page: Page; id: number }> {
  made += 1;
  const email = `offers.${name}.${run}.${made}@shiftline.test`;
  const created = await api<{ id: number }>(admin, 'POST', '/api/admin/users', {
    email,
    first_name: name.replace(/^./, (first) => first.toUpperCase()),
    second_name: 'Offers',
    role,
    agent_group_id: null,
    company_id: null,
    timezone: 'America/Toronto',
    pay_rate_cents: 1500,
    extension: null,
    // With a CRM id, no CRM-id warning covers the page at sign-in.
    crm_id: `offers-${run}-${made}`,
    agent_call_type: role === 'agent' ? 'inbound' : null,
    campaign_ids: [],
    password: 'Given-by-admin-1',
  });
  expect(created.status).toBe(201);
  const page = await (await newContext(browser())).newPage();
  await page.goto('/login');
  await page.getByTestId('login-email').locator('input').fill(email);
  await page.getByTestId('login-password').locator('input').fill('Given-by-admin-1');
  await page.getByTestId('login-submit').click();
  await page.getByTestId('change-password-dialog').waitFor();
  await page.getByTestId('current-password').locator('input').fill('Given-by-admin-1');
  await page.getByTestId('new-password').locator('input').fill(PASSWORD);
  await page.getByTestId('confirm-password').locator('input').fill(PASSWORD);
  await page.getByTestId('change-password-submit').click();
  await page.getByTestId('change-password-dialog').waitFor({ state: 'detached' });
  await page.getByTestId('topbar-user').waitFor();
  return { page, id: created.json.id };
}

/** Waits for the top bar to show a status, by its title. */
const statusShown = (page: Page, title: string, timeout = POLL.timeout) =>
  page
    .getByTestId('status-title')
    .filter({ hasText: new RegExp(`^${title.replace(/[()]/g, '\\$&')}$`) })
    .waitFor({ timeout });

async function chooseStatus(page: Page, status: string): Promise<void> {
  await page.getByTestId('status-menu-button').click();
  await page.locator(`[data-testid="status-option"][data-status="${status}"]`).click();
}

/** An agent on a campaign of their own, waiting Ready on the calls page. */
async function readyAgent(name: string): Promise<{ page: Page; campaignId: number }> {
  const agent = await newPerson('agent', name);
  const campaignId = (await createCampaign([agent.id])).id;
  await agent.page.goto('/inquiries/all_calls');
  await chooseStatus(agent.page, 'ready');
  await statusShown(agent.page, 'Ready');
  return { page: agent.page, campaignId };
}

const placeCall = async (campaignId: number, phone: string) => {
  const placed = await api<{ current_call_id: number; status: string }>(
    admin,
    'POST',
    '/api/telephony/simulated_call',
    {
      campaign_id: campaignId,
      caller_phone: phone,
    },
  );
  expect(placed.status).toBe(201);
  return placed.json;
};

/** The answers the page sent: POST call_data with flow_status talk, each with when it was sent. */
function talkRequests(page: Page): number[] {
  const sent: number[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/inquiries/call_data')) {
      if ((request.postDataJSON() as { flow_status?: string }).flow_status === 'talk') sent.push(Date.now());
    }
  });
  return sent;
}

const seconds = (timer: string | null) => {
  const [h, m, s] = (timer ?? '').split(':').map(Number);
  return (h ?? 0) * 3600 + (m ?? 0) * 60 + (s ?? 0);
};

beforeAll(async () => {
  admin = await signedInPage(browser(), 'admin@shiftline.test');
});
afterAll(async () => {
  await admin?.context().close();
});

describe('call offers on the call page (simulated network)', () => {
  const MISSED =
    'a missed offer: the ringing page follows its end live, back where the agent waited, Not ready (automatic)';
  it.concurrent(MISSED, async ({ expect }) => {
    const { page, campaignId } = await readyAgent('missed');
    // The answer never reaches the server (a stalled machine): the offer rings out.
    const stalled: Route[] = [];
    await page.route('**/api/inquiries/call_data', (route) => {
      stalled.push(route);
    });
    const call = await placeCall(campaignId, '+14165550161');
    await page.waitForURL(`**/inquiries/call/${call.current_call_id}`);
    await page.getByTestId('incoming-call').waitFor();
    const rang = Date.now();

    // The server ends the offer after OFFER_TIMEOUT_MS (its sweep runs every second): the page hears it and goes
    // back to where the agent waited, saying why, with the status the engine gave.
    await page.waitForURL('**/inquiries/all_calls', { timeout: OFFER_TIMEOUT_MS + 10_000 });
    expect(Date.now() - rang).toBeGreaterThan(OFFER_TIMEOUT_MS - 2000);
    const notice = page.getByTestId('offer-ended');
    await notice.waitFor();
    expect(await notice.getAttribute('data-end')).toBe('missed');
    await statusShown(page, 'Not ready (automatic)');
    await expect.poll(() => notice.textContent(), POLL).toContain('Your status: Not ready (automatic).');
    expect(await page.getByTestId('incoming-call').count()).toBe(0);
    await screenshot(page, 'call-offer-missed');

    // The call waits for the next agent; this one, Ready again, is offered it again and its page opens again.
    for (const route of stalled.splice(0)) await route.abort().catch(() => undefined);
    await page.unroute('**/api/inquiries/call_data');
    await chooseStatus(page, 'ready');
    await page.waitForURL(`**/inquiries/call/${call.current_call_id}`, POLL);
    await statusShown(page, 'On call', 15_000);
    await api(admin, 'POST', `/api/telephony/simulated_call/${call.current_call_id}/hang_up`);
    await page.context().close();
  }, 75_000);

  it.concurrent('auto-answer counts from the offer: a page that opens after the 5 s answers at once', async ({
    expect,
  }) => {
    const { page, campaignId } = await readyAgent('late');
    const talks = talkRequests(page);
    // The call's data reaches the page 6 s late (a slow machine), past the 5 s the phone waits from the offer.
    let shown = 0;
    await page.route('**/api/inquiries/*/get_call_data', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, ANSWER_DELAY_MS + 1000));
      await route.continue().catch(() => undefined);
      if (shown === 0) shown = Date.now();
    });
    const call = await placeCall(campaignId, '+14165550162');
    await page.waitForURL(`**/inquiries/call/${call.current_call_id}`);
    await expect.poll(() => talks.length, { timeout: 20_000 }).toBeGreaterThan(0);
    // At once once the page has the call: within the page's render, not 5 s after it (11 s after the offer).
    expect(shown).toBeGreaterThan(0);
    expect((talks[0] as number) - shown).toBeLessThan(3000);
    await page.unroute('**/api/inquiries/*/get_call_data');
    await statusShown(page, 'On call');
    await page.getByTestId('client-card').waitFor();
    await screenshot(page, 'call-offer-late-page-answered');
    await api(admin, 'POST', `/api/telephony/simulated_call/${call.current_call_id}/hang_up`);
    await page.context().close();
  }, 45_000);

  const PICKUP = 'a team lead picks up a waiting call from its page, which shows how long the caller has waited';
  it.concurrent(PICKUP, async ({ expect }) => {
    const lead = await newPerson('team_lead', 'lead');
    // Nobody works this campaign: its caller waits in the queue.
    const campaign = await createCampaign([]);
    await lead.page.goto('/inquiries/all_calls');
    await chooseStatus(lead.page, 'administrative');
    await statusShown(lead.page, 'Administrative');
    const call = await placeCall(campaign.id, '+14165550163');
    expect(call.status).toBe('queued');

    // Agent state report → Campaign status → Calls In Queue → Open, as the lead finds the caller.
    await lead.page.getByTestId('nav-agent-state').click();
    await lead.page.getByTestId('live-filter-campaigns').getByRole('combobox').click();
    await lead.page.getByRole('option', { name: campaign.name, exact: true }).click();
    await lead.page.keyboard.press('Escape');
    await lead.page
      .locator(`[data-testid="campaign-status-row"][data-id="${campaign.id}"]`)
      .getByTestId('open-waiting-calls')
      .click();
    await lead.page.getByRole('dialog', { name: /^Waiting calls/ }).waitFor();
    await lead.page
      .locator(`[data-testid="waiting-call"][data-id="${call.current_call_id}"]`)
      .getByTestId('waiting-call-open')
      .click();
    await lead.page.waitForURL(`**/inquiries/call/${call.current_call_id}`);
    await lead.page.getByTestId('call-over').waitFor();
    const pickup = lead.page.getByTestId('call-pickup');
    await pickup.waitFor();
    // The timer counts the caller's wait since the call arrived.
    const timer = lead.page.getByTestId('call-timer');
    await expect.poll(async () => seconds(await timer.textContent()), POLL).toBeGreaterThanOrEqual(2);
    await screenshot(lead.page, 'call-pickup-waiting');

    await pickup.click();
    await expect.poll(() => lead.page.getByTestId('call-state').getAttribute('data-state'), POLL).toBe('talking');
    await statusShown(lead.page, 'On call');
    await lead.page.getByTestId('client-card').waitFor();
    const path = `/api/inquiries/${call.current_call_id}/get_call_data`;
    const data = await api<{ status: string; agent_id: number }>(lead.page, 'GET', path);
    expect(data.json).toMatchObject({ status: 'talking', agent_id: lead.id });
    await screenshot(lead.page, 'call-pickup-answered');
    await api(admin, 'POST', `/api/telephony/simulated_call/${call.current_call_id}/hang_up`);
    await lead.page.context().close();
  }, 45_000);
});
