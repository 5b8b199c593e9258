import { z } from 'zod';
import { MAX_PHONE_LENGTH } from '../live/phone.js';
import { idSchema, textSchema } from './fields.js';

/*
 * The cold-calls contract (operations spec §2 /outgoing_calls_to_make, /outbound_sales_calls,
 * /get_cold_calls_table_data; §2.8; §3 table response and call data; §4 cold-call acceptance; §7 cold_call,
 * get_cold_call_for_agent, clear_lead_attached_to_agent). A cold call is a lead: a client of an outbound campaign's
 * list that an agent may dial.
 */

/** The notice a simultaneous call opens (spec §2.8, §8). */
export const SIMULTANEOUS_CALL_NOTICE = 'Another agent is already on the call with this customer.';

/** Team lead, agent supervisor and campaign manager see the last 24 hours by default (spec §2.8). */
export const COLD_CALL_DEFAULT_PERIOD_HOURS = 24;

export const COLD_CALL_RESULTS = ['answered', 'no_answer'] as const;

/** One lead, as a row of the cold-calls table (server table cold_calls; spec §3 row fields: is_valid, phone, id, client_id, client_phone, ...). */
export const coldCallRowSchema = z.object({
  id: z.number().int(),
  client_id: z.number().int(),
  client_phone: z.string(),
  phone: z.string(),
  /** The phone is a callable number and the client is not on a call right now. */
  is_valid: z.boolean(),
  phone_valid: z.boolean(),
  /** The client is on a live call (with any agent): the phone is greyed until the call ends. */
  busy: z.boolean(),
  client_name: z.string(),
  campaign_id: z.number().int(),
  campaign_name: z.string(),
  /** The lead list it came in (null only for a lead listed without one). */
  list_id: z.number().int().nullable(),
  list_name: z.string().nullable(),
  /** The list's custom fields of this lead, by name. */
  custom_fields: z.record(z.string(), z.string()),
  /** The client's time zone and its difference to the viewer's in hours (positive: the client is ahead). */
  timezone: z.string(),
  timezone_difference: z.number(),
  attached_agent_id: z.number().int().nullable(),
  attached_agent_name: z.string().nullable(),
  /** The lead is attached to the viewer. */
  current_lead: z.boolean(),
  definite: z.boolean(),
  last_result: z.enum(COLD_CALL_RESULTS).nullable(),
  last_called_at: z.string().nullable(),
  css_class: z.enum(['', 'invalid', 'busy']),
  url: z.string().nullable(),
});
export type ColdCallRow = z.infer<typeof coldCallRowSchema>;

/** preview: the agent looks at the lead (kept for them); definite: the agent means to call it (spec: definite leads). */
export const COLD_CALL_MODES = ['preview', 'definite'] as const;
export type ColdCallMode = (typeof COLD_CALL_MODES)[number];

/** POST /api/get_cold_call_for_agent: a lead attached to the agent; a null id takes the next free one. */
export const getColdCallBodySchema = z.strictObject({
  cold_call_id: idSchema.nullable(),
  mode: z.enum(COLD_CALL_MODES, { error: "must be 'preview' or 'definite'" }),
});
export const getColdCallAnswerSchema = z.object({ cold_call: coldCallRowSchema.nullable() });

/** POST /api/clear_lead_attached_to_agent */
export const clearLeadBodySchema = z.strictObject({
  only_definite_leads: z.boolean({ error: 'must be true or false' }),
});
export const clearLeadAnswerSchema = z.object({ cleared: z.number().int() });

const phoneTextSchema = textSchema()
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(MAX_PHONE_LENGTH, { error: `must be at most ${MAX_PHONE_LENGTH} characters` });

/**
 * POST /api/inquiries/cold_call, in three forms (spec §7): {check_ivr} asks whether the agent may dial now;
 * {redial, inquiry_id} calls the client of an earlier call again; {abonent_number, cold_call_id,
 * check_simultaneous_calls} dials a lead.
 */
export const coldCallBodySchema = z
  .strictObject({
    check_ivr: z.boolean({ error: 'must be true or false' }).optional(),
    redial: z.literal(true, { error: 'must be true' }).optional(),
    inquiry_id: idSchema.optional(),
    abonent_number: phoneTextSchema.optional(),
    cold_call_id: idSchema.optional(),
    check_simultaneous_calls: z.boolean({ error: 'must be true or false' }).optional(),
  })
  .superRefine((body, context) => {
    const forms = [
      body.check_ivr !== undefined,
      body.redial !== undefined || body.inquiry_id !== undefined,
      body.abonent_number !== undefined ||
        body.cold_call_id !== undefined ||
        body.check_simultaneous_calls !== undefined,
    ].filter(Boolean).length;
    if (forms !== 1) {
      context.addIssue({
        code: 'custom',
        path: ['body'],
        message:
          'must be one of {check_ivr}, {redial, inquiry_id} or {abonent_number, cold_call_id, check_simultaneous_calls}',
      });
      return;
    }
    const need = (field: keyof typeof body) => {
      if (body[field] === undefined) context.addIssue({ code: 'custom', path: [field], message: 'is required' });
    };
    if (body.redial !== undefined || body.inquiry_id !== undefined) {
      need('redial');
      need('inquiry_id');
    }
    if (body.abonent_number !== undefined || body.cold_call_id !== undefined) {
      need('abonent_number');
      need('cold_call_id');
    }
  });
export type ColdCallBody = z.output<typeof coldCallBodySchema>;

export const coldCallAnswerSchema = z.object({
  simultaneous_call: z.boolean(),
  inquiry_id: z.number().int().nullable(),
  call_id: z.number().int().nullable(),
  /** The call page, loaded without a full reload. */
  url: z.string().nullable(),
  /** {check_ivr}: whether the agent may dial now, and why not. */
  ready: z.boolean().optional(),
  reason: z.string().nullable().optional(),
});
export type ColdCallAnswer = z.infer<typeof coldCallAnswerSchema>;

/** POST /api/telephony/simulated_call/:id/callee: the simulated client answers or does not (tests, demo). */
export const simulatedCalleeBodySchema = z.strictObject({
  answer: z.boolean({ error: 'must be true or false' }),
});
