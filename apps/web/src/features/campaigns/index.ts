export { CampaignTypeChip } from './components/CampaignTypeChip';
export { useCampaigns } from './hooks/useCampaigns';
