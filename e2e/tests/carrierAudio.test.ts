import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRtpEndpoint } from '../../telephony/rtpEndpoint.mjs';
import { runSipp, scenario } from '../../telephony/sipp.mjs';
import { api } from '../support/api.js';
import { screenshot } from '../support/browser.js';
import {
  audioPacketsReceived,
  chooseDisposition,
  IN_NAMESPACE,
  launchPhoneBrowser,
  phoneState,
  runsInsideNamespace,
  signedInPhonePage,
  startTelephonyApp,
  type TelephonyApp,
} from '../support/softphone.js';

/*
 * A carrier's call reaches a browser agent with audio both ways (issue 24): a SIPp caller offering plain RTP/AVP
 * (PCMU) from the carrier's address 127.0.0.2 dials a number of a trunk the administration made; Kamailio's rtpengine
 * turns it into WebRTC for the agent's browser. The carrier's media is this test's own RTP endpoint (SIPp signals):
 * it plays a tone and counts the browser's audio that comes back. A caller from an address the trunk does not allow
 * is refused. Runs inside its own network namespace, like the softphone tests.
 */

const THIS_FILE = fileURLToPath(import.meta.url);
const POLL = { timeout: 20_000, interval: 250 };
const CARRIER = '127.0.0.2';
const STRANGER = '127.0.0.3';
const TRUNK_NUMBER = '+18885559901';

runsInsideNamespace(THIS_FILE, 'a carrier trunk call with audio', 3, 300_000);

/** RTP packets the page's newest live peer connection has sent (outbound-rtp audio). */
function audioPacketsSent(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const made = (window as unknown as { __peerConnections?: RTCPeerConnection[] }).__peerConnections ?? [];
    let best = 0;
    for (const connection of made) {
      if (connection.connectionState === 'closed') continue;
      (await connection.getStats()).forEach((report) => {
        if (report.type === 'outbound-rtp' && report.kind === 'audio') best = Math.max(best, report.packetsSent ?? 0);
      });
    }
    return best;
  });
}

describe.runIf(IN_NAMESPACE)('carrier trunk calls (inside the namespace)', { timeout: 120_000 }, () => {
  let app: TelephonyApp;
  let browser: Browser;
  let agent: Page;
  let admin: Page;
  let recordedCampaignId: number;

  const signedInPage = (email: string) => signedInPhonePage(browser, app.baseUrl, email);

  beforeAll(async () => {
    app = await startTelephonyApp();
    browser = await launchPhoneBrowser();
    agent = await signedInPage('agent@shiftline.test');
    admin = await signedInPage('admin@shiftline.test');
    // The agent's inbound campaign gets a number on a trunk that only the carrier's address may call.
    const me = await api<{ user: { id: number } }>(agent, 'GET', '/api/auth/me');
    const campaigns = await api<{ id: number; is_disabled: boolean }[]>(
      admin,
      'GET',
      `/api/dashboards/user-campaigns-popup/${me.json.user.id}`,
    );
    const enabled = new Set(campaigns.json.filter((entry) => !entry.is_disabled).map((entry) => entry.id));
    let campaignId: number | null = null;
    for (let index = 0; index < 60 && campaignId === null; index += 1) {
      const phone = `+1888555${String(1000 + index).padStart(4, '0')}`;
      const found = await api<{ campaign: { id: number; type: string } | null }>(
        agent,
        'POST',
        '/api/inquiries/get_campaign_by_phone_number',
        { phone },
      );
      const campaign = found.json.campaign;
      if (campaign?.type === 'inbound' && enabled.has(campaign.id)) campaignId = campaign.id;
    }
    expect(campaignId).not.toBeNull();
    recordedCampaignId = campaignId as number;
    // The campaign records its calls (the administration's campaign form, through its API).
    const campaign = await api<Record<string, unknown>>(admin, 'GET', `/api/admin/campaigns/${campaignId}`);
    const { id: _id, ...fields } = campaign.json;
    const edited = await api(admin, 'POST', `/api/admin/campaigns/${campaignId}`, { ...fields, record_calls: true });
    expect(edited.status, JSON.stringify(edited.json)).toBe(200);
    const trunk = await api(admin, 'POST', '/api/admin/trunks', {
      name: 'Carrier on 127.0.0.2',
      source_addresses: [CARRIER],
      numbers: [{ phone: TRUNK_NUMBER, campaign_id: campaignId }],
      outbound_address: null,
      auth_username: null,
      caller_ids: [],
    });
    expect(trunk.status).toBe(201);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it("a carrier's plain-RTP caller reaches a browser agent: answered after 5 s, audio both ways", async () => {
    await api(agent, 'POST', '/api/status/set_new_status', { status_name: 'ready' });
    await agent.goto('/inquiries/all_calls');
    await expect.poll(() => phoneState(agent), POLL).toBe('registered');
    const media = await startRtpEndpoint(CARRIER);
    const kamailio = app.kamailio();
    const caller = runSipp([
      `${kamailio.host}:${kamailio.port}`,
      '-sf',
      scenario('carrier-caller'),
      '-s',
      TRUNK_NUMBER,
      '-key',
      'caller',
      '+14165550188',
      '-key',
      'rtp_ip',
      CARRIER,
      '-key',
      'rtp_port',
      String(media.port),
      '-i',
      CARRIER,
      '-p',
      '0',
      '-m',
      '1',
      '-d',
      '12000',
      '-timeout',
      '60s',
      '-timeout_error',
    ]);
    try {
      await agent.waitForURL(/\/inquiries\/call\/\d+/, { timeout: 20_000 });
      await expect.poll(() => phoneState(agent), POLL).toBe('in_progress');
      // The browser hears the carrier's tone, and the carrier hears the browser's microphone, through rtpengine.
      await expect.poll(() => audioPacketsReceived(agent), POLL).toBeGreaterThan(100);
      await expect.poll(() => media.received(), POLL).toBeGreaterThan(100);
      expect(await audioPacketsSent(agent)).toBeGreaterThan(100);
      expect(media.sent()).toBeGreaterThan(100);
      // The call is recorded: the agent pauses the recording for a card number, then resumes it.
      const control = agent.getByTestId('recording-control');
      await expect.poll(() => control.getAttribute('data-paused'), POLL).toBe('false');
      await screenshot(agent, 'carrier-call-talking');
      await agent.getByTestId('recording-pause').click();
      await expect.poll(() => control.getAttribute('data-paused'), POLL).toBe('true');
      await screenshot(agent, 'carrier-call-recording-paused');
      await agent.waitForTimeout(1500);
      await agent.getByTestId('recording-resume').click();
      await expect.poll(() => control.getAttribute('data-paused'), POLL).toBe('false');
      // The caller hangs up after its talk time: the after-call form, which the agent closes (the call ends).
      await agent.getByTestId('after-call-form').waitFor({ timeout: 30_000 });
      expect((await caller.done).code).toBe(0);
      await chooseDisposition(agent);
      await agent.getByTestId('after-call-close').click();
      await agent.waitForURL('**/inquiries/all_calls');
    } catch (error) {
      throw new Error(
        `${(error as Error).message}\ncarrier media: ${media.received()} in, ${media.sent()} out\n` +
          `SIPp:\n${caller.output().slice(-2000)}\nKamailio:\n${kamailio.log().slice(-3000)}`,
      );
    } finally {
      await caller.stop();
      media.close();
    }
  });

  it("the administrator plays the call's recording from the call log: as long as the talk, the pause noted", async () => {
    const calls = await api<{ items: { id: string; campaign_id: number; talk_seconds: number }[] }>(
      admin,
      'GET',
      `/api/tables/call_log?page=1&sortBy=queued_at&sortDesc=true`,
    );
    const call = calls.json.items.find((row) => row.campaign_id === recordedCampaignId);
    expect(call).toBeDefined();
    // Playable a few seconds after the hang-up (the recorder's files become one WAV).
    await expect
      .poll(async () => {
        const listed = await api<{ recordings: { status: string; failure: string | null }[] }>(
          admin,
          'GET',
          `/api/calls/${call?.id}/recordings`,
        );
        const recording = listed.json.recordings[0];
        return recording?.status === 'failed' ? `failed: ${recording.failure}` : recording?.status;
      }, POLL)
      .toBe('ready');
    await admin.goto('/tables/call_log');
    const cell = admin.getByRole('button', { name: new RegExp(`recording of call ${call?.id} `) });
    await cell.waitFor();
    await cell.click();
    const dialog = admin.getByTestId('recordings-dialog');
    const audio = dialog.getByTestId('call-recording-audio');
    await audio.waitFor();
    const seconds = await audio.evaluate(
      (element: HTMLAudioElement) =>
        new Promise<number>((resolve, reject) => {
          if (element.readyState >= 1) resolve(element.duration);
          element.addEventListener('loadedmetadata', () => resolve(element.duration));
          element.addEventListener('error', () => reject(new Error('the recording did not load')));
        }),
    );
    const row = await api<{ recordings: { duration_ms: number }[] }>(admin, 'GET', `/api/calls/${call?.id}/recordings`);
    expect(Math.abs(seconds * 1000 - (row.json.recordings[0]?.duration_ms ?? 0))).toBeLessThan(100);
    expect(Math.abs(seconds - (call?.talk_seconds ?? 0))).toBeLessThan(1);
    const pauses = dialog.getByTestId('call-recording-pause');
    expect(await pauses.count()).toBe(1);
    expect(await pauses.textContent()).toMatch(/^Paused by .+ from 0:\d\d to 0:\d\d/);
    await screenshot(admin, 'call-log-recording');
  });

  it('a caller from an address the trunk does not allow is refused (403)', async () => {
    const kamailio = app.kamailio();
    const stranger = runSipp([
      `${kamailio.host}:${kamailio.port}`,
      '-sf',
      scenario('caller-refused'),
      '-s',
      TRUNK_NUMBER,
      '-key',
      'caller',
      '+14165550199',
      '-i',
      STRANGER,
      '-p',
      '0',
      '-m',
      '1',
      '-timeout',
      '20s',
      '-timeout_error',
    ]);
    const result = await stranger.done;
    expect(result.code, result.output.slice(-1500)).toBe(0);
  });
});
