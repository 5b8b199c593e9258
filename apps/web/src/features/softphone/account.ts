import type { SoftphoneSettings } from '@shiftline/shared';
import type { SipAccount } from './sip/types';

/** New credentials are fetched this long before the old ones expire. */
export const REFRESH_BEFORE_EXPIRY_MS = 5 * 60_000;
/** Never sooner than this after the last fetch (a clock far off must not make the phone spin). */
export const MIN_REFRESH_DELAY_MS = 30_000;

/**
 * The SIP account get_settings describes, and when its credentials expire; null when it describes none (no
 * extension, or a simulated phone network). The extension is the part of `<unix expiry>:<extension>` after the colon.
 */
export function accountOf(settings: SoftphoneSettings): { account: SipAccount; expiresAt: number } | null {
  const { token, sip_domain: domain, websocket_proxy_url: websocketUrl } = settings;
  if (token === null || domain === null || websocketUrl === null) return null;
  const colon = token.username.indexOf(':');
  const extension = colon >= 0 ? token.username.slice(colon + 1) : token.username;
  const expiresAt = Date.parse(token.expires_at);
  if (extension === '' || Number.isNaN(expiresAt)) return null;
  return {
    account: { websocketUrl, domain, extension, username: token.username, password: token.token },
    expiresAt,
  };
}

/** How long until credentials expiring at `expiresAt` are fetched again. */
export function refreshDelay(expiresAt: number, now: number): number {
  return Math.max(MIN_REFRESH_DELAY_MS, expiresAt - REFRESH_BEFORE_EXPIRY_MS - now);
}
