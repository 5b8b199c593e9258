import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { type CurrentUser, can, canHaveStatus } from '@shiftline/shared';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { CallWatcher } from '../../features/calls';
import { NotificationsBell } from '../../features/notifications';
import { SoftphoneLoader } from '../../features/softphone';
import { StatusMenu } from '../../features/status';
import { useLazyMenu } from '../../ui/useLazyMenu';
import { CadRateField } from './CadRateField';
import { TopBarClock } from './TopBarClock';
import { UserSummary } from './UserSummary';

// The menu's time-zone select and its inputs load when the menu is first opened, not with the first page.
const ProfileMenu = lazy(async () => ({ default: (await import('./ProfileMenu')).ProfileMenu }));

type TopBarProps = { user: CurrentUser; onOpenNavigation: () => void };

export function TopBar({ user, onOpenNavigation }: TopBarProps) {
  const menu = useLazyMenu();
  return (
    <AppBar
      position="fixed"
      sx={{ zIndex: (theme) => theme.zIndex.drawer + 1, borderBottom: 1, borderColor: 'divider' }}
    >
      <Toolbar sx={{ gap: 2 }}>
        <IconButton
          edge="start"
          aria-label="Open navigation"
          onClick={onOpenNavigation}
          sx={{ display: { md: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
        <Typography
          component={Link}
          to="/"
          sx={{ fontWeight: 700, fontSize: '1.2rem', color: 'primary.main', textDecoration: 'none' }}
        >
          Shiftline
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        {canHaveStatus(user.role) ? (
          <>
            <StatusMenu userId={user.id} />
            {/* The phone's state beside the status; JsSIP loads only on a real phone network. */}
            <SoftphoneLoader user={user} />
            {/* Opens the call page when a call rings for the agent, or when the app opens during one. */}
            <CallWatcher userId={user.id} />
          </>
        ) : null}
        <Box sx={{ display: { xs: 'none', sm: 'flex' } }}>
          <TopBarClock zone={user.timezone} />
        </Box>
        {can(user.role, 'topbar.cad_rate') ? (
          <Box sx={{ flexShrink: 0 }}>
            <CadRateField />
          </Box>
        ) : null}
        {can(user.role, 'notifications.use') ? <NotificationsBell zone={user.timezone} /> : null}
        <ButtonBase
          onClick={menu.open}
          aria-haspopup="true"
          aria-expanded={menu.anchor !== null}
          data-testid="profile-menu-button"
          sx={{ borderRadius: 2, px: 1, py: 0.5, gap: 0.5, '&:hover': { bgcolor: 'action.hover' } }}
        >
          <UserSummary user={user} testId="topbar-user" hideTextOnNarrow />
          <KeyboardArrowDownIcon fontSize="small" color="action" />
        </ButtonBase>
        {menu.wanted ? (
          <Suspense fallback={null}>
            <ProfileMenu user={user} anchorEl={menu.anchor} onClose={menu.close} />
          </Suspense>
        ) : null}
      </Toolbar>
    </AppBar>
  );
}
