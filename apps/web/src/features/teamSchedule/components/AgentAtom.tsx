import StarIcon from '@mui/icons-material/Star';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import type { DataPoint } from '@shiftline/shared';

type AgentAtomProps = {
  point: Pick<DataPoint, 'user_id' | 'name' | 'user_avatar_url' | 'starred' | 'bg_color' | 'role_name'>;
  size?: 'small' | 'medium';
};

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');

/** An agent: avatar, name, and a star for supervisors and team leads (spec). */
export function AgentAtom({ point, size = 'small' }: AgentAtomProps) {
  const avatarSize = size === 'small' ? 18 : 26;
  return (
    <Box
      data-testid="agent-atom"
      data-user-id={point.user_id}
      title={`${point.name} · ${point.role_name}`}
      sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minWidth: 0, overflow: 'hidden' }}
    >
      <Avatar
        src={point.user_avatar_url ?? undefined}
        alt=""
        sx={{
          width: avatarSize,
          height: avatarSize,
          fontSize: size === 'small' ? '0.6rem' : '0.75rem',
          bgcolor: point.bg_color.bg,
          color: point.bg_color.text,
          flexShrink: 0,
        }}
      >
        {initials(point.name)}
      </Avatar>
      <Box
        component="span"
        sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontSize: 'inherit' }}
      >
        {point.name}
      </Box>
      {point.starred ? (
        <StarIcon
          data-testid="agent-star"
          aria-label="Supervisor or team lead"
          sx={{ fontSize: size === 'small' ? 14 : 18, color: '#f59e0b', flexShrink: 0 }}
        />
      ) : null}
    </Box>
  );
}
