import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../features/auth';
import { FullPageSpinner } from '../ui/FullPageSpinner';
import { RouteError } from './RouteError';

const CHANGE_PASSWORD_PATH = '/profile/change_password';

/** Signed-in pages only: an anonymous visit goes to /login, remembering the wanted page. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <FullPageSpinner label="Loading" />;
  if (session.error && session.data === undefined) return <RouteError error={session.error} />;
  if (!session.data) {
    // Signing out passes through /logout; returning there after the next sign-in would be odd.
    const from = location.pathname === '/logout' ? undefined : location;
    return <Navigate to="/login" replace state={from ? { from } : null} />;
  }
  // An administrator reset the password: the server allows nothing else until it is changed.
  if (session.data.user.must_change_password && location.pathname !== CHANGE_PASSWORD_PATH) {
    return <Navigate to={CHANGE_PASSWORD_PATH} replace />;
  }
  return <Outlet />;
}
