import type { LazyRouteFunction, RouteObject } from 'react-router';

export const agentsRoute: LazyRouteFunction<RouteObject> = async () => ({
  Component: (await import('./components/AgentsPage')).AgentsPage,
});
