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
  /** The SIP Call-IDs of every dialog Kamailio tracks (waiting, ringing or answered): dlg.list. */
  listDialogs: () => Promise<Set<string>>;
};

export function createKamailioClient(baseUrl: string, secret: string, timeoutMs = 3000): KamailioClient {
  const base = baseUrl.replace(/\/$/, '');
  const headers = { [SIP_SECRET_HEADER]: secret };
  const segment = (value: string) => encodeURIComponent(value);

  async function get(path: string): Promise<boolean> {
    const response = await fetch(`${base}${path}`, { headers, signal: AbortSignal.timeout(timeoutMs) });
    await response.arrayBuffer();
    return response.ok;
  }

  async function rpc<T>(method: string, params: unknown[]): Promise<T> {
    const response = await fetch(`${base}/RPC`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', method, params, id: 1 }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const answer = (await response.json()) as { result?: T; error?: { message?: string } };
    if (answer.error) throw new Error(`${method}: ${answer.error.message ?? 'failed'}`);
    return answer.result as T;
  }

  return {
    async endDialog(hEntry, hId) {
      await rpc('dlg.end_dlg', [hEntry, hId]);
    },
    async listDialogs() {
      const dialogs = (await rpc<{ 'call-id'?: string }[] | null>('dlg.list', [])) ?? [];
      return new Set(dialogs.map((dialog) => dialog['call-id'] ?? ''));
    },
    cancelBranch: (sipCallId, cseq) => get(`/shiftline/cancel/${segment(sipCallId)}/${cseq}`),
    continueParked: (sipCallId, extension, offer) =>
      get(`/shiftline/continue/${segment(sipCallId)}/${segment(extension)}/${segment(offer)}`),
    rejectParked: (sipCallId) => get(`/shiftline/reject/${segment(sipCallId)}`),
  };
}
