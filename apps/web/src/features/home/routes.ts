import type { LazyRouteFunction, RouteObject } from 'react-router';

export const homeRoute: LazyRouteFunction<RouteObject> = async () => ({
  Component: (await import('./components/HomePage')).HomePage,
});
