import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, kamailioInstalled, type RunningKamailio, sippInstalled } from '../../../../telephony/harness.mjs';
import { registerAgents, runSipp, scenario, startCarrier } from '../../../../telephony/sipp.mjs';
import { coldCallFixtures } from '../coldCalls/fixtures.js';
import { signedInRequests } from '../support/requests.js';
import { demoEmail, login, type Session, type TestApp } from '../support/testApp.js';
import { telephonyCentre } from './centre.js';
import { eventually as eventuallyOr, type KamailioApp, kamailioSaid, startKamailioApp } from './kamailioApp.js';

// Carrier trunks on real SIP: Kamailio asks the app whether the INVITE's source address may call a campaign number
// (SIPp callers from 127.0.0.2 and 127.0.0.3: the loopback network is all this machine's), and sends an agent's
// outbound call to the campaign's trunk with its caller ID, answering the carrier's challenge (a SIPp carrier that
// checks the digest with the trunk's password).

const installed = kamailioInstalled() && sippInstalled();
const secret = 'kamailio-trunks-secret-0123456789';
let t: TestApp;
let kamailio: RunningKamailio;
let running: KamailioApp | undefined;
let admin: Session;
const { get, post } = signedInRequests(() => t);
const centre = telephonyCentre(() => t);
const leads = coldCallFixtures(() => t);

const eventually = <T>(probe: () => Promise<T | null | undefined | false>, ms = 15_000) =>
  eventuallyOr(probe, { explain: () => kamailioSaid(kamailio), ms });

/** A SIPp caller at `source` dialling `number` with `flavour`'s scenario. */
const callFrom = (source: string, number: string, flavour: 'caller-refused' | 'caller-leaves', talkMs = 1500) =>
  runSipp([
    `127.0.0.1:${kamailio.port}`,
    '-sf',
    scenario(flavour),
    '-s',
    number,
    '-key',
    'caller',
    '+14165550155',
    '-i',
    source,
    '-p',
    '0',
    '-m',
    '1',
    '-d',
    String(talkMs),
    '-timeout',
    '20s',
    '-timeout_error',
  ]);

describe.skipIf(!installed)('carrier trunks through Kamailio', () => {
  beforeAll(async () => {
    running = await startKamailioApp({ kamailio: { secret } });
    ({ t, kamailio } = running);
    admin = await login(t.app, demoEmail('administrator'));
  });
  afterAll(async () => {
    await running?.close();
  });

  it('a caller from an address the trunk does not allow is refused with 403; one from its address is queued', async () => {
    const { id } = await centre.campaign();
    const number = '+14165550191';
    const trunk = await post(admin, '/api/admin/trunks', {
      name: 'Carrier at 127.0.0.2',
      source_addresses: ['127.0.0.2'],
      numbers: [{ phone: number, campaign_id: id }],
      outbound_address: null,
      auth_username: null,
      caller_ids: [],
    });
    expect(trunk.statusCode, trunk.body).toBe(201);

    const refused = await callFrom('127.0.0.3', number, 'caller-refused').done;
    expect(refused.code, `${refused.output.slice(-2000)}\n${kamailio.log().slice(-2000)}`).toBe(0);
    expect(await t.database.db.selectFrom('calls').select('id').where('did', '=', number).execute()).toEqual([]);

    // Nobody is free: the allowed caller waits in the queue, then hangs up (CANCEL) and abandons the call.
    const allowed = callFrom('127.0.0.2', number, 'caller-leaves');
    const queued = await eventually(() =>
      t.database.db.selectFrom('calls').selectAll().where('did', '=', number).executeTakeFirst(),
    );
    expect(queued).toMatchObject({ campaign_id: id, direction: 'inbound' });
    const left = await allowed.done;
    expect(left.code, left.output.slice(-2000)).toBe(0);
  });

  it("an agent's outbound call goes to the campaign's trunk with its caller ID and answers the carrier's challenge", async () => {
    const campaignId = await leads.campaign();
    const carrier = await startCarrier({ user: 'centre01', password: 'trunk-Pass.word', callerId: '+14165550100' });
    try {
      const trunk = await post(admin, '/api/admin/trunks', {
        name: 'Outbound carrier',
        source_addresses: ['127.0.0.1'],
        numbers: [],
        outbound_address: carrier.address,
        auth_username: 'centre01',
        auth_password: 'trunk-Pass.word',
        caller_ids: [{ campaign_id: campaignId, caller_id: '+1 416 555 0100' }],
      });
      expect(trunk.statusCode, trunk.body).toBe(201);

      const agent = await centre.agent(campaignId, undefined, 'unregistered');
      // The agent's phone registers from the port it dials from: only that phone may dial as the agent.
      const phonePort = await freePort();
      const settings = (await get(agent, '/api/settings/get_settings')).json();
      await registerAgents(
        kamailio,
        [{ extension: agent.extension as string, username: settings.token.username, password: settings.token.token }],
        phonePort,
      );
      await t.database.db
        .updateTable('users')
        .set({ agent_call_type: 'outbound' })
        .where('id', '=', agent.userId)
        .execute();
      await post(agent, '/api/status/set_new_status', { status_name: 'outbound_sales_calls' });
      // Technical issues until Kamailio's report of the registration arrives.
      await eventually(async () => (await centre.stateOf(agent.userId)) === 'outbound_sales_calls');
      const lead = await leads.lead(campaignId);
      const dialled = await post(agent, '/api/inquiries/cold_call', {
        abonent_number: lead.phone,
        cold_call_id: lead.id,
        check_simultaneous_calls: true,
      });
      expect(dialled.statusCode, dialled.body).toBe(200);
      const callId = String(dialled.json().call_id);

      // The agent's phone (a SIPp) dials the client; the carrier answers; the agent hangs up after 1 s.
      const phone = runSipp([
        `127.0.0.1:${kamailio.port}`,
        '-sf',
        scenario('caller'),
        '-s',
        lead.phone,
        '-key',
        'caller',
        agent.extension as string,
        '-i',
        '127.0.0.1',
        '-p',
        String(phonePort),
        '-m',
        '1',
        '-d',
        '1000',
        '-timeout',
        '20s',
        '-timeout_error',
      ]);
      const talked = await phone.done;
      expect(talked.code, `${talked.output.slice(-2000)}\n${kamailio.log().slice(-3000)}`).toBe(0);
      const heard = await carrier.done;
      expect(heard.code, `${heard.output.slice(-3000)}\n${kamailio.log().slice(-3000)}`).toBe(0);
      const call = await eventually(async () => {
        const row = await t.database.db.selectFrom('calls').selectAll().where('id', '=', callId).executeTakeFirst();
        return row?.status === 'after_call' ? row : null;
      });
      expect(call.answered_at).not.toBeNull();
    } finally {
      await carrier.stop();
    }
  });
});
