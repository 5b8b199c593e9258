import type { LazyRouteFunction, RouteObject } from 'react-router';

export const tablePageRoute: LazyRouteFunction<RouteObject> = async () => ({
  Component: (await import('./components/TablePage')).TablePage,
});
