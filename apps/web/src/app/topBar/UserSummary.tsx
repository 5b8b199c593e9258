import type { CurrentUser } from '@shiftline/shared';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

const initials = (user: CurrentUser) => `${user.first_name.charAt(0)}${user.second_name.charAt(0)}`.toUpperCase();

/** Avatar, long name and role name of the signed-in user. */
export function UserSummary({ user, size = 36, testId }: { user: CurrentUser; size?: number; testId?: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minWidth: 0 }} data-testid={testId}>
      <Avatar
        src={user.avatar_url ?? undefined}
        alt={user.long_name}
        sx={{ width: size, height: size, bgcolor: 'primary.main', fontSize: size * 0.4 }}
      >
        {initials(user)}
      </Avatar>
      <Box sx={{ minWidth: 0, textAlign: 'left' }}>
        <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
          {user.long_name}
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap component="div">
          {user.role_name}
        </Typography>
      </Box>
    </Box>
  );
}
