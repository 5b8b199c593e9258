import type { Campaign, CampaignsNotice, CampaignType } from '@shiftline/shared';
import { http } from '../../lib/http';

export const campaignsApi = {
  /** Active, non-archived campaigns the viewer may see (an agent only their own). */
  list: (type?: CampaignType) => http.get<Campaign[]>('/api/dashboards/campaigns', { type }),
  activeNotice: () => http.get<CampaignsNotice>('/api/companies/check_active_outbound_campaigns'),
};
