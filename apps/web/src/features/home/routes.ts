import type { LazyRouteFunction, RouteObject } from 'react-router';

export const loadHomePage = () => import('./components/HomePage');

export const homeRoute: LazyRouteFunction<RouteObject> = async () => ({ Component: (await loadHomePage()).HomePage });
