import type { LazyRouteFunction, RouteObject } from 'react-router';

export { CampaignTypeChip } from './components/CampaignTypeChip';
export { useCampaigns } from './hooks/useCampaigns';

export const campaignsRoute: LazyRouteFunction<RouteObject> = async () => ({
  Component: (await import('./components/CampaignsPage')).CampaignsPage,
});
