import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { can } from '@shiftline/shared';
import { lazy, type ReactNode, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useMatches, useOutlet } from 'react-router';
import { useCurrentUser } from '../features/auth';
import { loadHomePage } from '../features/home/routes';
import { CrmWarning } from '../features/profile';
import { VacationApprovalHost } from '../features/vacations';
import { socketClient } from '../lib/socketClient';
import { NavDrawer } from './NavDrawer';
import { SkipLink } from './SkipLink';
import { TopBar } from './topBar/TopBar';

/**
 * Route handle: the page's name for the browser's title, and whether it is a dialog over whatever page was open
 * before (/logout, /profile/...).
 */
export type RouteHandle = { title?: string; dialog?: boolean };

const MAIN_ID = 'main-content';

// Behind a dialog opened by its address, Home is shown: it is where closing the dialog leads.
const HomeBehindDialog = lazy(async () => ({ default: (await loadHomePage()).HomePage }));

/**
 * The page to show: the routed page, or for a dialog route the page it was opened over, kept
 * mounted (with its state) underneath the dialog.
 */
function usePageAndDialog(): { page: ReactNode; dialog: ReactNode } {
  const outlet = useOutlet();
  const isDialog = useMatches().some((match) => (match.handle as RouteHandle | undefined)?.dialog === true);
  const lastPage = useRef<ReactNode>(null);
  useLayoutEffect(() => {
    if (!isDialog) lastPage.current = outlet;
  });
  if (!isDialog) return { page: outlet, dialog: null };
  const page = lastPage.current ?? (
    <Suspense fallback={null}>
      <HomeBehindDialog />
    </Suspense>
  );
  return { page, dialog: outlet };
}

/** The signed-in shell: top bar, navigation, the page, and the realtime connection. */
export function AppLayout() {
  const user = useCurrentUser();
  const [navOpen, setNavOpen] = useState(false);
  const { page, dialog } = usePageAndDialog();

  // A session whose password must change gets no live connection (the server refuses it) until it has changed.
  const mayConnect = !user.must_change_password;
  useEffect(() => {
    if (!mayConnect) return;
    void socketClient.connect();
    return () => socketClient.disconnect();
  }, [mayConnect]);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink targetId={MAIN_ID} />
      <TopBar user={user} onOpenNavigation={() => setNavOpen(true)} />
      <NavDrawer user={user} mobileOpen={navOpen} onClose={() => setNavOpen(false)} />
      <Box
        component="main"
        id={MAIN_ID}
        tabIndex={-1}
        sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, md: 3 }, '&:focus': { outline: 'none' } }}
      >
        <Toolbar />
        {page}
        {dialog}
      </Box>
      <CrmWarning userId={user.id} />
      {can(user.role, 'schedule.manage') ? <VacationApprovalHost zone={user.timezone} /> : null}
    </Box>
  );
}
