import { CallStatsPage } from './CallStatsPage';

/** /dashboards/inbound. */
export function InboundDashboardPage() {
  return <CallStatsPage campaignType="inbound" />;
}
