import type { LazyRouteFunction, RouteObject } from 'react-router';

/** /schedule/days_off: one's requests, or every request for a schedule supervisor. */
export const daysOffRoute: LazyRouteFunction<RouteObject> = async () => ({
  Component: (await import('./components/DaysOffPage')).DaysOffPage,
});
