import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect, useRef } from 'react';
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
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }} aria-busy="true">
      <CircularProgress aria-label="Signing out" />
    </Box>
  );
}
