import LockIcon from '@mui/icons-material/Lock';
import LogoutIcon from '@mui/icons-material/Logout';
import SettingsIcon from '@mui/icons-material/Settings';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Typography from '@mui/material/Typography';
import { type CurrentUser, can, formatPayRate } from '@shiftline/shared';
import { useNavigate } from 'react-router';
import { useSetTimezone } from '../../features/profile';
import { TimezoneSelect } from '../../ui/TimezoneSelect';
import { TopBarPopover } from '../../ui/TopBarPopover';
import { UserSummary } from './UserSummary';

type ProfileMenuProps = { user: CurrentUser; anchorEl: HTMLElement | null; onClose: () => void };

function Detail({ term, value }: { term: string; value: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.25 }}>
      <Typography variant="body2" color="text.secondary" component="dt">
        {term}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0, fontWeight: 500, textAlign: 'right' }}>
        {value}
      </Typography>
    </Box>
  );
}

/** The profile dropdown: who the user is, their time zone, and the account actions their role allows. */
export function ProfileMenu({ user, anchorEl, onClose }: ProfileMenuProps) {
  const navigate = useNavigate();
  const setTimezone = useSetTimezone();
  const go = (path: string) => () => {
    onClose();
    void navigate(path);
  };
  return (
    <TopBarPopover anchorEl={anchorEl} onClose={onClose} width={320}>
      <Box data-testid="profile-menu">
        <Box sx={{ p: 2 }}>
          <UserSummary user={user} size={44} />
          <Box component="dl" sx={{ m: 0, mt: 1.5 }}>
            <Detail term="Agent group" value={user.agent_group?.name ?? '—'} />
            <Detail term="Rate" value={`$${formatPayRate(user.pay_rate)} / hour`} />
            <Detail term="Extension" value={user.extension ?? '—'} />
          </Box>
        </Box>
        <Divider />
        <Box sx={{ p: 2 }}>
          <TimezoneSelect
            label="Time zone"
            value={user.timezone}
            onChange={(zone) => setTimezone.mutate(zone)}
            disabled={setTimezone.isPending}
            testId="timezone-select"
            fullWidth
          />
          {setTimezone.error ? (
            <Alert severity="error" sx={{ mt: 1 }}>
              {setTimezone.error.message}
            </Alert>
          ) : null}
        </Box>
        <Divider />
        <MenuList dense>
          {can(user.role, 'profile.edit') ? (
            <MenuItem onClick={go('/profile/edit_profile')} data-testid="menu-profile-settings">
              <ListItemIcon>
                <SettingsIcon fontSize="small" />
              </ListItemIcon>
              Profile Settings
            </MenuItem>
          ) : null}
          <MenuItem onClick={go('/profile/change_password')} data-testid="menu-change-password">
            <ListItemIcon>
              <LockIcon fontSize="small" />
            </ListItemIcon>
            Change Password
          </MenuItem>
          <MenuItem onClick={go('/logout')} data-testid="menu-sign-out">
            <ListItemIcon>
              <LogoutIcon fontSize="small" />
            </ListItemIcon>
            Sign out
          </MenuItem>
        </MenuList>
      </Box>
    </TopBarPopover>
  );
}
