import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Closes a dialog that has its own route (/logout, /profile/...): back to the page it was opened
 * over, or home when the dialog's address was opened directly.
 */
export function useCloseRouteDialog(): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    if (location.key === 'default') void navigate('/', { replace: true });
    else void navigate(-1);
  }, [navigate, location.key]);
}
