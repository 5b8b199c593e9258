import { z } from 'zod';
import { emailSchema, idSchema, idTextSchema } from './fields.js';

export const CAMPAIGN_TYPES = ['inbound', 'outbound'] as const;
export type CampaignType = (typeof CAMPAIGN_TYPES)[number];

export const idParamSchema = z.object({ id: idTextSchema });
export const userIdParamSchema = z.object({ userId: idTextSchema });

export const agentSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  secondName: z.string(),
  email: z.string().nullable().describe('null for the client portal'),
  agent_group: z.string().nullable(),
  agent_group_id: z.number().int().nullable(),
  role: z.string(),
  role_name: z.string(),
  avatar_url: z.string().nullable(),
  archived: z.boolean(),
  starred: z.boolean().describe('team leads and supervisors get a star badge'),
});
export type Agent = z.infer<typeof agentSchema>;

export const agentsQuerySchema = z.object({
  campaign: idTextSchema.optional(),
  group: idTextSchema.optional(),
});

export const agentGroupSchema = z.object({ id: z.number().int(), name: z.string() });

export const campaignSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  unique_name: z.string(),
  type: z.enum(CAMPAIGN_TYPES),
  archived: z.boolean(),
  active: z.boolean(),
  company: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  start_work_time: z.string().nullable().describe('HH:mm in UTC, null when the campaign has no window'),
  end_work_time: z.string().nullable().describe('HH:mm in UTC'),
  agents_count: z.number().int(),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignsQuerySchema = z.object({
  type: z.enum(CAMPAIGN_TYPES, { error: 'must be inbound or outbound' }).optional(),
});

export const campaignListSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  unique_name: z.string(),
  campaigns: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

export const userCampaignSchema = z.object({ id: z.number().int(), name: z.string(), is_disabled: z.boolean() });
export type UserCampaign = z.infer<typeof userCampaignSchema>;

export const toggleCampaignBodySchema = z.object({
  user: z.union([idSchema, emailSchema], {
    error: 'must be a user id or an email address',
  }),
  campaign: idSchema,
});

export const noticeSchema = z.object({ notice_body: z.string().nullable() });

export const okSchema = z.object({ status: z.literal('ok') });
