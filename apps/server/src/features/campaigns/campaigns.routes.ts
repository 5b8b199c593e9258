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
import { viewerRoute } from '../../plugins/viewerRoute.js';
import type { CampaignsService } from './campaigns.service.js';

export const campaignsRoutes: FastifyPluginAsyncZod<{ campaigns: CampaignsService }> = async (app, { campaigns }) => {
  const organisation = { tags: ['organisation'] } as const;

  viewerRoute(app, {
    ...organisation,
    method: 'GET',
    url: '/api/dashboards/campaigns',
    action: 'campaigns.list',
    summary: "Active, non-archived campaigns the viewer may see (an agent's own, a client's company's)",
    input: { in: 'querystring', schema: campaignsQuerySchema },
    response: campaignSchema.array(),
    answer: (viewer, query) => campaigns.listCampaigns(viewer, query.type),
  });

  viewerRoute(app, {
    ...organisation,
    method: 'GET',
    url: '/api/dashboards/campaign_lists',
    action: 'campaign_lists.list',
    summary: 'Campaign lists',
    response: campaignListSchema.array(),
    answer: (viewer) => campaigns.listCampaignLists(viewer),
  });

  viewerRoute(app, {
    ...organisation,
    method: 'GET',
    url: '/api/dashboards/user-campaigns-popup/:userId',
    action: 'campaigns.user_popup',
    summary: "An agent's campaigns with their enabled state",
    input: { in: 'params', schema: userIdParamSchema },
    response: userCampaignSchema.array(),
    answer: (_viewer, params) => campaigns.campaignsPopup(params.userId),
  });

  viewerRoute(app, {
    ...organisation,
    method: 'POST',
    url: '/api/dashboards/disable-campaign-for-agent',
    action: 'campaigns.toggle_agent',
    summary: 'Enable or disable an agent in a campaign (toggles); returns the updated list',
    input: { in: 'body', schema: toggleCampaignBodySchema },
    response: userCampaignSchema.array(),
    answer: (viewer, body) => campaigns.toggleAgentCampaign(viewer, body),
  });

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
