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

/** Renewal by the same credentials only while they last at least this long. */
const RENEW_MARGIN_MS = 60_000;

type KeeperDeps = {
  settings: () => Promise<SoftphoneSettings>;
  /** Registers with an account (a new one drops the old registration). */
  start: (account: SipAccount) => void;
  /** Registers again with the credentials it has. */
  register: () => void;
  /** Whether a call is on the phone: new credentials wait for its end. */
  busy: () => boolean;
  /** Whether the phone should be registered at all (not paused, not stopped). */
  wanted: () => boolean;
};

/**
 * Keeps the phone's ephemeral SIP credentials: fetches them, registers with them, fetches new ones before they expire
 * (REFRESH_BEFORE_EXPIRY_MS; a call going on is not cut, the refresh waits for its end) and decides how an expiring
 * registration is renewed.
 */
export class CredentialKeeper {
  private account: SipAccount | null = null;
  private expiresAt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly deps: KeeperDeps) {}

  /** Fetches credentials and registers with them; false when the server gives none (or the phone is not wanted). */
  async connect(): Promise<boolean> {
    if (!this.deps.wanted()) return false;
    try {
      const found = accountOf(await this.deps.settings());
      if (!found || !this.deps.wanted()) return false;
      this.account = found.account;
      this.expiresAt = found.expiresAt;
      this.deps.start(found.account);
      this.schedule();
      return true;
    } catch {
      return false;
    }
  }

  /** The registration is about to run out: renewed while the credentials last, else with new ones; false if neither. */
  async renew(): Promise<boolean> {
    if (this.account && this.expiresAt - Date.now() > RENEW_MARGIN_MS) {
      this.deps.register();
      return true;
    }
    return this.connect();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(): void {
    this.stop();
    this.timer = setTimeout(
      () => {
        this.timer = null;
        if (this.deps.busy()) {
          this.expiresAt = Math.max(this.expiresAt, Date.now());
          this.schedule();
          return;
        }
        // A refused fetch tries again (refreshDelay waits at least 30 s once the expiry has passed).
        void this.connect().then((ok) => {
          if (!ok && this.deps.wanted()) this.schedule();
        });
      },
      refreshDelay(this.expiresAt, Date.now()),
    );
  }
}
