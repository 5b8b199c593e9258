import Drawer from '@mui/material/Drawer';
import type { CurrentUser } from '@shiftline/shared';
import { NAV_WIDTH, NavLinks } from './NavLinks';

type MobileNavDrawerProps = { user: CurrentUser; open: boolean; onClose: () => void };

/** The navigation on narrow screens: a slide-over the top bar's menu button opens, closed by choosing a page. */
export function MobileNavDrawer({ user, open, onClose }: MobileNavDrawerProps) {
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      sx={{ '& .MuiDrawer-paper': { width: NAV_WIDTH, boxSizing: 'border-box', bgcolor: 'background.paper' } }}
    >
      <NavLinks user={user} onNavigate={onClose} />
    </Drawer>
  );
}
