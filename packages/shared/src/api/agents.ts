import { z } from 'zod';
import { emailSchema, idSchema, idTextSchema } from './fields.js';

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
export type AgentGroup = z.infer<typeof agentGroupSchema>;

/** A campaign of one agent, and whether the agent is disabled on it. */
export const userCampaignSchema = z.object({ id: z.number().int(), name: z.string(), is_disabled: z.boolean() });
export type UserCampaign = z.infer<typeof userCampaignSchema>;

export const toggleCampaignBodySchema = z.object({
  user: z.union([idSchema, emailSchema], {
    error: 'must be a user id or an email address',
  }),
  campaign: idSchema,
});
export type ToggleCampaignBody = z.input<typeof toggleCampaignBodySchema>;
