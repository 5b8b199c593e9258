import { z } from 'zod';
import { toE164 } from '../live/phone.js';
import { idSchema, idTextSchema, textSchema } from './fields.js';

/*
 * Carrier trunks and desk phones (issue 24 items 3 and 7), managed by the administration (admin.manage). A trunk's
 * digest password is write-only: the API says whether one is set, never what it is. A desk phone's password is shown
 * once, when the device is added; the server keeps only its HA1.
 */

/** The most source addresses, numbers or campaign caller IDs one trunk form may send. */
export const MAX_TRUNK_ITEMS = 500;

const trunkNameSchema = textSchema()
  .trim()
  .min(1, { error: 'is required' })
  .max(100, { error: 'must be at most 100 characters' });

/** An IPv4/IPv6 address or CIDR range (a carrier's signalling addresses). */
export const sourceAddressSchema = z
  .string()
  .trim()
  .max(64, { error: 'must be at most 64 characters' })
  .pipe(
    z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], {
      error: 'must be an IPv4 or IPv6 address or CIDR range (203.0.113.10, 198.51.100.0/24, 2001:db8::/32)',
    }),
  );

/** A phone number in E.164 (written with or without '+', stored with it). */
export const e164Schema = z
  .string({ error: 'must be a phone number' })
  .max(32, { error: 'must be at most 32 characters' })
  .transform((text, context) => {
    const number = toE164(text);
    if (number === null) {
      context.addIssue({ code: 'custom', message: 'must be a valid phone number in E.164 (+14165550123)' });
      return z.NEVER;
    }
    return number;
  });

/** host:port of the carrier's SIP side: a name or IPv4 address, or [IPv6]; port 1-65535. */
export const sipAddressSchema = z
  .string()
  .trim()
  .max(255, { error: 'must be at most 255 characters' })
  .regex(/^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,62})(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}))*|\[[0-9A-Fa-f:.]+\]):\d{1,5}$/, {
    error: 'must be host:port (sip.carrier.example:5060, 203.0.113.10:5060 or [2001:db8::1]:5060)',
  })
  .refine((address) => {
    const port = Number(address.slice(address.lastIndexOf(':') + 1));
    return port >= 1 && port <= 65_535;
  }, 'must have a port from 1 to 65535');

/** Digest credentials travel in Kamailio's one-line answer: printable ASCII without spaces. */
const credentialSchema = (max: number) =>
  z
    .string()
    .max(max, { error: `must be at most ${max} characters` })
    .regex(/^[\x21-\x7e]+$/, { error: 'must be printable characters without spaces' });

export const trunkNumberSchema = z.strictObject({ phone: e164Schema, campaign_id: idSchema });
export const trunkCallerIdSchema = z.strictObject({ campaign_id: idSchema, caller_id: e164Schema });

/**
 * A trunk as the administration writes it. `auth_password`: a new password; omitted keeps the stored one, null
 * clears it.
 */
export const trunkBodySchema = z.strictObject({
  name: trunkNameSchema,
  source_addresses: z
    .array(sourceAddressSchema, { error: 'must be a list of addresses' })
    .max(MAX_TRUNK_ITEMS, { error: `must have at most ${MAX_TRUNK_ITEMS} addresses` }),
  numbers: z
    .array(trunkNumberSchema, { error: 'must be a list of numbers' })
    .max(MAX_TRUNK_ITEMS, { error: `must have at most ${MAX_TRUNK_ITEMS} numbers` }),
  outbound_address: sipAddressSchema.nullable(),
  auth_username: credentialSchema(128).nullable(),
  auth_password: credentialSchema(128).nullable().optional(),
  /** The caller ID each campaign presents on its outbound calls through this trunk (one trunk per campaign). */
  caller_ids: z
    .array(trunkCallerIdSchema, { error: 'must be a list of campaign caller IDs' })
    .max(MAX_TRUNK_ITEMS, { error: `must have at most ${MAX_TRUNK_ITEMS} campaigns` }),
});
export type TrunkBody = z.input<typeof trunkBodySchema>;

/** A trunk's form data (GET /api/admin/trunks/:id): the password only as whether one is set. */
export const adminTrunkSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  source_addresses: z.array(z.string()),
  numbers: z.array(z.object({ phone: z.string(), campaign_id: z.number().int() })),
  outbound_address: z.string().nullable(),
  auth_username: z.string().nullable(),
  has_password: z.boolean(),
  caller_ids: z.array(z.object({ campaign_id: z.number().int(), caller_id: z.string() })),
});
export type AdminTrunk = z.infer<typeof adminTrunkSchema>;

/** Adding a desk phone: a name the administrator knows it by ('Desk 12, Yealink T54W'). */
export const deskPhoneBodySchema = z.strictObject({
  name: textSchema().trim().min(1, { error: 'is required' }).max(100, { error: 'must be at most 100 characters' }),
});
export type DeskPhoneBody = z.input<typeof deskPhoneBodySchema>;

export const deskPhoneSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  created_at: z.string(),
  last_registered_at: z.string().nullable(),
});
export type DeskPhone = z.infer<typeof deskPhoneSchema>;

export const deskPhoneListSchema = z.object({ devices: z.array(deskPhoneSchema) });

/** The one answer that shows a desk phone's password: what to type into the phone. */
export const deskPhoneCreatedSchema = z.object({
  status: z.literal('ok'),
  device: deskPhoneSchema,
  /** The SIP account: register sip:<extension>@<sip_domain> with this username and password. */
  credentials: z.object({
    username: z.string(),
    password: z.string(),
    extension: z.string(),
    sip_domain: z.string().nullable(),
    sip_server: z.string().nullable(),
  }),
});
export type DeskPhoneCreated = z.infer<typeof deskPhoneCreatedSchema>;

/** POST /api/telephony/sip/device: Kamailio asks for a desk phone's HA1 and extension by its username. */
export const sipDeviceBodySchema = z.object({ username: textSchema().trim().min(1).max(128) });
/** POST /api/telephony/sip/device_registered: a desk phone's REGISTER was accepted. */
export const sipDeviceRegisteredBodySchema = z.object({
  username: textSchema().trim().min(1).max(128),
  /** The Contact URI it registered. */
  contact: textSchema().max(1024),
});

/*
 * A campaign's numbers, edited from the campaign form (issue 25 item 1): each change its own call, so a move from
 * another campaign is one confirmed step. A number belongs to one campaign; the trunk it arrives on is optional
 * (without one it takes no SIP calls; the simulated network still reaches it).
 */
export const campaignNumberBodySchema = z.strictObject({
  phone: e164Schema,
  trunk_id: idSchema.nullable(),
  /** The number is another campaign's: true moves it here (its next calls reach this campaign). */
  move: z.boolean({ error: 'must be true or false' }).optional(),
});
export type CampaignNumberBody = z.input<typeof campaignNumberBodySchema>;

/** Changing the trunk a campaign's number arrives on (null: none, no SIP calls). */
export const campaignNumberTrunkBodySchema = z.strictObject({ trunk_id: idSchema.nullable() });
export type CampaignNumberTrunkBody = z.input<typeof campaignNumberTrunkBodySchema>;

/** /api/admin/campaigns/:id/numbers/:phone: the phone as E.164, URL-encoded ('%2B14165550123'). */
export const campaignNumberParamsSchema = z.object({ id: idTextSchema, phone: e164Schema });

/** GET /api/admin/campaigns/:id/numbers: its numbers with their trunks, and the trunks to choose from. */
export const campaignNumbersSchema = z.object({
  numbers: z.array(
    z.object({ phone: z.string(), trunk_id: z.number().int().nullable(), trunk_name: z.string().nullable() }),
  ),
  trunks: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type CampaignNumbers = z.infer<typeof campaignNumbersSchema>;

/** Why a number may not reach a campaign: routing takes calls only for inbound campaigns. */
export const NUMBERS_ONLY_INBOUND = 'Only inbound campaigns take calls on numbers; make the campaign inbound first.';
