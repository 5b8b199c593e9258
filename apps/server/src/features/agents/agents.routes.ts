import { agentGroupSchema, agentSchema, agentsQuerySchema } from '@shiftline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/access.js';
import type { AgentsService } from './agents.service.js';

export const agentsRoutes: FastifyPluginAsyncZod<{ agents: AgentsService }> = async (app, { agents }) => {
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
    async (request) => agents.listAgents(signedIn(request).user, request.query),
  );

  app.get(
    '/api/dashboards/agent_groups',
    {
      config: { action: 'agent_groups.list' },
      schema: { tags: ['organisation'], summary: 'Agent groups', response: { 200: agentGroupSchema.array() } },
    },
    async () => agents.listAgentGroups(),
  );
};
