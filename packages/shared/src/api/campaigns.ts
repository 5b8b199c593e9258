import { z } from 'zod';

export const CAMPAIGN_TYPES = ['inbound', 'outbound'] as const;
export type CampaignType = (typeof CAMPAIGN_TYPES)[number];

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

/** The warning about campaigns without active agents (null when there is nothing to say). */
export const noticeSchema = z.object({ notice_body: z.string().nullable() });
export type CampaignsNotice = z.infer<typeof noticeSchema>;
