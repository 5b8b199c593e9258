import type { LazyRouteFunction, RouteObject } from 'react-router';

export const coldCallsRoute: LazyRouteFunction<RouteObject> = async () => ({
  Component: (await import('./components/ColdCallsPage')).ColdCallsPage,
});
