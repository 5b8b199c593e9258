import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api.js';
import {
  IN_NAMESPACE,
  launchPhoneBrowser,
  openCaller,
  phoneState,
  runsInsideNamespace,
  signedInPhonePage,
  startTelephonyApp,
  statusName,
  type TelephonyApp,
} from '../support/softphone.js';

/*
 * Registrations that recover (issue 24): a reloaded page takes the next call at once; a page that dies just before an
 * offer costs the caller nothing (the call goes to the next Ready agent); the agent whose phone dropped is in
 * Technical issues until it registers again. Real app (TELEPHONY=sip), Kamailio and Chromium pages running the app's
 * JsSIP softphone, inside a private network namespace (the file re-runs itself inside one).
 */

const THIS_FILE = fileURLToPath(import.meta.url);
const POLL = { timeout: 20_000, interval: 100 };

runsInsideNamespace(THIS_FILE, 'registrations that recover, on real SIP', 2, 600_000);

const setStatus = (page: Page, status: string) =>
  api(page, 'POST', '/api/status/set_new_status', { status_name: status });
type CallData = { status: string; agent_id: number | null; queued_at: string; offered_at: string | null };
const callData = async (page: Page, id: number) =>
  (await api<CallData>(page, 'GET', `/api/inquiries/${id}/get_call_data`)).json;

describe.runIf(IN_NAMESPACE)('registrations that recover (inside the namespace)', { timeout: 150_000 }, () => {
  let app: TelephonyApp;
  let browser: Browser;
  let agent: Page;
  let lead: Page;
  /** The agent's session on a page without the app (no softphone): reads their status whatever their phone does. */
  let agentWatcher: Page;
  let campaignNumber = '';

  const signedInPage = (email: string) => signedInPhonePage(browser, app.baseUrl, email);

  /** An inbound campaign number both demo agents work (get_campaign_by_phone_number). */
  async function inboundNumber(page: Page): Promise<string> {
    for (let index = 0; index < 60; index += 1) {
      const phone = `+1888555${String(1000 + index).padStart(4, '0')}`;
      const found = await api<{ campaign: { type: string } | null }>(
        page,
        'POST',
        '/api/inquiries/get_campaign_by_phone_number',
        { phone },
      );
      if (found.json.campaign?.type === 'inbound') return phone;
    }
    throw new Error('no inbound campaign number');
  }

  /**
   * The page rings: its call page opens and its phone says incoming. Resolves with the call id and how long after
   * the offer to this agent the phone rang (ms).
   */
  async function rings(page: Page): Promise<{ callId: number; afterOffer: number }> {
    await page.waitForURL(/\/inquiries\/call\/\d+/, { timeout: 30_000 });
    await expect.poll(() => phoneState(page), POLL).toMatch(/incoming|in_progress/);
    const at = Date.now();
    const callId = Number(/\/inquiries\/call\/(\d+)/.exec(page.url())?.[1]);
    // Read before the page answers (5 s): the offer's time is cleared once answered.
    const call = await callData(page, callId);
    return { callId, afterOffer: at - Date.parse(call.offered_at ?? call.queued_at) };
  }

  async function closeAfterCall(page: Page): Promise<void> {
    await page.getByTestId('after-call-form').waitFor();
    const dispositions = page.getByTestId('after-call-disposition');
    if ((await dispositions.count()) > 0) {
      const first = await dispositions.locator('option:not([value=""])').first().getAttribute('value');
      await dispositions.selectOption(first as string);
    }
    await page.getByTestId('after-call-close').click();
    await expect.poll(() => statusName(page), POLL).toBe('ready');
  }

  beforeAll(async () => {
    app = await startTelephonyApp();
    browser = await launchPhoneBrowser();
    agentWatcher = await signedInPage('agent@shiftline.test');
    await agentWatcher.goto('/api/auth/me');
    agent = await signedInPage('agent@shiftline.test');
    lead = await signedInPage('teamlead@shiftline.test');
    campaignNumber = await inboundNumber(agent);
  }, 240_000);

  afterAll(async () => {
    // Kamailio's and the app's logs, for a failure's reading.
    const dir = fileURLToPath(new URL('../../.artifacts', import.meta.url));
    mkdirSync(dir, { recursive: true });
    if (app) {
      writeFileSync(`${dir}/softphone-recovery-kamailio.log`, app.kamailio().log());
      writeFileSync(`${dir}/softphone-recovery-app.log`, app.server.output());
    }
    await browser?.close();
    await app?.stop();
  });

  it('a page reloaded mid-shift takes the next call within 2 s of the offer; no Relay Failed', async () => {
    await setStatus(agent, 'ready');
    await agent.goto('/inquiries/all_calls');
    await expect.poll(() => phoneState(agent), POLL).toBe('registered');
    await expect.poll(() => statusName(agent), POLL).toBe('ready');

    await agent.reload();
    await expect.poll(() => phoneState(agent), POLL).toBe('registered');
    // The old page's connection closed (its contact went with it), the new one registered: Ready again.
    await expect.poll(() => statusName(agent), POLL).toBe('ready');

    const caller = await openCaller(browser, app.kamailio(), '+14165550171');
    await caller.dial(campaignNumber);
    const { callId, afterOffer } = await rings(agent);
    expect(afterOffer).toBeLessThan(2000);
    await expect.poll(() => caller.state(), POLL).toBe('confirmed');
    await expect.poll(() => callData(agent, callId).then((call) => call.status), POLL).toBe('talking');
    await caller.hangUp();
    await closeAfterCall(agent);
    await caller.page.context().close();
    expect(app.kamailio().log()).not.toContain('Relay Failed');
  });

  it('a page killed just before an offer: the caller reaches the next Ready agent within 2 s; the agent is in Technical issues, Ready again once registered', async () => {
    // The agent has waited longest in Ready: the next call would be theirs.
    await setStatus(lead, 'ready');
    await lead.goto('/inquiries/all_calls');
    await expect.poll(() => phoneState(lead), POLL).toBe('registered');
    await expect.poll(() => statusName(lead), POLL).toBe('ready');

    // Closed without unregistering (the page's JsSIP never sends its un-REGISTER).
    await agent.context().close();
    const caller = await openCaller(browser, app.kamailio(), '+14165550172');
    await caller.dial(campaignNumber);
    const { callId, afterOffer } = await rings(lead);
    // Within 2 s of the lead's offer, which follows at once the offer the dead page could not take.
    expect(afterOffer).toBeLessThan(2000);
    const arrived = await callData(lead, callId);
    expect(Date.now() - Date.parse(arrived.queued_at)).toBeLessThan(10_000);
    // A team lead's phone rings without answering by itself (spec §4: supervisory roles answer by hand).
    await lead.getByTestId('answer-call').click();
    await expect.poll(() => caller.state(), POLL).toBe('confirmed');
    const call = await callData(lead, callId);
    expect(call.status).toBe('talking');
    // The dropped phone is the phone's trouble, not the agent's: Technical issues, not Not ready (automatic).
    expect(await statusName(agentWatcher)).toBe('technical_issues');
    await caller.hangUp();
    await closeAfterCall(lead);
    await caller.page.context().close();

    // Nothing stays live without its SIP side.
    const live = await api<{ data?: unknown[] }>(lead, 'GET', '/api/inquiries/get_call_for_user');
    expect(live.status).toBe(200);

    // The agent comes back: a new page registers, and they are Ready again.
    agent = await signedInPage('agent@shiftline.test');
    await agent.goto('/inquiries/all_calls');
    await expect.poll(() => phoneState(agent), POLL).toBe('registered');
    await expect.poll(() => statusName(agent), POLL).toBe('ready');
    expect(app.kamailio().log()).not.toContain('Relay Failed');
  });
});
