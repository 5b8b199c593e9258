import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRtpEndpoint } from '../../telephony/rtpEndpoint.mjs';
import { runSipp, scenario } from '../../telephony/sipp.mjs';
import { api } from '../support/api.js';
import { screenshot, signIn } from '../support/browser.js';
import {
  audioPacketsReceived,
  IN_NAMESPACE,
  launchPhoneBrowser,
  recordPeerConnections,
  runInNetworkNamespace,
  startTelephonyApp,
  type TelephonyApp,
  telephonyMissing,
} from '../support/softphone.js';

/*
 * A carrier's call reaches a browser agent with audio both ways (issue 24): a SIPp caller offering plain RTP/AVP
 * (PCMU) from the carrier's address 127.0.0.2 dials a number of a trunk the administration made; Kamailio's rtpengine
 * turns it into WebRTC for the agent's browser. The carrier's media is this test's own RTP endpoint (SIPp signals):
 * it plays a tone and counts the browser's audio that comes back. A caller from an address the trunk does not allow
 * is refused. Runs inside its own network namespace, like the softphone tests.
 */

const THIS_FILE = fileURLToPath(import.meta.url);
const missing = telephonyMissing();
const POLL = { timeout: 20_000, interval: 250 };
const CARRIER = '127.0.0.2';
const STRANGER = '127.0.0.3';
const TRUNK_NUMBER = '+18885559901';

describe.skipIf(IN_NAMESPACE)('a carrier trunk call with audio', () => {
  it.skipIf(missing !== null)(
    `runs inside a private network namespace${missing ? ` (skipped: ${missing})` : ''}`,
    async () => {
      const run = await runInNetworkNamespace(THIS_FILE);
      const plain = stripVTControlCharacters(run.output);
      expect(plain).toMatch(/Tests\s+2 passed \| 1 skipped \(3\)/);
      expect(run.code).toBe(0);
    },
    300_000,
  );
});

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

  async function signedInPage(email: string): Promise<Page> {
    const context = await browser.newContext({ baseURL: app.baseUrl, viewport: { width: 1440, height: 900 } });
    context.setDefaultTimeout(20_000);
    await recordPeerConnections(context);
    const page = await context.newPage();
    await signIn(page, email);
    return page;
  }
  const phoneState = (page: Page) => page.getByTestId('softphone-state').getAttribute('data-state');

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
      await screenshot(agent, 'carrier-call-talking');
      // The caller hangs up after its talk time: the after-call form.
      await agent.getByTestId('after-call-form').waitFor({ timeout: 30_000 });
      expect((await caller.done).code).toBe(0);
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
