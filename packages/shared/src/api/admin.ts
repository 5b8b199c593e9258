import { z } from 'zod';
import { ROLES } from '../auth/roles.js';
import { TIME_ZONE_IDS } from '../time/timezones.js';
import { AGENT_CALL_TYPES } from './auth.js';
import { CAMPAIGN_TYPES, workingHoursOutSchema, workingHoursSchema } from './campaigns.js';
import { emailSchema, idListSchema, idSchema, textSchema } from './fields.js';
import { RECORDING_RETENTION_DAYS } from './recordings.js';

/*
 * Administration (issue 16 part 6): users, agent groups, campaigns, campaign lists and client companies. The lists are
 * generic tables (admin_users, admin_agent_groups, admin_campaigns, admin_campaign_lists, admin_companies); these are
 * the bodies of the writes and the forms' data.
 */

/** Spec §5: the one message for a user nobody may change (the protected root administrator). */
export const CANT_CHANGE_USER_MESSAGE = "You can't change that user";

/** The most ids a form may send in one list (campaigns of a user, agents of a campaign). */
export const MAX_ADMIN_LIST_IDS = 2000;

const nameSchema = (max: number) =>
  textSchema()
    .trim()
    .min(1, { error: 'is required' })
    .max(max, { error: `must be at most ${max} characters` });

/** A unique name (campaigns, campaign lists): lower-case letters, digits, '_' and '-'. */
const uniqueNameSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, {
    error: "must be 1 to 64 lower-case letters, digits, '_' or '-', starting with a letter or digit",
  });

const centsSchema = z
  .number({ error: 'must be a number of cents' })
  .int({ error: 'must be whole cents' })
  .min(0, { error: 'must not be negative' })
  .max(100_000_000, { error: 'must be at most 100000000 cents' });

/** An extension: 2 to 8 digits (as the profile form), or null for none. */
const extensionSchema = z
  .string()
  .trim()
  .regex(/^\d{2,8}$/, { error: 'must be 2 to 8 digits' })
  .nullable();

/**
 * The user's id in the centre's CRM, which credits their sales (the CRM-id check asks for it): up to 64 printable
 * characters; empty or null for none. Left out of an edit, the user keeps theirs.
 */
const crmIdSchema = z
  .string({ error: 'must be text or null' })
  .trim()
  .max(64, { error: 'must be at most 64 characters' })
  .regex(/^\P{Cc}*$/u, { error: 'must not contain control characters' })
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional();

const passwordSchema = z
  .string()
  .min(8, { error: 'must be at least 8 characters' })
  .max(200, { error: 'must be at most 200 characters' })
  .regex(/^[^\0]*$/, { error: 'must not contain NUL characters' });

/** A user as the administration writes them. company_id: required for company_supervisor, null otherwise. */
const userFieldsSchema = z.strictObject({
  email: emailSchema,
  first_name: nameSchema(80),
  second_name: nameSchema(80),
  role: z.enum(ROLES, { error: 'must be one of the roles' }),
  agent_group_id: idSchema.nullable(),
  company_id: idSchema.nullable(),
  timezone: z.enum(TIME_ZONE_IDS, { error: 'must be one of the thirteen supported time zones' }),
  pay_rate_cents: centsSchema,
  extension: extensionSchema,
  crm_id: crmIdSchema,
  agent_call_type: z.enum(AGENT_CALL_TYPES, { error: 'must be inbound, outbound or email' }).nullable(),
  /** The campaigns the user is enabled in (others they were in are disabled, their history kept). */
  campaign_ids: idListSchema(MAX_ADMIN_LIST_IDS),
});

const checkCompany = (user: { role: string; company_id: number | null }, context: z.RefinementCtx) => {
  if (user.role === 'company_supervisor' && user.company_id === null) {
    context.addIssue({ code: 'custom', path: ['company_id'], message: 'is required for a company supervisor' });
  }
  if (user.role !== 'company_supervisor' && user.company_id !== null) {
    context.addIssue({ code: 'custom', path: ['company_id'], message: 'is only for a company supervisor' });
  }
};

export const createUserBodySchema = userFieldsSchema
  .extend({
    /** The first password; the user must change it at their first sign-in. */
    password: passwordSchema,
  })
  .superRefine(checkCompany);
export type CreateUserBody = z.input<typeof createUserBodySchema>;

export const editUserBodySchema = userFieldsSchema.superRefine(checkCompany);
export type EditUserBody = z.input<typeof editUserBodySchema>;

/** An administrator's password reset: the password given, or one the server makes when none is. */
export const resetPasswordBodySchema = z.strictObject({ password: passwordSchema.optional() });
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;
export const resetPasswordResponseSchema = z.object({
  status: z.literal('ok'),
  /** The temporary password to hand to the user; they must change it at their next sign-in. */
  temporary_password: z.string(),
});

/** A user's form data (GET /api/admin/users/:id). */
export const adminUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  second_name: z.string(),
  role: z.enum(ROLES),
  agent_group_id: z.number().int().nullable(),
  company_id: z.number().int().nullable(),
  timezone: z.string(),
  pay_rate_cents: z.number().int(),
  extension: z.string().nullable(),
  crm_id: z.string().nullable(),
  agent_call_type: z.enum(AGENT_CALL_TYPES).nullable(),
  campaign_ids: z.array(z.number().int()),
  archived: z.boolean(),
  must_change_password: z.boolean(),
  /** What the viewer may do to this user (the server's rule, so the form offers nothing it would refuse). */
  may: z.object({
    edit: z.boolean(),
    change_identity: z.boolean().describe('change the e-mail and name'),
    reset_password: z.boolean(),
  }),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const agentGroupBodySchema = z.strictObject({ name: nameSchema(100) });
export type AgentGroupBody = z.input<typeof agentGroupBodySchema>;

export const campaignBodySchema = z.strictObject({
  name: nameSchema(120),
  unique_name: uniqueNameSchema,
  type: z.enum(CAMPAIGN_TYPES, { error: 'must be Inbound or Outbound' }),
  company_id: idSchema.nullable(),
  /** Left out, a new campaign is open around the clock in the default zone and an edit keeps the campaign's. */
  working_hours: workingHoursSchema.optional(),
  active: z.boolean({ error: 'must be true or false' }),
  archived: z.boolean({ error: 'must be true or false' }),
  billing_rate_cents: centsSchema,
  /** Call recording (issue 24): left out, a new campaign does not record and an edit keeps what the campaign had. */
  record_calls: z.boolean({ error: 'must be true or false' }).optional(),
  agents_hear_own_recordings: z.boolean({ error: 'must be true or false' }).optional(),
  recording_retention_days: z
    .number({ error: 'must be a whole number of days' })
    .int({ error: 'must be a whole number of days' })
    .min(RECORDING_RETENTION_DAYS.min, { error: `must be at least ${RECORDING_RETENTION_DAYS.min} day` })
    .max(RECORDING_RETENTION_DAYS.max, { error: `must be at most ${RECORDING_RETENTION_DAYS.max} days` })
    .optional(),
  /** The agents enabled on the campaign (others it had are disabled, their history kept). */
  agent_ids: idListSchema(MAX_ADMIN_LIST_IDS),
});
export type CampaignBody = z.input<typeof campaignBodySchema>;

export const adminCampaignSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  unique_name: z.string(),
  type: z.enum(CAMPAIGN_TYPES),
  company_id: z.number().int().nullable(),
  working_hours: workingHoursOutSchema,
  active: z.boolean(),
  archived: z.boolean(),
  billing_rate_cents: z.number().int(),
  record_calls: z.boolean(),
  agents_hear_own_recordings: z.boolean(),
  recording_retention_days: z.number().int(),
  agent_ids: z.array(z.number().int()),
});
export type AdminCampaign = z.infer<typeof adminCampaignSchema>;

export const campaignListBodySchema = z.strictObject({
  name: nameSchema(120),
  unique_name: uniqueNameSchema,
  campaign_ids: idListSchema(MAX_ADMIN_LIST_IDS),
});
export type CampaignListBody = z.input<typeof campaignListBodySchema>;

export const adminCampaignListSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  unique_name: z.string(),
  campaign_ids: z.array(z.number().int()),
});
export type AdminCampaignList = z.infer<typeof adminCampaignListSchema>;

export const companyBodySchema = z.strictObject({
  name: nameSchema(120),
  callbacks_enabled: z.boolean({ error: 'must be true or false' }),
});
export type CompanyBody = z.input<typeof companyBodySchema>;

export const adminCompanySchema = z.object({ id: z.number().int(), name: z.string(), callbacks_enabled: z.boolean() });
export type AdminCompany = z.infer<typeof adminCompanySchema>;

/** What the forms choose from: groups, companies, campaigns (not archived) and agents (listed, call-taking). */
const optionSchema = z.object({ id: z.number().int(), name: z.string() });
export const adminOptionsSchema = z.object({
  agent_groups: z.array(optionSchema),
  companies: z.array(optionSchema),
  campaigns: z.array(optionSchema.extend({ type: z.enum(CAMPAIGN_TYPES) })),
  agents: z.array(optionSchema),
});
export type AdminOptions = z.infer<typeof adminOptionsSchema>;

/** The answer of a create: the new row's id. */
export const adminCreatedSchema = z.object({ status: z.literal('ok'), id: z.number().int() });
export type AdminCreated = z.infer<typeof adminCreatedSchema>;
