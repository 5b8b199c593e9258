import type {
  AgentStateReport,
  CampaignStatusReport,
  CampaignsReportRow,
  LiveReportBody,
  Wallboard,
} from '@shiftline/shared';
import { http } from '../../lib/http';

/** The live supervision calls (operations spec §7, dashboards) and the wallboard. */
export const supervisionApi = {
  agentStateReport: (body: LiveReportBody) => http.post<AgentStateReport>('/api/dashboards/agent_state_report', body),
  campaignStatusReport: (body: LiveReportBody) =>
    http.post<CampaignStatusReport>('/api/dashboards/campaign_status_report', body),
  currentLongest: (campaignId: number) =>
    http.post<{ current_longest: number }>('/api/dashboards/campaign_current_longest_queue_time', {
      campaign_id: campaignId,
    }),
  /** `dateOffset`: hours from UTC of the viewer's day. */
  longestToday: (campaignName: string, dateOffset: number) =>
    http.post<{ longest_today: number }>('/api/dashboards/campaign_longest_queue_time_today', {
      campaign_name: campaignName,
      dateOffset,
    }),
  campaignsReport: (body: { start: number; end: number; timezone: string }) =>
    http.post<CampaignsReportRow[]>('/api/dashboards/campaigns_report', body),
  wallboard: (body: LiveReportBody) => http.post<Wallboard>('/api/dashboards/wallboard', body),
};
