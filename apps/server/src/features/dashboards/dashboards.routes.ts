import {
  type Action,
  agentRecordSchema,
  campaignsReportBodySchema,
  campaignsReportRowSchema,
  dashboardQuerySchema,
  dashboardRecordsSchema,
  dispositionSchema,
  lastMonthDataSchema,
  salesLeadsRowSchema,
  statsSourceSchema,
} from '@shiftline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { viewerRoute } from '../../plugins/viewerRoute.js';
import type { DashboardsService } from './dashboards.service.js';

const tags = ['dashboards'];

/** The call-statistics dashboard calls (spec §7). Paths the spec does not show are documented in docs/. */
export const dashboardsRoutes: FastifyPluginAsyncZod<{ dashboards: DashboardsService }> = async (
  app,
  { dashboards },
) => {
  /** A call that posts a dashboard query and gets the viewer's answer to it. */
  const queryRoute = { method: 'POST', tags, input: { in: 'body', schema: dashboardQuerySchema } } as const;

  viewerRoute(app, {
    ...queryRoute,
    url: '/api/dashboards/records-for-campaigns',
    action: 'dashboards.calls',
    summary: 'Call statistics of the campaigns of one type (Inbound by default): totals, days, hours, buckets',
    response: dashboardRecordsSchema,
    answer: (viewer, query) => dashboards.records(viewer, query),
  });
  viewerRoute(app, {
    ...queryRoute,
    url: '/api/dashboards/cold-calls-for-campaigns',
    action: 'dashboards.calls',
    summary: 'Call statistics of the outbound (cold-call) campaigns, whatever campaignType says',
    response: dashboardRecordsSchema,
    answer: (viewer, query) => dashboards.records(viewer, { ...query, campaignType: 'outbound' }),
  });
  viewerRoute(app, {
    ...queryRoute,
    url: '/api/dashboards/last-month-data',
    action: 'dashboards.last_month',
    summary: 'The last 30 days ending today in the zone, with the three card averages (total / 31)',
    response: lastMonthDataSchema,
    answer: (viewer, query) => dashboards.lastMonth(viewer, query),
  });
  viewerRoute(app, {
    ...queryRoute,
    url: '/api/dashboards/agent-records',
    action: 'dashboards.agent_records',
    summary: 'Call metrics per listed agent over the range',
    response: agentRecordSchema.array(),
    answer: (viewer, query) => dashboards.agentRecords(viewer, query),
  });
  viewerRoute(app, {
    ...queryRoute,
    url: '/api/dashboards/sales-leads',
    action: 'dashboards.calls',
    summary: 'Leads Analytics: total, valid, invalid leads and sales per campaign over the range',
    response: salesLeadsRowSchema.array(),
    answer: (viewer, query) => dashboards.salesLeads(viewer, query),
  });

  viewerRoute(app, {
    method: 'POST',
    tags,
    url: '/api/dashboards/campaigns_report',
    action: 'supervision.view',
    summary:
      'Campaigns report: calls taken, average queue and talk time, disconnected and abandoned calls per campaign',
    input: { in: 'body', schema: campaignsReportBodySchema },
    response: campaignsReportRowSchema.array(),
    answer: (viewer, body) => dashboards.campaignsReport(viewer, body),
  });

  /** The lists the dashboards' filters offer. */
  const listRoute = <Response extends z.ZodType>(route: {
    url: string;
    action: Action;
    summary: string;
    response: Response;
    list: () => Promise<z.input<Response>>;
  }) =>
    app.get(
      route.url,
      {
        config: { action: route.action },
        schema: { tags, summary: route.summary, response: { 200: route.response as z.ZodType } },
      },
      async () => route.list(),
    );

  listRoute({
    url: '/api/dashboards/dispositions',
    action: 'dashboards.calls',
    summary: 'Dispositions with the bucket the charts group them by',
    response: dispositionSchema.array(),
    list: () => dashboards.listDispositions(),
  });
  listRoute({
    url: '/api/dashboards/stats-sources',
    action: 'dashboards.stats_sources',
    summary: 'Stats sources (where inbound callers came from)',
    response: statsSourceSchema.array(),
    list: () => dashboards.listStatsSources(),
  });
};
