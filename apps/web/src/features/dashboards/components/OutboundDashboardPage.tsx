import { CallStatsPage } from './CallStatsPage';

/** /dashboards/outbound. */
export function OutboundDashboardPage() {
  return <CallStatsPage campaignType="outbound" />;
}
