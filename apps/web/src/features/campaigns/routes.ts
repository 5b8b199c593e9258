import type { LazyRouteFunction, RouteObject } from 'react-router';

export const campaignsRoute: LazyRouteFunction<RouteObject> = async () => ({
  Component: (await import('./components/CampaignsPage')).CampaignsPage,
});
