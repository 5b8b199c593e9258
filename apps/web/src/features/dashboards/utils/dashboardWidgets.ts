import type { CampaignType, Role } from '@shiftline/shared';
import { type OverviewMode, overviewModesFor } from './overviewModes';

/** Which parts of the call-statistics dashboard a viewer gets (spec §2.1 and §6). */
export type DashboardWidgets = {
  clientPortal: boolean;
  lastMonth: boolean;
  /** Queue Time card of the last-month graph. */
  lastMonthQueueTime: boolean;
  statsSourceSelect: boolean;
  /** 'clientPortal': the simplified inbound row (All Calls, Avg. Queue Time, Billed Minutes, …). */
  callCards: 'full' | 'clientPortal';
  todayAtGlance: boolean;
  callDuration: boolean;
  overviewModes: OverviewMode[];
  queueTime: boolean;
  dispositions: boolean;
  personSales: boolean;
};

export const isClientPortal = (role: Role): boolean => role === 'company_supervisor';

/**
 * The client portal does not see the last-month graph, the total and call-time cards, the call-duration graph,
 * the stats-source selector, the queue-time graph or the dispositions graph (§6). Queue-related parts exist only
 * for inbound; Person Sales only for outbound.
 */
export function dashboardWidgets(role: Role, campaignType: CampaignType): DashboardWidgets {
  const clientPortal = isClientPortal(role);
  const inbound = campaignType === 'inbound';
  return {
    clientPortal,
    lastMonth: !clientPortal,
    lastMonthQueueTime: !clientPortal && inbound,
    statsSourceSelect: inbound && !clientPortal,
    callCards: clientPortal && inbound ? 'clientPortal' : 'full',
    todayAtGlance: true,
    callDuration: !clientPortal,
    overviewModes: overviewModesFor(campaignType, clientPortal),
    queueTime: inbound && !clientPortal,
    dispositions: !clientPortal,
    personSales: !inbound,
  };
}
