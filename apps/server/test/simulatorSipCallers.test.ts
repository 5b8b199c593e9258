import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningDemoCallers, startDemoCallers } from '../../../telephony/demoCallers.mjs';
import { rtpengineInstalled, sippInstalled } from '../../../telephony/harness.mjs';
import { demoCallersClient } from '../src/simulator/index.js';

// The launcher's "place a caller" endpoint (telephony/demoCallers.mjs), which the simulator posts to on real SIP:
// refused without the shared secret or with bad fields; a good request starts a SIPp caller. No Kamailio here (the
// browser test in e2e/tests/softphone.test.ts runs the whole call), so the caller's INVITE goes nowhere.
const SECRET = 'demo-callers-secret-16+';
let callers: RunningDemoCallers;

describe.skipIf(!rtpengineInstalled() || !sippInstalled())('the demo callers endpoint', () => {
  beforeAll(async () => {
    // A port nothing listens on: the SIPp caller's INVITE is lost, which this test does not look at.
    callers = await startDemoCallers({ kamailio: { host: '127.0.0.1', port: 9 }, secret: SECRET, talkSeconds: 2 });
  }, 30_000);

  afterAll(async () => {
    await callers?.stop();
  });

  const post = (body: unknown, secret = SECRET) =>
    fetch(callers.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Shiftline-Secret': secret },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  it('refuses a request without the shared secret, and bad fields with the field named', async () => {
    const good = { number: '+18885551000', caller: '+14165550100', talk_seconds: 30 };
    expect((await post(good, 'wrong-secret-of-the-same-size')).status).toBe(403);
    for (const [body, field] of [
      ['not json', 'body'],
      [{ ...good, number: 'sip:evil@example.org' }, 'number'],
      [{ ...good, caller: '' }, 'caller'],
      [{ ...good, talk_seconds: 0 }, 'talk_seconds'],
      [{ ...good, talk_seconds: '30' }, 'talk_seconds'],
    ] as const) {
      const response = await post(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { error: { field: string } }).error.field).toBe(field);
    }
    expect(callers.placed()).toEqual([]);
  });

  it('places a caller through the app’s client, with the launcher’s talk time when it sets one', async () => {
    await demoCallersClient(callers.url, SECRET)({ number: '+18885551000', caller: '+14165550100', talkSeconds: 240 });
    expect(callers.placed()).toEqual([{ number: '+18885551000', caller: '+14165550100', talkSeconds: 2 }]);
    await expect(
      demoCallersClient(callers.url, 'another-secret-16-chars')({ number: '1', caller: '2', talkSeconds: 1 }),
    ).rejects.toThrow(/403/);
  });
});
