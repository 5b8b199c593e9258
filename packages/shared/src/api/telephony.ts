import { z } from 'zod';
import { idSchema } from './fields.js';

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
  /**
   * The agent takes calls on a desk phone (an administrator gave them one): the browser does not register (it would
   * take the phone's calls); the call page still opens on each call.
   */
  desk_phone: z.boolean(),
});
export type SoftphoneSettings = z.infer<typeof softphoneSettingsSchema>;

/*
 * The SIP server's questions to the app (Kamailio's http_client, every request carrying the shared secret in
 * SIP_SECRET_HEADER). Answers to /route are one plain line Kamailio's script splits on spaces.
 */

/** The header carrying the secret the app shares with the SIP server, on its requests to the app and back. */
export const SIP_SECRET_HEADER = 'X-Shiftline-Secret';

/** The longest the app holds a routing question while the call waits in the queue, before answering `wait`. */
export const SIP_ROUTE_HOLD_MAX_MS = 25_000;

const sipCallId = z.string().trim().min(1).max(256);
/** The app's call id as the SIP server echoes it back: empty until the app named one. */
const echoedCallId = z.union([z.literal(''), z.string().regex(/^\d{1,18}$/, 'must be a call id')]);

/** POST /api/telephony/sip/route: an INVITE asks where to go (first, and again while the call waits). */
export const sipRouteBodySchema = z.object({
  sip_call_id: sipCallId,
  /** The caller's number (From user). */
  from: z.string().max(128),
  /** The dialled number (request-URI user): a campaign's number, or an agent's extension after a transfer. */
  to: z.string().trim().min(1).max(128),
  referred_by: z.string().max(512).default(''),
  /** The INVITE's source address ($si): a campaign's number takes calls only from its trunk's addresses. */
  source: z.union([z.ipv4(), z.ipv6()]),
  call_id: echoedCallId.default(''),
  /** The token of the offer the SIP server rang last ('' before the first). */
  offer: z.string().max(64).default(''),
  /** The INVITE's CSeq number (the app cancels the ringing branch by Call-ID and CSeq). */
  cseq: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31),
  hold_ms: z.number().int().min(0).max(SIP_ROUTE_HOLD_MAX_MS),
  /** The offer Kamailio could not ring (the agent's phone has no reachable contact): missed at once. */
  unreachable: z.string().max(64).default(''),
  /** '1' when the INVITE came from the connection (or address) that registered the From extension. */
  bound: z.enum(['0', '1', '']).default(''),
});
export type SipRouteBody = z.infer<typeof sipRouteBodySchema>;

/** POST /api/telephony/sip/registration: an agent's phone registered, or its registration ended (any way). */
export const sipRegistrationBodySchema = z.object({
  extension: z.string().trim().min(1).max(64),
  registered: z.boolean(),
});

/** POST /api/telephony/sip/park: the ringing agent's branch failed; the caller waits for the next offer. */
export const sipParkBodySchema = z.object({
  sip_call_id: sipCallId,
  call_id: echoedCallId,
  offer: z.string().max(64).default(''),
  /** The SIP status the branch ended with (408 rang out, 486/603 declined, 487 cancelled). */
  status: z.number().int().min(0).max(699),
});

/** POST /api/telephony/sip/answered: the agent's phone answered (the dialog's first 2xx). */
export const sipAnsweredBodySchema = z.object({
  call_id: echoedCallId,
  sip_call_id: sipCallId,
  h_entry: z.number().int().min(0),
  h_id: z.number().int().min(0),
  /** The offer whose phone answered ('' when unknown). */
  offer: z.string().max(64).default(''),
});

/** POST /api/telephony/sip/hangup: a BYE in an answered dialog, from the caller or from the agent. */
export const sipHangupBodySchema = z.object({
  call_id: echoedCallId,
  sip_call_id: sipCallId.optional(),
  by: z.enum(['caller', 'agent']),
});

/** POST /api/telephony/sip/unanswered: the client of an agent's outbound call did not answer (the final status). */
export const sipUnansweredBodySchema = z.object({ call_id: echoedCallId, status: z.number().int().min(300).max(699) });

/** POST /api/telephony/sip/left: the caller cancelled before an agent answered. */
export const sipLeftBodySchema = z.object({ sip_call_id: sipCallId, call_id: echoedCallId.optional() });

/** POST /api/telephony/sip/transfer: the agent's phone sent REFER (blind or warm transfer). */
export const sipTransferBodySchema = z.object({
  call_id: echoedCallId,
  /** The Refer-To header: <sip:<extension>@<domain>...>. */
  refer_to: z.string().trim().min(1).max(512),
});

/**
 * POST /api/telephony/warm_transfer. Without agent_id: the asker (with an extension) asks the agent on the call to
 * bring them in. With agent_id: the agent on the call asks that agent of the call's campaign to join (an invitation
 * they accept with warm_transfer/accept, or decline).
 */
export const warmTransferBodySchema = z.strictObject({
  call_id: z.number().int().positive(),
  agent_id: idSchema.optional(),
});
/** POST /api/telephony/warm_transfer/accept: the invited agent accepts; the call's phone transfers the call to them. */
export const warmTransferAcceptBodySchema = z.strictObject({ call_id: z.number().int().positive() });
export const warmTransferAnswerSchema = z.object({ status: z.literal('ok') });
