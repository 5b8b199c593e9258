import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { CurrentUser } from '@shiftline/shared';

const initials = (user: CurrentUser) => `${user.first_name.charAt(0)}${user.second_name.charAt(0)}`.toUpperCase();

/** Avatar, long name and role name of the signed-in user. */
type UserSummaryProps = {
  user: CurrentUser;
  size?: number;
  /** Only the avatar on phone-sized screens, where the top bar has no room for the name. */
  hideTextOnNarrow?: boolean;
  testId?: string;
};

export function UserSummary({ user, size = 36, hideTextOnNarrow = false, testId }: UserSummaryProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minWidth: 0 }} data-testid={testId}>
      <Avatar
        src={user.avatar_url ?? undefined}
        alt={user.long_name}
        sx={{ width: size, height: size, bgcolor: 'primary.main', fontSize: size * 0.4 }}
      >
        {initials(user)}
      </Avatar>
      <Box sx={{ minWidth: 0, textAlign: 'left', display: hideTextOnNarrow ? { xs: 'none', sm: 'block' } : 'block' }}>
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
