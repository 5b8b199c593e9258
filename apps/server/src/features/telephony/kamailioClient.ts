import { request } from 'node:http';
import { SIP_SECRET_HEADER } from '@shiftline/shared';

/**
 * The app's requests to the SIP server, over HTTP on its SIP TCP port with the shared secret: JSON-RPC (jsonrpcs)
 * to end dialogs, and the configuration's own routes to cancel a ringing branch and to continue a parked caller.
 */
export type KamailioClient = {
  /** Ends an answered dialog (BYE both ways): dlg.end_dlg. */
  endDialog: (hEntry: number, hId: number) => Promise<void>;
  /** Cancels the ringing agent branch of the caller's INVITE (the engine missed the offer). */
  cancelBranch: (sipCallId: string, cseq: number) => Promise<boolean>;
  /** Continues a caller parked between two agents with the next agent's extension. */
  continueParked: (sipCallId: string, extension: string, offer: string) => Promise<boolean>;
  /** Refuses a parked caller's INVITE (the call ended meanwhile). */
  rejectParked: (sipCallId: string) => Promise<boolean>;
  /** Drops one registration binding (a revoked desk phone's) from the location table: ul.rm_contact. */
  removeContact: (aor: string, contact: string) => Promise<void>;
  /** The SIP Call-IDs of every dialog Kamailio tracks (waiting, ringing or answered): dlg.list. */
  listDialogs: () => Promise<Set<string>>;
};

/**
 * Kamailio's HTTP is reached through node:http: fetch (undici, WHATWG) refuses SIP's ports 5060 and 5061 outright
 * ("bad port"), and 5060 is where Kamailio listens by default. A connection per request: Kamailio closes each one
 * after its reply (set_reply_close), so a kept-alive socket would only race its close.
 */
export function createKamailioClient(baseUrl: string, secret: string, timeoutMs = 3000): KamailioClient {
  const base = new URL(baseUrl);
  const segment = (value: string) => encodeURIComponent(value);

  /** One request; resolves with the status and the body (a few hundred bytes at most). */
  function ask(method: 'GET' | 'POST', path: string, body?: string): Promise<{ status: number; text: string }> {
    const headers: Record<string, string | number> = { [SIP_SECRET_HEADER]: secret };
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(body);
    }
    return new Promise((resolve, reject) => {
      const sent = request(
        {
          protocol: base.protocol,
          hostname: base.hostname,
          port: base.port,
          path,
          method,
          headers,
          agent: false,
          timeout: timeoutMs,
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            text += chunk;
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
          response.on('error', reject);
        },
      );
      sent.on('timeout', () => sent.destroy(new Error(`Kamailio did not answer ${path} within ${timeoutMs} ms`)));
      sent.on('error', reject);
      sent.end(body);
    });
  }

  async function get(path: string): Promise<boolean> {
    const { status } = await ask('GET', path);
    return status >= 200 && status < 300;
  }

  async function rpc<T>(method: string, params: unknown[]): Promise<T> {
    const { text } = await ask('POST', '/RPC', JSON.stringify({ jsonrpc: '2.0', method, params, id: 1 }));
    const answer = JSON.parse(text) as { result?: T; error?: { message?: string } };
    if (answer.error) throw new Error(`${method}: ${answer.error.message ?? 'failed'}`);
    return answer.result as T;
  }

  return {
    endDialog: async (hEntry, hId) => {
      await rpc('dlg.end_dlg', [hEntry, hId]);
    },
    removeContact: async (aor, contact) => {
      await rpc('ul.rm_contact', ['location', aor, contact]);
    },
    listDialogs: async () => {
      const dialogs = (await rpc<{ 'call-id'?: string }[] | null>('dlg.list', [])) ?? [];
      return new Set(dialogs.map((dialog) => dialog['call-id'] ?? ''));
    },
    cancelBranch: (sipCallId, cseq) => get(`/shiftline/cancel/${segment(sipCallId)}/${cseq}`),
    continueParked: (sipCallId, extension, offer) =>
      get(`/shiftline/continue/${segment(sipCallId)}/${segment(extension)}/${segment(offer)}`),
    rejectParked: (sipCallId) => get(`/shiftline/reject/${segment(sipCallId)}`),
  };
}
