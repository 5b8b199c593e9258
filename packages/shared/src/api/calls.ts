import { z } from 'zod';
import { CALL_STATES } from '../live/callStates.js';
import { CAMPAIGN_TYPES } from './campaigns.js';
import { idSchema, idTextSchema, textSchema, unixSecondsSchema } from './fields.js';
import { e164Schema } from './trunks.js';

/*
 * The call handling contract (operations spec §3 call data, §7 Calls, Dispositions, Sales). One live call is one
 * inquiry: inquiry_id and current_call_id name the same row.
 */

const optionalText = (max: number) =>
  textSchema()
    .trim()
    .max(max, { error: `must be at most ${max} characters` });

export const callClientSchema = z.object({
  client_id: z.number().int().nullable(),
  client_phone: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  country: z.string(),
  address_line1: z.string().nullable(),
  address_line2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  /** As the agent wrote them ("5 ft 10", "72 kg"). */
  height: z.string().nullable(),
  weight: z.string().nullable(),
  blocked: z.boolean(),
});

/**
 * The call's lead (spec §3 Call data): the client's lead in the call's campaign. Product, service, source and sales
 * url are the lead list's columns of those names (custom fields), the source the list's name when it has none; the
 * status is the last call's disposition ('New' before any call); created: this call is the client's first.
 */
export const callLeadSchema = z.object({
  cold_call_id: z.number().int(),
  create_time: z.string(),
  status: z.string(),
  product: z.string().nullable(),
  service: z.string().nullable(),
  source: z.string().nullable(),
  sales_url: z.string().nullable(),
  created: z.boolean(),
});
export type CallLead = z.infer<typeof callLeadSchema>;

export const callbackInfoSchema = z.object({
  date_time: z.string(),
  user_name: z.string().nullable(),
  user_avatar: z.string().nullable(),
  user_role: z.string().nullable(),
  voice_mail: z.boolean(),
});

/** The campaign a call belongs to (or a dialled number reaches). */
const callCampaignSchema = z.object({ id: z.number().int(), name: z.string(), type: z.enum(CAMPAIGN_TYPES) });

/** A disposition an agent may choose, and the one chosen for a call. */
export const dispositionOptionSchema = z.object({ id: z.number().int(), title: z.string() });

/** The call page's data: GET /api/inquiries/:id/get_call_data, and the payload of newCallData. */
export const callDataSchema = callClientSchema.extend({
  inquiry_id: z.number().int(),
  current_call_id: z.number().int(),
  direction: z.enum(CAMPAIGN_TYPES),
  status: z.enum(CALL_STATES),
  campaign: callCampaignSchema,
  agent_id: z.number().int().nullable(),
  call_from_number: z.string().nullable(),
  queued_at: z.string(),
  offered_at: z.string().nullable(),
  answered_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  /**
   * The server ended this call when it restarted after a crash (what the crash left live), at the last instant the
   * crashed process was known alive (its heartbeat).
   */
  ended_by_restart: z.boolean(),
  notes: z.string(),
  disposition: dispositionOptionSchema.nullable(),
  transfer_type: z.string().nullable(),
  callback: callbackInfoSchema.nullable(),
  voice_mail: z.boolean(),
  missed: z.boolean(),
  /**
   * The viewer passed this call on to another agent (a transfer) and is in after-call work for their part of it: their
   * page shows the after-call form for that part (closing it moves only them). False for everyone else.
   */
  handed_over: z.boolean(),
  /** The statuses the after-call form offers the call's agent (from after-call work, for their call type). */
  after_call_statuses: z.array(z.object({ name: z.string(), title: z.string() })),
  /** The client's lead in the call's campaign; null when there is none (an inbound caller with no lead). */
  lead: callLeadSchema.nullable(),
});
export type CallData = z.infer<typeof callDataSchema>;

/** GET /api/inquiries/get_call_for_user: the agent's live call, or null. */
export const callForUserQuerySchema = z.object({ extension_id: optionalText(32).optional() });
export const callForUserSchema = z.object({ call: callDataSchema.nullable() });
export type CallForUser = z.infer<typeof callForUserSchema>;

export const serverTimeSchema = z.object({ server_time: z.string(), unix: z.number().int() });

/** Call-flow statuses the softphone reports (spec §4: ring, talk, hold, mute). */
export const FLOW_STATUSES = ['ring', 'talk', 'hold', 'mute'] as const;
export type FlowStatus = (typeof FLOW_STATUSES)[number];

/** POST /api/inquiries/call_data: the softphone reports a call-flow step of its call. */
export const callDataBodySchema = z.object({
  crm_call_id: idSchema,
  abonent_number: optionalText(32).optional(),
  dnis: optionalText(32).optional(),
  asterisk_call_id: optionalText(128).optional(),
  type: z.enum(['inbound', 'outbound'], { error: "must be 'inbound' or 'outbound'" }).optional(),
  flow_status: z.enum(FLOW_STATUSES, { error: `must be one of ${FLOW_STATUSES.join(', ')}` }),
  transfer_mode: optionalText(32).nullish(),
});
export type CallDataBody = z.infer<typeof callDataBodySchema>;

export const campaignByPhoneBodySchema = z.object({
  phone: textSchema()
    .trim()
    .min(3, { error: 'must be a phone number' })
    .max(32, { error: 'must be at most 32 characters' }),
});
export const campaignByPhoneSchema = z.object({
  campaign: callCampaignSchema.nullable(),
});

export const urlAnswerSchema = z.object({ url: z.string() });

export const setNotesBodySchema = z.object({
  notes: textSchema().max(10_000, { error: 'must be at most 10000 characters' }),
});

/** The client card's fields an agent may edit on the call page. */
export const updateClientBodySchema = z.object({
  first_name: optionalText(100),
  last_name: optionalText(100),
  email: z.union([z.literal(''), z.email({ error: 'must be an email address' }).max(254)]).nullish(),
  country: optionalText(2)
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: 'must be a two-letter country code' }),
  address_line1: optionalText(200).nullish(),
  address_line2: optionalText(200).nullish(),
  city: optionalText(100).nullish(),
  state: optionalText(100).nullish(),
  zip: optionalText(20).nullish(),
  height: optionalText(40).nullish(),
  weight: optionalText(40).nullish(),
});
export type UpdateClientBody = z.infer<typeof updateClientBodySchema>;

export const operatorsQuerySchema = z.object({
  chosen_role: z.enum(['agent', 'team_lead', 'agent_supervisor', 'campaign_manager']).optional(),
});
export const operatorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.string(),
  extension: z.string().nullable(),
  status: z.string(),
  status_title: z.string(),
});
export const operatorsSchema = z.object({ operators: z.array(operatorSchema) });
export type Operator = z.infer<typeof operatorSchema>;

export const setCallBackBodySchema = z.object({
  /** When to call the client back (Unix seconds); now when left out. */
  date_time: unixSecondsSchema.optional(),
});

export const TRANSFER_TYPES = ['cold', 'warm'] as const;
export const updateTransferTypeBodySchema = z.object({
  transfer_type: z.enum(TRANSFER_TYPES, { error: "must be 'cold' or 'warm'" }).nullable(),
});

export const endCallBodySchema = z.object({
  end_time: unixSecondsSchema.optional(),
  agent_disconnected: z.boolean().optional(),
  /** The agent clicked End (as opposed to the caller hanging up). */
  clicked: z.boolean().optional(),
});
export type EndCallBody = z.infer<typeof endCallBodySchema>;

export const callIdParamSchema = z.object({ callId: idTextSchema });

/* Dispositions */
export const dispositionsSchema = z.object({
  dispositions: z.array(dispositionOptionSchema),
  selected: z.number().int().nullable(),
});
export const setDispositionBodySchema = z.object({ disposition: idSchema });

/* Sales */
export const productSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  price_cents: z.number().int(),
  /** ISO 4217 code of the price. */
  currency: z.string(),
});
/** GET /api/sales/get_products: with a call, that call's campaign's products too. */
export const productsQuerySchema = z.strictObject({ call_id: idTextSchema.optional() });
export const productsSchema = z.object({ products: z.array(productSchema) });
export type Product = z.infer<typeof productSchema>;

export const saleLineSchema = z.object({
  product_id: idSchema,
  quantity: z
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(1000, { error: 'must be at most 1000' }),
});
export const setNewSalesBodySchema = z.object({
  sales: z
    .array(saleLineSchema)
    .min(1, { error: 'must list at least one product' })
    .max(50, { error: 'must list at most 50 products' }),
  complete_date: unixSecondsSchema.optional(),
});
export type SetNewSalesBody = z.infer<typeof setNewSalesBodySchema>;

export const salesSchema = z.object({
  sales: z.array(
    z.object({
      product_id: z.number().int(),
      name: z.string(),
      quantity: z.number().int(),
      amount_cents: z.number().int(),
    }),
  ),
  sale_posted: z.boolean(),
  complete_date: z.string().nullable(),
  total_cents: z.number().int(),
  /** Where the sale is completed: the lead's sales url, if its list gave one. */
  url: z.string().nullable(),
});
export type Sales = z.infer<typeof salesSchema>;

/* The simulated phone network: an administrator places a caller in a campaign's queue, and hangs them up. */
export const simulatedCallBodySchema = z
  .object({
    /** The campaign called, or (`dialled`) the centre's number called: exactly one of the two. */
    campaign_id: idSchema.optional(),
    dialled: e164Schema.optional(),
    caller_phone: textSchema()
      .trim()
      .regex(/^\+?[0-9]{7,15}$/, { error: 'must be a phone number of 7 to 15 digits' })
      .optional(),
    /** The caller asks to be called back (a queue callback), optionally leaving a voicemail. */
    callback: z
      .enum(['none', 'callback', 'voicemail'], { error: "must be 'none', 'callback' or 'voicemail'" })
      .optional(),
  })
  .refine((body) => (body.campaign_id === undefined) !== (body.dialled === undefined), {
    error: 'name either the campaign (campaign_id) or the number dialled (dialled), not both',
    path: ['campaign_id'],
  });
export type SimulatedCallBody = z.infer<typeof simulatedCallBodySchema>;
