import type { LazyRouteFunction, RouteObject } from 'react-router';

/** /schedule/team: the supervisor schedule calendar; its month grid loads later still, on its own. */
export const teamScheduleRoute: LazyRouteFunction<RouteObject> = async () => ({
  Component: (await import('./components/TeamSchedulePage')).TeamSchedulePage,
});
