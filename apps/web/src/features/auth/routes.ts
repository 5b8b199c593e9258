import type { LazyRouteFunction, RouteObject } from 'react-router';

type LazyRoute = LazyRouteFunction<RouteObject>;

// Pages load on demand, so the sign-in page does not carry the signed-in shell and vice versa.
export const loginRoute: LazyRoute = async () => ({ Component: (await import('./components/LoginPage')).LoginPage });
export const signOutDialogRoute: LazyRoute = async () => ({
  Component: (await import('./components/SignOutDialog')).SignOutDialog,
});
export const signOutNowRoute: LazyRoute = async () => ({
  Component: (await import('./components/SignOutNow')).SignOutNow,
});
