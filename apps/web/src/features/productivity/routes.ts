import type { LazyRouteFunction, RouteObject } from 'react-router';

/** /productivity; the charts inside load later still, on their own. */
export const productivityRoute: LazyRouteFunction<RouteObject> = async () => ({
  Component: (await import('./components/ProductivityPage')).ProductivityPage,
});
