import { SIP_SECRET_HEADER } from '@shiftline/shared';

/** A scripted caller the launcher places on the real SIP network: it dials `number` as `caller` and talks a while. */
export type SipCallerRequest = { number: string; caller: string; talkSeconds: number };
export type PlaceSipCaller = (request: SipCallerRequest) => Promise<void>;

/**
 * Asks `npm run telephony`'s demo callers (telephony/demoCallers.mjs, at SIP_DEMO_CALLERS_URL, on loopback) to place
 * a call, with the secret shared with Kamailio. Rejects when the launcher refuses or does not answer in 5 s.
 */
export function demoCallersClient(url: string, secret: string): PlaceSipCaller {
  return async ({ number, caller, talkSeconds }) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SIP_SECRET_HEADER]: secret },
      body: JSON.stringify({ number, caller, talk_seconds: talkSeconds }),
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) throw new Error(`demo callers: ${response.status} ${(await response.text()).slice(0, 200)}`);
  };
}
