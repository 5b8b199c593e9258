import type { LazyRouteFunction, RouteObject } from 'react-router';

export const callPageRoute: LazyRouteFunction<RouteObject> = async () => ({
  Component: (await import('./components/CallPage')).CallPage,
});

export const callsPageRoute: LazyRouteFunction<RouteObject> = async () => ({
  Component: (await import('./components/CallsPage')).CallsPage,
});
