import type { LazyRouteFunction, RouteObject } from 'react-router';

export const adminRoute: LazyRouteFunction<RouteObject> = async () => ({
  Component: (await import('./components/AdminPage')).AdminPage,
});
