import type { LazyRouteFunction, RouteObject } from 'react-router';

export const agentStateRoute: LazyRouteFunction<RouteObject> = async () => ({
  Component: (await import('./components/AgentStatePage')).AgentStatePage,
});

export const campaignsReportRoute: LazyRouteFunction<RouteObject> = async () => ({
  Component: (await import('./components/CampaignsReportPage')).CampaignsReportPage,
});

export const wallboardRoute: LazyRouteFunction<RouteObject> = async () => ({
  Component: (await import('./components/WallboardPage')).WallboardPage,
});
