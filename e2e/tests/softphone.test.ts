import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, openCampaignsAroundTheClock } from '../support/api.js';
import { screenshot } from '../support/browser.js';
import {
  audioPacketsReceived,
  type Caller,
  chooseDisposition,
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
 * The browser softphone on real SIP (issue 14): the real app with TELEPHONY=sip, a real Kamailio, the agents' pages
 * running the app's JsSIP softphone and a caller page running JsSIP, all on loopback inside a private network
 * namespace. Outside the namespace the file re-runs itself inside one.
 */

const THIS_FILE = fileURLToPath(import.meta.url);
const POLL = { timeout: 20_000, interval: 250 };

runsInsideNamespace(THIS_FILE, 'the softphone on real SIP', 9, 900_000);

type Me = { user: { id: number; extension: string | null; long_name: string } };

const setStatus = (page: Page, status: string) =>
  api(page, 'POST', '/api/status/set_new_status', { status_name: status });
const callData = async (page: Page, id: number) =>
  (await api<{ status: string; agent_id: number | null }>(page, 'GET', `/api/inquiries/${id}/get_call_data`)).json;

/** A new browser context on the app with the fake microphone's peer connections recorded, signed in as `email`. */

describe.runIf(IN_NAMESPACE)('softphone (inside the namespace)', { timeout: 150_000 }, () => {
  let app: TelephonyApp;
  let browser: Browser;
  let agent: Page;
  let lead: Page;
  let admin: Page;
  let caller: Caller | null = null;
  let campaignNumber = '';

  async function phonePage(email: string): Promise<Page> {
    const page = await signedInPhonePage(browser, app.baseUrl, email);
    traceSip(page, email.split('@')[0] ?? email);
    return page;
  }

  /** The number of an inbound campaign the demo agent works, found through get_campaign_by_phone_number. */
  async function inboundNumberOf(page: Page): Promise<string> {
    const me = await api<Me>(page, 'GET', '/api/auth/me');
    const mine = await api<{ id: number; is_disabled: boolean }[]>(
      admin,
      'GET',
      `/api/dashboards/user-campaigns-popup/${me.json.user.id}`,
    );
    const enabled = new Set(mine.json.filter((entry) => !entry.is_disabled).map((entry) => entry.id));
    for (let index = 0; index < 60; index += 1) {
      const phone = `+1888555${String(1000 + index).padStart(4, '0')}`;
      const found = await api<{ campaign: { id: number; type: string } | null }>(
        page,
        'POST',
        '/api/inquiries/get_campaign_by_phone_number',
        { phone },
      );
      const campaign = found.json.campaign;
      if (campaign && campaign.type === 'inbound' && enabled.has(campaign.id)) return phone;
    }
    throw new Error('no inbound campaign number for the demo agent');
  }

  /**
   * SHIFTLINE_SIP_TRACE=1: every SIP message a page's JsSIP sends or receives (the debug package's namespace
   * JsSIP:Transport, read from localStorage) goes to .artifacts/softphone-sip-<name>.log.
   */
  function traceSip(page: Page, name: string): void {
    if (process.env.SHIFTLINE_SIP_TRACE !== '1') return;
    const dir = fileURLToPath(new URL('../../.artifacts', import.meta.url));
    mkdirSync(dir, { recursive: true });
    const file = `${dir}/softphone-sip-${name}.log`;
    writeFileSync(file, '');
    void page.context().addInitScript("localStorage.setItem('debug', 'JsSIP:Transport JsSIP:RTCSession')");
    page.on('console', (message) => appendFileSync(file, `${new Date().toISOString()} ${message.text()}\n`));
  }

  /** Kamailio's and the app's logs into .artifacts/, for a failure's message. */
  function keepLogs(): string {
    const dir = fileURLToPath(new URL('../../.artifacts', import.meta.url));
    mkdirSync(dir, { recursive: true });
    writeFileSync(`${dir}/softphone-kamailio.log`, app.kamailio().log());
    writeFileSync(`${dir}/softphone-app.log`, app.server.output());
    return dir;
  }

  /** Waits for `step`; when it fails, says what the phones, the caller and the SIP side saw (logs kept in .artifacts). */
  async function explained<T>(step: Promise<T>): Promise<T> {
    try {
      return await step;
    } catch (error) {
      await screenshot(agent, 'softphone-failure-agent');
      await screenshot(lead, 'softphone-failure-lead');
      const calls = async (page: Page) =>
        JSON.stringify((await api(page, 'GET', '/api/inquiries/get_call_for_user')).json).slice(0, 300);
      throw new Error(
        `${(error as Error).message}\ncaller: ${await caller?.state()}\n` +
          `agent: phone ${await phoneState(agent)}, status ${await statusName(agent)}, call ${await calls(agent)}\n` +
          `lead: phone ${await phoneState(lead)}, status ${await statusName(lead)}, call ${await calls(lead)}\n` +
          `Kamailio and app logs in ${keepLogs()}; the app's last lines:\n${app.server.output().slice(-1500)}`,
      );
    }
  }

  /**
   * After a transfer, the first agent's call page shows the after-call form for their part of the call (the call goes
   * on with the agent it went to); Close moves them to Ready.
   */
  async function closeHandedOverPart(page: Page, name: string): Promise<void> {
    const form = page.getByTestId('after-call-form');
    await explained(form.getByTestId('after-call-handed-over').waitFor({ timeout: 30_000 }));
    expect(await form.getByTestId('after-call-disposition').count()).toBe(0);
    await screenshot(page, name);
    await form.getByTestId('after-call-close').click();
    await expect.poll(() => statusName(page), POLL).toBe('ready');
  }

  /** A caller dials the campaign; the agent's page opens the call and its phone answers by itself. */
  async function callReachesAgent(from: string): Promise<number> {
    // From the calls page, so the call page that opens is this call's (the last call's page may still be open).
    if (!agent.url().endsWith('/inquiries/all_calls')) await agent.goto('/inquiries/all_calls');
    await expect.poll(() => phoneState(agent), POLL).toBe('registered');
    caller = await openCaller(browser, app.kamailio(), from, (page) => traceSip(page, `caller-${from}`));
    await caller.dial(campaignNumber);
    await explained(agent.waitForURL(/\/inquiries\/call\/\d+/, { timeout: 30_000 }));
    const callId = Number(/\/inquiries\/call\/(\d+)/.exec(agent.url())?.[1]);
    await expect.poll(() => phoneState(agent), POLL).toBe('incoming');
    return callId;
  }

  beforeAll(async () => {
    app = await startTelephonyApp();
    browser = await launchPhoneBrowser();
    admin = await phonePage('admin@shiftline.test');
    agent = await phonePage('agent@shiftline.test');
    lead = await phonePage('teamlead@shiftline.test');
    campaignNumber = await inboundNumberOf(agent);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('registers the agent with the ephemeral credentials; the top bar says Registered', async () => {
    await setStatus(agent, 'ready');
    await agent.goto('/inquiries/all_calls');
    await expect.poll(() => phoneState(agent), POLL).toBe('registered');
    expect(await agent.getByRole('status', { name: 'Softphone: Registered' }).count()).toBe(1);
    // JsSIP comes in the softphone's own chunk, which a user who takes no calls never downloads.
    const scripts = (page: Page) =>
      page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
    expect((await scripts(agent)).some((name) => /\/assets\/Softphone-[^/]+\.js$/.test(name))).toBe(true);
    await admin.goto('/');
    await admin.getByTestId('topbar-user').waitFor();
    expect(await admin.getByTestId('softphone-state').count()).toBe(0);
    expect((await scripts(admin)).some((name) => /\/assets\/Softphone-/.test(name))).toBe(false);
    await screenshot(agent, 'softphone-registered');
  });

  it('takes a call: ringing, answered by itself after 5 s, audio both ways, hold and unhold, mute', async () => {
    const callId = await callReachesAgent('+14165550111');
    const rangAt = Date.now();
    await screenshot(agent, 'softphone-incoming');
    await expect.poll(() => phoneState(agent), POLL).toBe('in_progress');
    // Agents answer after 5000 ms (the page may have opened a moment after the INVITE arrived).
    expect(Date.now() - rangAt).toBeGreaterThan(3500);
    await expect.poll(() => caller?.state(), POLL).toBe('confirmed');
    await expect.poll(() => callData(agent, callId).then((call) => call.status), POLL).toBe('talking');

    // Real audio: RTP packets arrive on both sides.
    await expect.poll(() => audioPacketsReceived(agent), POLL).toBeGreaterThan(0);
    await expect.poll(() => caller?.page && audioPacketsReceived(caller.page), POLL).toBeGreaterThan(0);
    await screenshot(agent, 'softphone-in-progress');

    await agent.getByTestId('call-hold').click();
    await expect.poll(() => phoneState(agent), POLL).toBe('on_hold');
    await expect.poll(() => callData(agent, callId).then((call) => call.status), POLL).toBe('on_hold');
    await screenshot(agent, 'softphone-on-hold');
    await agent.getByTestId('call-resume').click();
    await expect.poll(() => phoneState(agent), POLL).toBe('in_progress');
    await expect.poll(() => callData(agent, callId).then((call) => call.status), POLL).toBe('talking');

    await agent.getByTestId('call-mute').click();
    await expect.poll(() => phoneState(agent), POLL).toBe('muted');
    await screenshot(agent, 'softphone-muted');
    await agent.getByTestId('call-unmute').click();
    await expect.poll(() => phoneState(agent), POLL).toBe('in_progress');

    // Still flowing after hold and resume.
    const before = await audioPacketsReceived(caller?.page as Page);
    await expect.poll(() => audioPacketsReceived(caller?.page as Page), POLL).toBeGreaterThan(before);

    await agent.getByTestId('call-end').click();
    await expect.poll(() => caller?.state(), POLL).toBe('ended');
    await expect.poll(() => phoneState(agent), POLL).toMatch(/ended|registered/);
    await screenshot(agent, 'softphone-ended');
    await agent.getByTestId('after-call-form').waitFor();
    await chooseDisposition(agent);
    await agent.getByTestId('after-call-close').click();
    await expect.poll(() => statusName(agent), POLL).toBe('ready');
    await caller?.page.context().close();
    caller = null;
  });

  it('Kamailio stopped mid-session: technical issue and retries; Kamailio back: registered and Ready again', async () => {
    await expect.poll(() => phoneState(agent), POLL).toBe('registered');
    await app.stopKamailio();
    await expect.poll(() => phoneState(agent), { timeout: 60_000, interval: 500 }).toBe('technical_issue');
    await expect.poll(() => statusName(agent), POLL).toBe('technical_issues');
    await screenshot(agent, 'softphone-technical-issue');
    await app.startKamailioAgain();
    await expect.poll(() => phoneState(agent), { timeout: 60_000, interval: 500 }).toBe('registered');
    await expect.poll(() => statusName(agent), POLL).toBe('ready');
  });

  it('blind transfer: the call moves to a second phone, which ends up with the caller', async () => {
    const leadMe = (await api<Me>(lead, 'GET', '/api/auth/me')).json.user;
    await setStatus(lead, 'ready');
    await lead.goto('/inquiries/all_calls');
    // Ready after the agent, so the caller reaches the agent first (the longest idle), then is transferred.
    await explained(expect.poll(() => phoneState(lead), POLL).toBe('registered'));

    const callId = await callReachesAgent('+14165550112');
    await expect.poll(() => phoneState(agent), POLL).toBe('in_progress');
    await agent.getByTestId('transfer-role').selectOption('team_lead');
    await agent.getByRole('button', { name: `Transfer the call to ${leadMe.long_name}` }).click();

    // The lead's phone rings with the transferred caller; a team lead answers by hand (spec §4).
    await explained(expect.poll(() => phoneState(lead), { timeout: 30_000 }).toBe('incoming'));
    await lead.waitForURL(/\/inquiries\/call\/\d+/);
    await screenshot(lead, 'softphone-transfer-ringing');
    await lead.getByTestId('softphone-answer').click();
    await expect.poll(() => phoneState(lead), POLL).toBe('in_progress');
    await expect.poll(() => caller?.state(), POLL).toBe('confirmed');
    await expect.poll(() => audioPacketsReceived(lead), POLL).toBeGreaterThan(0);
    await expect.poll(() => callData(lead, callId).then((call) => call.agent_id), POLL).toBe(leadMe.id);
    await screenshot(lead, 'softphone-transferred');
    // The agent who passed the call on closes the form for their part, while the call goes on with the lead.
    await closeHandedOverPart(agent, 'softphone-transfer-handed-over');
    expect(await caller?.state()).toBe('confirmed');
    await caller?.hangUp();
    await expect.poll(() => phoneState(lead), POLL).toMatch(/ended|registered/);
  });
  it('warm transfer asked and declined: the asker hears who declined; invited from the call page and accepted', async () => {
    const agentMe = (await api<Me>(agent, 'GET', '/api/auth/me')).json.user;
    const leadMe = (await api<Me>(lead, 'GET', '/api/auth/me')).json.user;
    // The agent closed their part of the last call with its form: Ready, the phone registered.
    await expect.poll(() => statusName(agent), POLL).toBe('ready');
    await expect.poll(() => phoneState(agent), POLL).toBe('registered');
    // The lead is not Ready yet, so the caller reaches the agent.
    await setStatus(lead, 'administrative');
    const callId = await callReachesAgent('+14165550113');
    await expect.poll(() => phoneState(agent), POLL).toBe('in_progress');

    // Declined: the agent's top bar asks with the spec's words; the lead is told who declined.
    await setStatus(lead, 'ready');
    await lead.goto('/inquiries/all_calls');
    await expect.poll(() => phoneState(lead), POLL).toBe('registered');
    await expect.poll(() => callData(agent, callId).then((call) => call.status), POLL).toBe('talking');
    const asked = await api(lead, 'POST', '/api/telephony/warm_transfer', { call_id: callId });
    expect(asked, JSON.stringify(asked.json)).toMatchObject({ status: 200 });
    const question = agent.getByTestId('warm-transfer-text');
    await question.waitFor();
    expect(await question.textContent()).toMatch(
      new RegExp(
        `^${leadMe.long_name} wants to add you to the conference with the client for .+\\. Do you accept the warm transfer\\?$`,
      ),
    );
    // The dialog fades in: the picture is taken once it is fully shown.
    await agent.waitForFunction(() => {
      const paper = document.querySelector('[data-testid="warm-transfer"] .MuiPaper-root');
      return paper !== null && getComputedStyle(paper).opacity === '1';
    });
    await screenshot(agent, 'softphone-warm-transfer');
    await agent.getByTestId('warm-transfer-decline').click();
    await lead.getByTestId('warm-transfer-declined').waitFor();
    expect(await lead.getByTestId('warm-transfer-declined').textContent()).toContain(
      `${agentMe.long_name} declined the warm transfer.`,
    );
    expect(await phoneState(agent)).toBe('in_progress');

    // Asked from the agent's call page this time: the Warm type, then Invite on the lead in the transfer panel. The
    // lead is asked with the spec's words and accepts; the call is marked warm and moves to the lead's phone.
    await agent.getByTestId('transfer-role').selectOption('team_lead');
    await agent.getByTestId('transfer-type').selectOption('warm');
    const invite = agent.getByRole('button', { name: `Ask ${leadMe.long_name} to join the call (warm transfer)` });
    await invite.click();
    await expect.poll(() => invite.getAttribute('data-state'), POLL).toBe('asked');
    const invitation = lead.getByTestId('warm-transfer-text');
    await invitation.waitFor();
    expect(await invitation.textContent()).toMatch(
      new RegExp(
        `^${agentMe.long_name} wants to add you to the conference with the client for .+\\. Do you accept the warm transfer\\?$`,
      ),
    );
    await lead.getByTestId('warm-transfer-accept').click();
    await explained(expect.poll(() => phoneState(lead), { timeout: 30_000 }).toBe('incoming'));
    await lead.getByTestId('softphone-answer').click();
    await expect.poll(() => phoneState(lead), POLL).toBe('in_progress');
    await expect.poll(() => caller?.state(), POLL).toBe('confirmed');
    await expect.poll(() => audioPacketsReceived(lead), POLL).toBeGreaterThan(0);
    const moved = await api<{ agent_id: number; transfer_type: string | null }>(
      lead,
      'GET',
      `/api/inquiries/${callId}/get_call_data`,
    );
    expect(moved.json).toMatchObject({ agent_id: leadMe.id, transfer_type: 'warm' });
    // The agent's leg was hung up (start-transfer), and the agent is in after-call work for their part: its form.
    await expect.poll(() => phoneState(agent), POLL).toMatch(/ended|registered/);
    await expect.poll(() => statusName(agent), POLL).toBe('after_call_work');
    await closeHandedOverPart(agent, 'softphone-warm-handed-over');
    await caller?.hangUp();
    await expect.poll(() => phoneState(lead), POLL).toMatch(/ended|registered/);
  });

  it('a failed call-data fetch: the fail state, the call ended in emergency mode, the agent back to Ready', async () => {
    await expect.poll(() => statusName(agent), POLL).toBe('ready');
    const callId = await callReachesAgent('+14165550114');
    await expect.poll(() => phoneState(agent), POLL).toBe('in_progress');
    await expect.poll(() => callData(agent, callId).then((call) => call.status), POLL).toBe('talking');
    // The server stops giving this call's data; holding makes the page fetch it again (newCallData).
    await agent.route(`**/api/inquiries/${callId}/get_call_data`, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"error":{"code":"internal","message":"down"}}',
      }),
    );
    await agent.getByTestId('call-hold').click();
    await explained(expect.poll(() => phoneState(agent), { timeout: 30_000, interval: 100 }).toBe('fail'));
    await screenshot(agent, 'softphone-fail');
    // The caller's line was hung up, and the call ended with the agent disconnecting.
    await expect.poll(() => caller?.state(), POLL).toBe('ended');
    await expect.poll(() => statusName(agent), POLL).toBe('ready');
    await agent.unroute(`**/api/inquiries/${callId}/get_call_data`);
    expect(await callData(agent, callId)).toMatchObject({ status: 'ended' });
    await expect.poll(() => phoneState(agent), POLL).toBe('registered');
    await caller?.page.context().close();
    caller = null;
  });

  it('a cold call on real SIP: the client (a SIPp callee) answers, audio flows and the call stays up 10 s, End, the form', async () => {
    const outbound = await phonePage('emma.roy.3@shiftline.test');
    await openCampaignsAroundTheClock(admin, outbound);
    await setStatus(outbound, 'outbound_sales_calls');
    await outbound.goto('/outgoing_calls_to_make');
    await explained(expect.poll(() => phoneState(outbound), POLL).toBe('registered'));
    const dial = outbound.locator('[data-testid="cold-call-dial"]:not([disabled])').first();
    await dial.waitFor();
    await dial.click();
    await outbound.waitForURL('**/inquiries/call/*');
    const callId = Number(outbound.url().split('/').pop());
    // The phone's INVITE goes through Kamailio and the app's router to the callee, which rings 1 s and answers.
    await explained(expect.poll(() => phoneState(outbound), { timeout: 30_000 }).toBe('in_progress'));
    await expect.poll(() => callData(outbound, callId).then((call) => call.status), POLL).toBe('talking');
    await expect.poll(() => statusName(outbound), POLL).toBe('on_call');
    // The client's tone arrives (rtpengine bridges the browser's WebRTC to SIPp's plain RTP), and the call stays up:
    // before the media bridge the browser's ICE check failed and it hung up by itself after some seconds.
    await explained(expect.poll(() => audioPacketsReceived(outbound), POLL).toBeGreaterThan(0));
    const connectedAt = Date.now();
    await screenshot(outbound, 'softphone-cold-call');
    while (Date.now() - connectedAt < 10_000) {
      expect(await phoneState(outbound)).toBe('in_progress');
      await outbound.waitForTimeout(1000);
    }
    const received = await audioPacketsReceived(outbound);
    // 50 packets a second for 10 s; most of them, with a margin for a busy machine.
    expect(received).toBeGreaterThan(300);
    expect((await callData(outbound, callId)).status).toBe('talking');
    // Hold and resume are re-INVITEs the client answers (listening only while held); the tone comes back after.
    await outbound.getByTestId('call-hold').click();
    await expect.poll(() => phoneState(outbound), POLL).toBe('on_hold');
    await outbound.getByTestId('call-resume').click();
    await expect.poll(() => phoneState(outbound), POLL).toBe('in_progress');
    const resumedFrom = await audioPacketsReceived(outbound);
    await expect.poll(() => audioPacketsReceived(outbound), POLL).toBeGreaterThan(resumedFrom + 50);
    expect((await callData(outbound, callId)).status).toBe('talking');

    await outbound.getByTestId('call-end').click();
    await outbound.getByTestId('after-call-form').waitFor();
    await chooseDisposition(outbound);
    await outbound.getByTestId('after-call-close').click();
    await expect.poll(() => statusName(outbound), POLL).toBe('outbound_sales_calls');
    expect((await callData(outbound, callId)).status).toBe('ended');
    await outbound.context().close();
  });

  it('a team lead: an offered call rings without being answered; Pick up on a waiting call answers at once', async () => {
    const leadMe = (await api<Me>(lead, 'GET', '/api/auth/me')).json.user;
    const leadCampaigns = await api<{ id: number; is_disabled: boolean }[]>(
      admin,
      'GET',
      `/api/dashboards/user-campaigns-popup/${leadMe.id}`,
    );
    const campaign = await api<{ campaign: { id: number; name: string } | null }>(
      lead,
      'POST',
      '/api/inquiries/get_campaign_by_phone_number',
      { phone: campaignNumber },
    );
    const campaignId = campaign.json.campaign?.id;
    // The engine offers the campaign's calls to the lead when Ready: they are enabled on it, like the agent.
    expect(leadCampaigns.json.some((entry) => entry.id === campaignId && !entry.is_disabled)).toBe(true);

    // Offered: only the lead is Ready. Their phone rings, and is still ringing well past an agent's 5 s.
    await setStatus(agent, 'administrative');
    await setStatus(lead, 'ready');
    await lead.goto('/inquiries/all_calls');
    await expect.poll(() => phoneState(lead), POLL).toBe('registered');
    caller = await openCaller(browser, app.kamailio(), '+14165550115', (page) => traceSip(page, 'caller-offered'));
    await caller.dial(campaignNumber);
    await explained(lead.waitForURL(/\/inquiries\/call\/\d+/, { timeout: 30_000 }));
    const offeredId = Number(/\/inquiries\/call\/(\d+)/.exec(lead.url())?.[1]);
    await expect.poll(() => phoneState(lead), POLL).toBe('incoming');
    await lead.waitForTimeout(7000);
    expect(await phoneState(lead)).toBe('incoming');
    expect(await callData(lead, offeredId)).toMatchObject({ status: 'offered', agent_id: leadMe.id });
    expect(await caller.state()).toBe('calling');
    await screenshot(lead, 'softphone-lead-offered');
    // The caller gives up; the lead is free again.
    await caller.hangUp();
    await expect.poll(() => phoneState(lead), POLL).toMatch(/ended|registered/);
    await caller.page.context().close();
    await expect.poll(() => statusName(lead), POLL).toBe('ready');

    // Waiting: nobody is Ready; the lead, in Escalation (the phone stays registered, no calls are offered), opens the
    // waiting call from the campaign status's waiting calls and picks it up on its page.
    await setStatus(lead, 'escalation');
    await lead.goto('/inquiries/all_calls');
    await expect.poll(() => phoneState(lead), POLL).toBe('registered');
    caller = await openCaller(browser, app.kamailio(), '+14165550116', (page) => traceSip(page, 'caller-waiting'));
    await caller.dial(campaignNumber);
    const waitingCall = async () => {
      const board = await api<{ snapshot: { waiting: { call_id: number; campaign_id: number }[] } }>(
        lead,
        'POST',
        '/api/dashboards/campaign_status_report',
        { campaigns: [campaignId as number] },
      );
      return board.json.snapshot.waiting.find((call) => call.call_id > offeredId)?.call_id ?? null;
    };
    await explained(expect.poll(waitingCall, POLL).not.toBeNull());
    const callId = (await waitingCall()) as number;
    expect((await callData(lead, callId)).status).toBe('queued');
    await lead.getByTestId('nav-agent-state').click();
    await lead.getByTestId('live-filter-campaigns').getByRole('combobox').click();
    await lead.getByRole('option', { name: campaign.json.campaign?.name, exact: true }).click();
    await lead.keyboard.press('Escape');
    await lead
      .locator(`[data-testid="campaign-status-row"][data-id="${campaignId}"]`)
      .getByTestId('open-waiting-calls')
      .click();
    await lead.getByRole('dialog', { name: /^Waiting calls/ }).waitFor();
    await screenshot(lead, 'softphone-waiting-calls');
    await lead.locator(`[data-testid="waiting-call"][data-id="${callId}"]`).getByTestId('waiting-call-open').click();
    await lead.waitForURL(`**/inquiries/call/${callId}`);
    const pickup = lead.getByTestId('call-pickup');
    await expect.poll(() => pickup.isEnabled(), POLL).toBe(true);
    await screenshot(lead, 'softphone-pickup');
    await pickup.click();
    const pickedAt = Date.now();
    await explained(expect.poll(() => phoneState(lead), { timeout: 10_000, interval: 50 }).toBe('in_progress'));
    // Answered 1 ms after the INVITE: no agent's 5 s wait (the INVITE's trip through Kamailio is the rest).
    expect(Date.now() - pickedAt).toBeLessThan(3000);
    await expect.poll(() => caller?.state(), POLL).toBe('confirmed');
    await expect.poll(() => audioPacketsReceived(lead), POLL).toBeGreaterThan(0);
    await expect.poll(() => caller?.page && audioPacketsReceived(caller.page), POLL).toBeGreaterThan(0);
    await expect.poll(() => callData(lead, callId), POLL).toMatchObject({ status: 'talking', agent_id: leadMe.id });
    await screenshot(lead, 'softphone-picked-up');

    await lead.getByTestId('call-end').click();
    await expect.poll(() => caller?.state(), POLL).toBe('ended');
    await lead.getByTestId('after-call-form').waitFor();
    await chooseDisposition(lead);
    await lead.getByTestId('after-call-close').click();
    await expect.poll(() => callData(lead, callId).then((call) => call.status), POLL).toBe('ended');
    await caller?.page.context().close();
    caller = null;
  });
});

/*
 * The demo on real SIP (issue 14, item 4): an app of its own with the simulator on, so its callers reach no other
 * test. A person idle in Ready gets a real caller: SIPp dials one of their campaigns through Kamailio, its plain RTP
 * reaching the browser as WebRTC through rtpengine (telephony/demoCallers.mjs), and hangs up after the talk time.
 */
describe.runIf(IN_NAMESPACE)('people callers on real SIP (inside the namespace)', { timeout: 150_000 }, () => {
  const TALK_SECONDS = 8;
  let app: TelephonyApp;
  let browser: Browser;
  let agent: Page;

  beforeAll(async () => {
    app = await startTelephonyApp({ peopleCallers: { talkSeconds: TALK_SECONDS } });
    browser = await launchPhoneBrowser();
    agent = await signedInPhonePage(browser, app.baseUrl, 'agent@shiftline.test');
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  /** Waits for `step`; when it fails, says what the demo callers (SIPp, rtpengine), Kamailio and the app saw. */
  async function explained<T>(step: Promise<T>): Promise<T> {
    try {
      return await step;
    } catch (error) {
      await screenshot(agent, 'softphone-demo-caller-failure');
      throw new Error(
        `${(error as Error).message}\nphone ${await phoneState(agent)}, status ${await statusName(agent)}\n` +
          `demo callers:\n${app.demoCallers?.output()}\nKamailio:\n${app.kamailio().log().slice(-3000)}\n` +
          `app:\n${app.server.output().slice(-1500)}`,
      );
    }
  }

  it('an agent idle in Ready gets a caller: rings, answered after 5 s, audio; the caller hangs up; the form', async () => {
    // The phone registers once the agent is Ready (logged out, it is paused).
    await setStatus(agent, 'ready');
    const readyAt = Date.now();
    await agent.goto('/inquiries/all_calls');
    await expect.poll(() => phoneState(agent), POLL).toBe('registered');
    // Nobody has called yet: the simulator calls people only once they have been idle in Ready for 10 s.
    expect(app.demoCallers?.placed()).toEqual([]);
    // 10 s idle, a check every 5 s, then SIPp's INVITE through Kamailio and the app's router: about 15 s.
    await explained(agent.waitForURL(/\/inquiries\/call\/\d+/, { timeout: 40_000 }));
    await expect.poll(() => phoneState(agent), POLL).toBe('incoming');
    const rangAt = Date.now();
    expect(rangAt - readyAt).toBeGreaterThanOrEqual(10_000);
    const callId = Number(/\/inquiries\/call\/(\d+)/.exec(agent.url())?.[1]);
    expect(app.demoCallers?.placed()).toHaveLength(1);
    expect(app.demoCallers?.placed()[0]?.talkSeconds).toBe(TALK_SECONDS);
    await screenshot(agent, 'softphone-demo-caller-ringing');

    // Answered by itself after 5 s; the caller's tone arrives in the browser.
    await expect.poll(() => phoneState(agent), POLL).toBe('in_progress');
    expect(Date.now() - rangAt).toBeGreaterThan(3500);
    await expect.poll(() => callData(agent, callId).then((call) => call.status), POLL).toBe('talking');
    await expect.poll(() => audioPacketsReceived(agent), POLL).toBeGreaterThan(0);
    const answeredAt = Date.now();
    await screenshot(agent, 'softphone-demo-caller-talking');

    // The caller hangs up after its talk time: the after-call form, and the call is over on the caller's side.
    await explained(agent.getByTestId('after-call-form').waitFor({ timeout: (TALK_SECONDS + 20) * 1000 }));
    expect(Date.now() - answeredAt).toBeGreaterThan((TALK_SECONDS - 3) * 1000);
    await expect.poll(() => phoneState(agent), POLL).toMatch(/ended|registered/);
    await expect.poll(() => statusName(agent), POLL).toBe('after_call_work');
    // Only one caller for the one idle spell.
    expect(app.demoCallers?.placed()).toHaveLength(1);
    await screenshot(agent, 'softphone-demo-caller-after-call');
  });
});
