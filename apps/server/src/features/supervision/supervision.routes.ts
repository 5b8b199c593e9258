import {
  agentStateReportSchema,
  campaignStatusReportSchema,
  currentLongestBodySchema,
  liveReportBodySchema,
  longestTodayBodySchema,
  wallboardSchema,
} from '@shiftline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerRoute } from '../../plugins/viewerRoute.js';
import type { SupervisionService } from './supervision.service.js';

const tags = ['supervision'];

export const supervisionRoutes: FastifyPluginAsyncZod<{ supervision: SupervisionService }> = async (
  app,
  { supervision },
) => {
  viewerRoute(app, {
    method: 'POST',
    url: '/api/dashboards/agent_state_report',
    action: 'supervision.view',
    tags,
    summary: 'Every agent of the campaigns with their live state, by status group; the stamp of the events it holds',
    input: { in: 'body', schema: liveReportBodySchema },
    response: agentStateReportSchema,
    answer: (viewer, body) => supervision.agentStateReport(viewer, body),
  });

  viewerRoute(app, {
    method: 'POST',
    url: '/api/dashboards/campaign_status_report',
    action: 'supervision.view',
    tags,
    summary: "Each campaign's live counters, with the snapshot a board follows the events from",
    input: { in: 'body', schema: liveReportBodySchema },
    response: campaignStatusReportSchema,
    answer: (viewer, body) => supervision.campaignStatusReport(viewer, body),
  });

  viewerRoute(app, {
    method: 'POST',
    url: '/api/dashboards/wallboard',
    action: 'supervision.view',
    tags,
    summary:
      "The wallboard: today's answered, abandoned, service level and longest wait per campaign, and the live board",
    input: { in: 'body', schema: liveReportBodySchema },
    response: wallboardSchema,
    answer: (viewer, body) => supervision.wallboard(viewer, body),
  });

  viewerRoute(app, {
    method: 'POST',
    url: '/api/dashboards/campaign_current_longest_queue_time',
    action: 'supervision.view',
    tags,
    summary: "How long the campaign's longest-waiting caller has waited, in seconds",
    input: { in: 'body', schema: currentLongestBodySchema },
    response: z.object({ current_longest: z.number().int() }),
    answer: (viewer, body) => supervision.currentLongest(viewer, body.campaign_id),
  });

  viewerRoute(app, {
    method: 'POST',
    url: '/api/dashboards/campaign_longest_queue_time_today',
    action: 'supervision.view',
    tags,
    summary: "The campaign's longest queue time today (the day at dateOffset hours from UTC), in seconds",
    input: { in: 'body', schema: longestTodayBodySchema },
    response: z.object({ longest_today: z.number().int() }),
    answer: (viewer, body) => supervision.longestToday(viewer, body),
  });
};
