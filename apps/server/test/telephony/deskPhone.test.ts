import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { baresipInstalled, type RunningBaresip, startBaresip } from '../../../../telephony/baresip.mjs';
import { kamailioInstalled, kamailioRpc, type RunningKamailio, sippInstalled } from '../../../../telephony/harness.mjs';
import { startRtpEndpoint } from '../../../../telephony/rtpEndpoint.mjs';
import { signedInRequests } from '../support/requests.js';
import { demoEmail, login, type Session, type TestApp } from '../support/testApp.js';
import { telephonyCentre } from './centre.js';
import {
  carrierCaller,
  eventually as eventuallyOr,
  type KamailioApp,
  kamailioSaid,
  sippMessages,
  startKamailioApp,
} from './kamailioApp.js';

// A desk phone on real SIP: Debian's baresip registers an agent's extension with the device credentials the
// administration gave (Kamailio asks the app for the HA1), takes a SIPp caller's call routed to that agent (it answers
// at once), and after the device is revoked its registration is gone and its next REGISTER is refused.

const installed = kamailioInstalled() && sippInstalled() && baresipInstalled();
const secret = 'kamailio-desk-phone-secret-0123456789';
let t: TestApp;
let kamailio: RunningKamailio;
let running: KamailioApp | undefined;
let admin: Session;
let phone: RunningBaresip | null = null;
const { get, post } = signedInRequests(() => t);
const centre = telephonyCentre(() => t);

const eventually = <T>(probe: () => Promise<T | null | undefined | false>, ms = 15_000) =>
  eventuallyOr(probe, { explain: () => `${kamailioSaid(kamailio)}\nbaresip:\n${phone?.log().slice(-3000)}`, ms });

/** The contacts Kamailio's location table has for an extension (JSON-RPC ul.lookup; none: []). */
async function contactsOf(extension: string): Promise<string[]> {
  // An extension with no contact is an error answer ("AOR not found").
  const result = (await kamailioRpc(kamailio.kamailioUrl, secret, 'ul.lookup', ['location', extension]).catch(
    () => null,
  )) as { Contacts?: { Contact: { Address: string } }[] } | null;
  return (result?.Contacts ?? []).map((contact) => contact.Contact.Address);
}

describe.skipIf(!installed)('a desk phone (baresip) through Kamailio', () => {
  beforeAll(async () => {
    running = await startKamailioApp({ kamailio: { secret } });
    ({ t, kamailio } = running);
    admin = await login(t.app, demoEmail('administrator'));
  });
  afterEach(async () => {
    await phone?.stop();
    phone = null;
  });
  afterAll(async () => {
    await running?.close();
  });

  it('registers with its device credentials, answers a routed call, and is refused once revoked', async () => {
    const { id: campaignId, number } = await centre.campaign();
    const agent = await centre.agent(campaignId);
    const extension = agent.extension as string;
    const added = await post(admin, `/api/admin/users/${agent.userId}/desk_phones`, { name: 'baresip' });
    expect(added.statusCode, added.body).toBe(201);
    const { device, credentials } = added.json();
    // The agent's browser is told not to register (the desk phone takes the calls).
    expect((await get(agent, '/api/settings/get_settings')).json()).toMatchObject({ desk_phone: true, token: null });

    const account = {
      extension,
      domain: '127.0.0.1',
      registrar: `127.0.0.1:${kamailio.port}`,
      username: credentials.username,
      password: credentials.password,
    };
    phone = await startBaresip(account);
    // Registered: Kamailio has its contact, and told the app (the device list shows when).
    await eventually(async () => (await contactsOf(extension)).length === 1);
    await eventually(async () => {
      const listed = (await get(admin, `/api/admin/users/${agent.userId}/desk_phones`)).json();
      return listed.devices[0]?.last_registered_at !== null;
    });

    await post(agent, '/api/status/set_new_status', { status_name: 'ready' });
    // A carrier's caller whose media (plain RTP, a tone) is this test's own endpoint; Kamailio's rtpengine relays it.
    const media = await startRtpEndpoint('127.0.0.1');
    const caller = carrierCaller(kamailio, { number, from: '+14165550166', mediaPort: media.port, talkMs: 3000 });
    // The agent's call is on: talking while the caller talks to the phone, then after-call work once the caller hangs up.
    const talking = await eventually(async () => {
      const row = await t.database.db.selectFrom('calls').selectAll().where('did', '=', number).executeTakeFirst();
      return row?.status === 'talking' ? row : null;
    });
    expect(talking.agent_id).toBe(agent.userId);
    expect(await centre.stateOf(agent.userId)).toBe('on_call');
    const result = await caller.done;
    media.close();
    expect(result.code, `${sippMessages(result.output)}\n${kamailio.log().slice(-2000)}`).toBe(0);
    // baresip answered the INVITE itself (its 200 OK with its SDP) and saw the caller's BYE.
    expect(phone.log()).toMatch(/SIP\/2\.0 200 OK[\s\S]*m=audio \d+ RTP\/AVP 0/);
    await phone.waitFor(/BYE sip:/);
    // Audio both ways through rtpengine for the 3 s talk (50 packets a second): the phone's microphone (a tone) reached
    // the caller's media end, and the caller's tone reached the phone (baresip's RTP statistics: sent, received).
    expect(media.received()).toBeGreaterThanOrEqual(75);
    expect(media.sent()).toBeGreaterThanOrEqual(75);
    await phone.waitFor(/packets:\s+\d+\s+\d+/);
    const [, sent, received] = (/packets:\s+(\d+)\s+(\d+)/.exec(phone.log()) ?? []).map(Number);
    expect(sent).toBeGreaterThanOrEqual(75);
    expect(received).toBeGreaterThanOrEqual(75);
    const ended = await eventually(async () => {
      const row = await t.database.db.selectFrom('calls').selectAll().where('id', '=', talking.id).executeTakeFirst();
      return row?.status === 'after_call' ? row : null;
    });
    expect(ended.answered_at).not.toBeNull();

    // Revoked: its registration is dropped at once, and its next REGISTER is refused.
    expect((await post(admin, `/api/admin/desk_phones/${device.id}/delete`)).statusCode).toBe(200);
    expect(await contactsOf(extension)).toEqual([]);
    await phone.stop();
    phone = await startBaresip(account);
    await phone.waitFor(/SIP\/2\.0 403 Forbidden/);
    expect(await contactsOf(extension)).toEqual([]);
    expect(kamailio.log()).not.toMatch(/Relay Failed/);
  });
});
