import type { LazyRouteFunction, RouteObject } from 'react-router';

export { CrmWarning } from './components/CrmWarning';
export { useSetTimezone } from './hooks/useSetTimezone';

type LazyRoute = LazyRouteFunction<RouteObject>;

export const changePasswordRoute: LazyRoute = async () => ({
  Component: (await import('./components/ChangePasswordDialog')).ChangePasswordDialog,
});
export const editProfileRoute: LazyRoute = async () => ({
  Component: (await import('./components/EditProfileDialog')).EditProfileDialog,
});
