import type { DashboardQuery, DashboardRecords, LastMonthData, SalesLeadsRow, StatsSource } from '@shiftline/shared';
import { http } from '../../lib/http';

const RECORDS_PATH = {
  inbound: '/api/dashboards/records-for-campaigns',
  outbound: '/api/dashboards/cold-calls-for-campaigns',
} as const;

export const dashboardsApi = {
  /** Inbound records or outbound cold calls, by the query's campaign type. */
  records: (query: DashboardQuery) => http.post<DashboardRecords>(RECORDS_PATH[query.campaignType ?? 'inbound'], query),
  lastMonth: (query: DashboardQuery) => http.post<LastMonthData>('/api/dashboards/last-month-data', query),
  statsSources: () => http.get<StatsSource[]>('/api/dashboards/stats-sources'),
  salesLeads: (query: DashboardQuery) => http.post<SalesLeadsRow[]>('/api/dashboards/sales-leads', query),
};
