import {
  agentGroupSchema,
  agentSchema,
  agentsQuerySchema,
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
import type { OrgService } from './org.service.js';

export const orgRoutes: FastifyPluginAsyncZod<{ orgService: OrgService }> = async (app, { orgService }) => {
  app.get(
    '/api/dashboards/agents_list',
    {
      config: { action: 'agents.list' },
      schema: {
        tags: ['organisation'],
        summary: 'Agents (not archived, not system accounts), optionally of one campaign or group',
        querystring: agentsQuerySchema,
        response: { 200: agentSchema.array() },
      },
    },
    async (request) => orgService.listAgents(signedIn(request).user, request.query),
  );

  app.get(
    '/api/dashboards/agent_groups',
    {
      config: { action: 'agent_groups.list' },
      schema: { tags: ['organisation'], summary: 'Agent groups', response: { 200: agentGroupSchema.array() } },
    },
    async () => orgService.listAgentGroups(),
  );

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
    async (request) => orgService.listCampaigns(signedIn(request).user, request.query.type),
  );

  app.get(
    '/api/dashboards/campaign_lists',
    {
      config: { action: 'campaign_lists.list' },
      schema: { tags: ['organisation'], summary: 'Campaign lists', response: { 200: campaignListSchema.array() } },
    },
    async (request) => orgService.listCampaignLists(signedIn(request).user),
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
    async (request) => orgService.campaignsPopup(request.params.userId),
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
    async (request) => orgService.toggleAgentCampaign(signedIn(request).user, request.body),
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
    async () => ({ notice_body: await orgService.activeCampaignsNotice() }),
  );
};
