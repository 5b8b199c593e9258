import type { CampaignType } from '@shiftline/shared';
import { useQuery } from '@tanstack/react-query';
import { campaignsApi } from '../api';

export function useCampaigns(type?: CampaignType) {
  return useQuery({ queryKey: ['campaigns', type ?? 'all'], queryFn: () => campaignsApi.list(type) });
}
