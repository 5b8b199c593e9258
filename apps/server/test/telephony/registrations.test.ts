import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, kamailioInstalled, type RunningKamailio, sippInstalled } from '../../../../telephony/harness.mjs';
import { registerAgents, runSipp, type SippRun, scenario } from '../../../../telephony/sipp.mjs';
import { signedInRequests } from '../support/requests.js';
import { type TestApp } from '../support/testApp.js';
import { telephonyCentre } from './centre.js';
import { eventually as eventuallyOr, type KamailioApp, kamailioSaid, startKamailioApp } from './kamailioApp.js';

// Registrations that recover, no ghost calls, authenticated agent phones: real Kamailio and SIPp parties.
const installed = kamailioInstalled() && sippInstalled();
if (!installed) console.warn('Skipping the registration tests: kamailio and sipp are not installed.');

let t: TestApp;
let kamailio: RunningKamailio;
let running: KamailioApp | undefined;
let phones: SippRun;
let phonesPort: number;
let refusing: SippRun;
let refusingPort: number;
const { get, post } = signedInRequests(() => t);
const centre = telephonyCentre(() => t);
const secret = 'registrations-test-secret-0123456789';

const eventually = <T>(probe: () => Promise<T | null | undefined | false>, ms = 15_000) =>
  eventuallyOr(probe, { explain: () => kamailioSaid(kamailio), everyMs: 50, ms });

describe.skipIf(!installed)('registrations, ghost calls and agent phones through Kamailio', () => {
  beforeAll(async () => {
    running = await startKamailioApp({ kamailio: { secret }, sip: { reconcileEveryMs: 1000 } });
    ({ t, kamailio } = running);
    phonesPort = await freePort();
    phones = runSipp(['-sf', scenario('agent'), '-i', '127.0.0.1', '-p', String(phonesPort)]);
    refusingPort = await freePort();
    refusing = runSipp(['-sf', scenario('agent-refuses'), '-i', '127.0.0.1', '-p', String(refusingPort)]);
  });
  afterAll(async () => {
    await phones?.stop();
    await refusing?.stop();
    await running?.close();
  });

  async function credentials(agent: Awaited<ReturnType<typeof centre.agent>>) {
    const settings = (await get(agent, '/api/settings/get_settings')).json();
    return { extension: agent.extension as string, username: settings.token.username, password: settings.token.token };
  }

  const stateIs = (userId: number, state: string, ms = 5000) =>
    eventually(async () => ((await centre.stateOf(userId)) === state ? true : null), ms);

  /** A Ready agent whose phone (a SIPp listening on `phonePort`) is registered. */
  async function registeredAgent(campaignId: number, phonePort = phonesPort) {
    const agent = await centre.agent(campaignId, undefined, 'unregistered');
    await registerAgents(kamailio, [await credentials(agent)], phonePort);
    await post(agent, '/api/status/set_new_status', { status_name: 'ready' });
    // Technical issues until Kamailio's report of the registration arrives (then Ready, or ringing at once).
    await eventually(async () => ((await centre.stateOf(agent.userId)) !== 'technical_issues' ? true : null), 5000);
    return agent;
  }

  const dial = (number: string, talkMs: number, from = '+14165550144', extra: string[] = []) =>
    runSipp([
      `127.0.0.1:${kamailio.port}`,
      '-sf',
      scenario('caller'),
      '-s',
      number,
      '-key',
      'caller',
      from,
      '-i',
      '127.0.0.1',
      '-m',
      '1',
      '-d',
      String(talkMs),
      '-timeout',
      '30s',
      '-timeout_error',
      ...extra,
    ]);
  const callTo = (number: string) =>
    eventually(() => t.database.db.selectFrom('calls').selectAll().where('did', '=', number).executeTakeFirst());

  it('an agent whose phone unregisters while Ready is in Technical issues, and Ready again when it registers', async () => {
    const { id } = await centre.campaign();
    const agent = await registeredAgent(id);
    const phone = await credentials(agent);
    const unregister = runSipp([
      `${kamailio.host}:${kamailio.port}`,
      '-sf',
      scenario('unregister'),
      '-au',
      phone.username,
      '-ap',
      phone.password,
      '-key',
      'ext',
      phone.extension,
      '-key',
      'contact_port',
      String(phonesPort),
      '-i',
      kamailio.host,
      '-p',
      '0',
      '-m',
      '1',
      '-timeout',
      '10s',
      '-timeout_error',
    ]);
    expect((await unregister.done).code).toBe(0);
    await stateIs(agent.userId, 'technical_issues');
    // Ready needs a registered phone: chosen now, it waits in Technical issues.
    await post(agent, '/api/status/set_new_status', { status_name: 'ready' });
    expect(await centre.stateOf(agent.userId)).toBe('technical_issues');
    await registerAgents(kamailio, [phone], phonesPort);
    await stateIs(agent.userId, 'ready');
  });

  it('a phone that fails the offer (480) misses it at once: the caller reaches the next Ready agent; one missed offer; the agent is in Technical issues', async () => {
    const { id, number } = await centre.campaign();
    const broken = await registeredAgent(id, refusingPort);
    const next = await registeredAgent(id);
    const caller = dial(number, 500);
    const call = await callTo(number);
    const offeredAt = Date.now();
    const answered = await eventually(async () => {
      const row = await centre.callRow(call.id);
      return row.answered_at ? row : null;
    });
    expect(Date.now() - offeredAt).toBeLessThan(2000);
    expect(answered.agent_id).toBe(next.userId);
    expect(answered.missed).toBe(true);
    expect(await centre.stateOf(broken.userId)).toBe('technical_issues');
    expect((await caller.done).code).toBe(0);
    expect(kamailio.log()).not.toContain('Relay Failed');
  });

  it("a forged INVITE claiming a registered agent's extension from another address is refused with 403", async () => {
    const { id, number } = await centre.campaign();
    const agent = await registeredAgent(id);
    const forged = dial(number, 500, agent.extension as string);
    const result = await forged.done;
    expect(result.code).not.toBe(0);
    expect(kamailio.log()).toContain(`forged INVITE from ${agent.extension}`);
    // No call came of it.
    const calls = await t.database.db.selectFrom('calls').select('id').where('did', '=', number).execute();
    expect(calls).toEqual([]);
  });

  it("an agent's own phone dialling a number that is not their current outbound call is refused", async () => {
    const { id } = await centre.campaign();
    const agent = await centre.agent(id, undefined, 'unregistered');
    const dialFrom = await freePort();
    await registerAgents(kamailio, [await credentials(agent)], dialFrom);
    // From the very address its registration names, so the binding holds: the app refuses the number.
    const dialled = dial('+14165550199', 500, agent.extension as string, ['-p', String(dialFrom)]);
    const result = await dialled.done;
    expect(result.code).not.toBe(0);
    // An unregistered agent's extension may not dial at all.
    const other = await centre.agent(id, undefined, 'unregistered');
    expect((await dial('+14165550199', 500, other.extension as string).done).code).not.toBe(0);
  });

  it('the reconciliation ends a call whose dialog Kamailio no longer has, with the reason logged', async () => {
    const { id, number } = await centre.campaign();
    await registeredAgent(id);
    const caller = dial(number, 20_000);
    const call = await callTo(number);
    const leg = await eventually(() =>
      t.database.db
        .selectFrom('sip_legs')
        .select(['dialog_h_entry', 'dialog_h_id'])
        .where('call_id', '=', call.id)
        .where('dialog_h_entry', 'is not', null)
        .executeTakeFirst(),
    );
    // Answered first: the dialog exists in Kamailio as soon as the INVITE is forwarded, the answer comes after
    // (on a busy machine the check below would otherwise see a call still offered).
    await eventually(async () => ((await centre.callRow(call.id)).status === 'talking' ? true : null), 10_000);
    // The dialog ends inside Kamailio: no BYE passes its request route, so no report reaches the app.
    const response = await fetch(`${kamailio.kamailioUrl}/RPC`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Shiftline-Secret': secret },
      body: JSON.stringify({
        jsonrpc: '2.0',
        method: 'dlg.end_dlg',
        params: [leg.dialog_h_entry, leg.dialog_h_id],
        id: 1,
      }),
    });
    expect(response.ok).toBe(true);
    const ended = await eventually(async () => {
      const row = await centre.callRow(call.id);
      return row.status !== 'talking' ? row : null;
    }, 10_000);
    expect(ended.status).toBe('after_call');
    await caller.stop();
  });
});
