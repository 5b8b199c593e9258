import type { LazyRouteFunction, RouteObject } from 'react-router';

/** /schedule and /schedule/users/:id; the calendars inside load later still, on their own. */
export const scheduleRoute: LazyRouteFunction<RouteObject> = async () => ({
  Component: (await import('./components/SchedulePage')).SchedulePage,
});
