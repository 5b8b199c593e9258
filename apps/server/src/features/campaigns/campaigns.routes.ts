import {
  campaignListSchema,
  campaignSchema,
  campaignsQuerySchema,
  noticeSchema,
  toggleCampaignBodySchema,
  userCampaignSchema,
  userIdParamSchema,
} from '@shiftline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/access.js';
import type { CampaignsService } from './campaigns.service.js';

export const campaignsRoutes: FastifyPluginAsyncZod<{ campaigns: CampaignsService }> = async (app, { campaigns }) => {
  app.get(
    '/api/dashboards/campaigns',
    {
      config: { action: 'campaigns.list' },
      schema: {
        tags: ['organisation'],
        summary: "Active, non-archived campaigns the viewer may see (an agent's own, a client's company's)",
        querystring: campaignsQuerySchema,
        response: { 200: campaignSchema.array() },
      },
    },
    async (request) => campaigns.listCampaigns(signedIn(request).user, request.query.type),
  );

  app.get(
    '/api/dashboards/campaign_lists',
    {
      config: { action: 'campaign_lists.list' },
      schema: { tags: ['organisation'], summary: 'Campaign lists', response: { 200: campaignListSchema.array() } },
    },
    async (request) => campaigns.listCampaignLists(signedIn(request).user),
  );

  app.get(
    '/api/dashboards/user-campaigns-popup/:userId',
    {
      config: { action: 'campaigns.user_popup' },
      schema: {
        tags: ['organisation'],
        summary: "An agent's campaigns with their enabled state",
        params: userIdParamSchema,
        response: { 200: userCampaignSchema.array() },
      },
    },
    async (request) => campaigns.campaignsPopup(request.params.userId),
  );

  app.post(
    '/api/dashboards/disable-campaign-for-agent',
    {
      config: { action: 'campaigns.toggle_agent' },
      schema: {
        tags: ['organisation'],
        summary: 'Enable or disable an agent in a campaign (toggles); returns the updated list',
        body: toggleCampaignBodySchema,
        response: { 200: userCampaignSchema.array() },
      },
    },
    async (request) => campaigns.toggleAgentCampaign(signedIn(request).user, request.body),
  );

  app.get(
    '/api/companies/check_active_outbound_campaigns',
    {
      config: { action: 'companies.check_active_outbound_campaigns' },
      schema: {
        tags: ['organisation'],
        summary: 'Warning text about campaigns without active agents or no outbound campaign',
        response: { 200: noticeSchema },
      },
    },
    async () => ({ notice_body: await campaigns.activeCampaignsNotice() }),
  );
};
