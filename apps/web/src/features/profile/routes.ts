import type { LazyRouteFunction, RouteObject } from 'react-router';

type LazyRoute = LazyRouteFunction<RouteObject>;

export const changePasswordRoute: LazyRoute = async () => ({
  Component: (await import('./components/ChangePasswordDialog')).ChangePasswordDialog,
});
export const editProfileRoute: LazyRoute = async () => ({
  Component: (await import('./components/EditProfileDialog')).EditProfileDialog,
});
