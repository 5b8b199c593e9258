import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { FullPageSpinner } from '../../../ui/FullPageSpinner';
import { authApi, sessionQueryKey } from '../api';
import { useSignOut } from '../hooks/useSignOut';

/** The /profile/logout route: signs out at once (the target after confirmation and of server redirects). */
export function SignOutNow() {
  const signOut = useSignOut();
  const queryClient = useQueryClient();
  const started = useRef(false);
  useEffect(() => {
    // Strict mode runs effects twice in development; one sign-out is enough.
    if (started.current) return;
    started.current = true;
    // Loaded as a page, nothing has read the session yet, so the CSRF token the sign-out needs is unknown:
    // read it first (a cached session already set it).
    void queryClient
      .ensureQueryData({ queryKey: sessionQueryKey, queryFn: authApi.me })
      .catch(() => undefined)
      .then(signOut);
  }, [signOut, queryClient]);
  return <FullPageSpinner label="Signing out" />;
}
