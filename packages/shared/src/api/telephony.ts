import { z } from 'zod';

/*
 * The softphone's contract with the server (operations spec §7 Settings, §9): where the SIP server is and the
 * short-lived credentials to register there. No SIP password is stored: the server signs the username with a secret
 * it shares with the SIP server (Kamailio's auth_ephemeral), and the pair expires after SIP_REGISTRATION_EXPIRY_SECONDS.
 */

/** Softphone registration expiry (spec §9: 28800 s); the credentials live as long. */
export const SIP_REGISTRATION_EXPIRY_SECONDS = 28_800;

/** The SIP header carrying the engine's call id on every INVITE the SIP server sends to an agent's softphone. */
export const SIP_CALL_ID_HEADER = 'X-Shiftline-Call-Id';

export const softphoneSettingsSchema = z.object({
  /**
   * The ephemeral SIP credentials: `username` is `<unix expiry>:<extension>` and `token` its password, valid until
   * `expires_at` (ISO). Null when the user has no extension or telephony is not configured.
   */
  token: z
    .object({
      token: z.string(),
      username: z.string(),
      expires_at: z.string(),
    })
    .nullable(),
  /** The SIP domain users register under: an agent's address is sip:<extension>@<sip_domain>. */
  sip_domain: z.string().nullable(),
  sip_port: z.number().int().nullable(),
  /** The SIP-over-WebSocket address; null when the phone network is simulated (no softphone is loaded). */
  websocket_proxy_url: z.string().nullable(),
});
export type SoftphoneSettings = z.infer<typeof softphoneSettingsSchema>;
