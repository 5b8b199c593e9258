import {
  agentRecordSchema,
  dashboardQuerySchema,
  dashboardRecordsSchema,
  dispositionSchema,
  lastMonthDataSchema,
  salesLeadsRowSchema,
  statsSourceSchema,
} from '@shiftline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/access.js';
import type { DashboardsService } from './dashboards.service.js';

const tags = ['dashboards'];

/** The call-statistics dashboard calls (spec §7). Paths the spec does not show are documented in docs/. */
export const dashboardsRoutes: FastifyPluginAsyncZod<{ dashboards: DashboardsService }> = async (
  app,
  { dashboards },
) => {
  app.post(
    '/api/dashboards/records-for-campaigns',
    {
      config: { action: 'dashboards.calls' },
      schema: {
        tags,
        summary: 'Call statistics of the campaigns of one type (Inbound by default): totals, days, hours, buckets',
        body: dashboardQuerySchema,
        response: { 200: dashboardRecordsSchema },
      },
    },
    async (request) => dashboards.records(signedIn(request).user, request.body),
  );

  app.post(
    '/api/dashboards/cold-calls-for-campaigns',
    {
      config: { action: 'dashboards.calls' },
      schema: {
        tags,
        summary: 'Call statistics of the outbound (cold-call) campaigns, whatever campaignType says',
        body: dashboardQuerySchema,
        response: { 200: dashboardRecordsSchema },
      },
    },
    async (request) => dashboards.records(signedIn(request).user, { ...request.body, campaignType: 'outbound' }),
  );

  app.post(
    '/api/dashboards/last-month-data',
    {
      config: { action: 'dashboards.last_month' },
      schema: {
        tags,
        summary: 'The last 30 days ending today in the zone, with the three card averages (total / 31)',
        body: dashboardQuerySchema,
        response: { 200: lastMonthDataSchema },
      },
    },
    async (request) => dashboards.lastMonth(signedIn(request).user, request.body),
  );

  app.post(
    '/api/dashboards/agent-records',
    {
      config: { action: 'dashboards.agent_records' },
      schema: {
        tags,
        summary: 'Call metrics per listed agent over the range',
        body: dashboardQuerySchema,
        response: { 200: agentRecordSchema.array() },
      },
    },
    async (request) => dashboards.agentRecords(signedIn(request).user, request.body),
  );

  app.post(
    '/api/dashboards/sales-leads',
    {
      config: { action: 'dashboards.calls' },
      schema: {
        tags,
        summary: 'Leads Analytics: total, valid, invalid leads and sales per campaign over the range',
        body: dashboardQuerySchema,
        response: { 200: salesLeadsRowSchema.array() },
      },
    },
    async (request) => dashboards.salesLeads(signedIn(request).user, request.body),
  );

  app.get(
    '/api/dashboards/dispositions',
    {
      config: { action: 'dashboards.calls' },
      schema: {
        tags,
        summary: 'Dispositions with the bucket the charts group them by',
        response: { 200: dispositionSchema.array() },
      },
    },
    async () => dashboards.listDispositions(),
  );

  app.get(
    '/api/dashboards/stats-sources',
    {
      config: { action: 'dashboards.stats_sources' },
      schema: {
        tags,
        summary: 'Stats sources (where inbound callers came from)',
        response: { 200: statsSourceSchema.array() },
      },
    },
    async () => dashboards.listStatsSources(),
  );
};
