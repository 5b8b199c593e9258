import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { CurrentUser } from '@shiftline/shared';
import { lazy, Suspense } from 'react';
import { NAV_WIDTH, NavLinks } from './NavLinks';

// The slide-over (MUI's Drawer and its modal machinery) loads only on narrow screens.
const MobileNavDrawer = lazy(async () => ({ default: (await import('./MobileNavDrawer')).MobileNavDrawer }));

type NavDrawerProps = { user: CurrentUser; mobileOpen: boolean; onClose: () => void };

/** The left navigation: fixed on wide screens, a slide-over on narrow ones (one of the two, never both). */
export function NavDrawer({ user, mobileOpen, onClose }: NavDrawerProps) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { defaultMatches: true, noSsr: true });
  if (!wide) {
    return (
      <Suspense fallback={null}>
        <MobileNavDrawer user={user} open={mobileOpen} onClose={onClose} />
      </Suspense>
    );
  }
  // What a permanent Drawer draws, without the Drawer: a fixed column under the top bar, ruled off on the right.
  return (
    <Box component="aside" sx={{ width: NAV_WIDTH, flexShrink: 0 }}>
      <Box
        sx={{
          position: 'fixed',
          top: 0,
          left: 0,
          height: '100%',
          width: NAV_WIDTH,
          boxSizing: 'border-box',
          overflowY: 'auto',
          bgcolor: 'background.paper',
          borderRight: 1,
          borderColor: 'divider',
          zIndex: 'drawer',
        }}
      >
        <Toolbar />
        <Box sx={{ pt: 1 }}>
          <NavLinks user={user} />
        </Box>
      </Box>
    </Box>
  );
}
