import { useEffect, useRef } from 'react';
import { FullPageSpinner } from '../../../ui/FullPageSpinner';
import { useSignOut } from '../hooks/useSignOut';

/** The /profile/logout route: signs out at once (the target after confirmation and of server redirects). */
export function SignOutNow() {
  const signOut = useSignOut();
  const started = useRef(false);
  useEffect(() => {
    // Strict mode runs effects twice in development; one sign-out is enough.
    if (started.current) return;
    started.current = true;
    void signOut();
  }, [signOut]);
  return <FullPageSpinner label="Signing out" />;
}
