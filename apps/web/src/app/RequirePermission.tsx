import Alert from '@mui/material/Alert';
import { type Action, can } from '@shiftline/shared';
import { Outlet } from 'react-router';
import { useCurrentUser } from '../features/auth';

/** Pages for some roles only; the navigation hides them, and a typed address gets this notice. */
export function RequirePermission({ action }: { action: Action }) {
  const user = useCurrentUser();
  if (!can(user.role, action)) {
    return (
      <Alert severity="warning" data-testid="not-allowed">
        This page is not available for the {user.role_name} role.
      </Alert>
    );
  }
  return <Outlet />;
}
