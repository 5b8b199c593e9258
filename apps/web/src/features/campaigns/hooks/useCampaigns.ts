import type { CampaignType } from '@shiftline/shared';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/queryKeys';
import { campaignsApi } from '../api';

export function useCampaigns(type?: CampaignType) {
  return useQuery({ queryKey: queryKeys.campaigns.list(type), queryFn: () => campaignsApi.list(type) });
}
