import type { LazyRouteFunction, RouteObject } from 'react-router';

// The pages, and ECharts with them, load only when a dashboard is opened.
export const inboundDashboardRoute: LazyRouteFunction<RouteObject> = async () => ({
  Component: (await import('./components/InboundDashboardPage')).InboundDashboardPage,
});

export const outboundDashboardRoute: LazyRouteFunction<RouteObject> = async () => ({
  Component: (await import('./components/OutboundDashboardPage')).OutboundDashboardPage,
});
