import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import WorkOutlinedIcon from '@mui/icons-material/WorkOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { DataPoint } from '@shiftline/shared';
import { formatTimeRange, statusColor } from '../../schedule';
import type { FreeShift } from '../utils/groups';
import { spanOnDay, spanStyle, touchesDay } from '../utils/timeline';
import { AgentAtom } from './AgentAtom';
import { type ShiftActions, ShiftBar, type TimePoint } from './ShiftBar';
import { hourGridSx } from './TimelineHeader';

/** The two columns of every details row: who, and their 24-hour track. */
export const ROW_COLUMNS = '220px minmax(0, 1fr)';

/** Fixed row heights, so the virtualised details list knows where each row lies without measuring it. */
export const AGENT_ROW_HEIGHT = 37;
export const FREE_SHIFT_ROW_HEIGHT = 45;

const rowSx = {
  display: 'grid',
  gridTemplateColumns: ROW_COLUMNS,
  alignItems: 'stretch',
  borderTop: 1,
  borderColor: 'divider',
  boxSizing: 'border-box',
  overflow: 'hidden',
} as const;

/** The agent's shifts and days off on the day; a vacation listed twice (in time points and vacations) shows once. */
export function pointsOnDay(point: DataPoint, day: string, zone: string): TimePoint[] {
  const seen = new Set<string>();
  const all = [...point.time_points, ...point.vacations].filter((item) => {
    const key = `${item.type}-${item.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return touchesDay(item, day, zone);
  });
  // Vacations first, so shifts are drawn over them.
  return all.sort((a, b) => (a.type === b.type ? 0 : a.type === 'vacation' ? -1 : 1));
}

type AgentRowProps = ShiftActions & {
  point: DataPoint;
  day: string;
  zone: string;
  /** Present when the viewer may plan this agent's shifts. */
  onPlan?: (point: DataPoint) => void;
};

/** One agent: atom, and a bar per time point of the day. */
export function AgentRow({ point, day, zone, onPlan, ...actions }: AgentRowProps) {
  const points = pointsOnDay(point, day, zone);
  return (
    <Box sx={{ ...rowSx, height: AGENT_ROW_HEIGHT }} data-testid="agent-row" data-user-id={point.user_id}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, px: 1, minWidth: 0, fontSize: '0.8125rem' }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <AgentAtom point={point} size="medium" />
        </Box>
        {onPlan ? (
          <IconButton
            size="small"
            title="Plan shifts"
            aria-label={`Plan shifts for ${point.name}`}
            data-testid="plan-shifts"
            onClick={() => onPlan(point)}
            sx={{ flexShrink: 0 }}
          >
            <EventRepeatIcon fontSize="small" />
          </IconButton>
        ) : null}
      </Box>
      <Box sx={hourGridSx}>
        {points.map((timePoint) => (
          <ShiftBar
            key={`${timePoint.type}-${timePoint.id}`}
            point={timePoint}
            day={day}
            zone={zone}
            agentName={point.name}
            {...actions}
          />
        ))}
      </Box>
    </Box>
  );
}

/** An open free shift: how many agents it still needs, and its time on the day. */
export function FreeShiftRow({
  freeShift,
  day,
  zone,
  campaignNames,
}: {
  freeShift: FreeShift;
  day: string;
  zone: string;
  campaignNames: string[];
}) {
  const start = Date.parse(freeShift.start_utc);
  const end = Date.parse(freeShift.end_utc);
  const span = spanOnDay(start, end, day, zone);
  const open = freeShift.count_agents - freeShift.accepted;
  const color = statusColor('free_shift');
  return (
    <Box
      sx={{ ...rowSx, height: FREE_SHIFT_ROW_HEIGHT }}
      data-testid="free-shift-row"
      data-free-shift-id={freeShift.id}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, minWidth: 0 }}>
        <WorkOutlinedIcon sx={{ fontSize: 20, color }} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600, lineHeight: 1.2 }}>
            Free shift · {open} of {freeShift.count_agents} open
          </Typography>
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ display: 'block', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
            title={campaignNames.join(', ')}
          >
            {campaignNames.length > 0 ? campaignNames.join(', ') : `${freeShift.campaigns.length} campaigns`}
          </Typography>
        </Box>
      </Box>
      <Box sx={hourGridSx}>
        {span ? (
          <Box
            data-testid="timeline-free-shift"
            data-status="free_shift"
            title={`Free shift ${formatTimeRange(start, end, zone)}`}
            sx={{
              position: 'absolute',
              top: 4,
              bottom: 4,
              ...spanStyle(span),
              bgcolor: color,
              color: '#ffffff',
              borderRadius: 1,
              px: 0.5,
              fontSize: '0.7rem',
              fontWeight: 600,
              display: 'flex',
              alignItems: 'center',
              whiteSpace: 'nowrap',
              overflow: 'hidden',
            }}
          >
            {formatTimeRange(start, end, zone)}
          </Box>
        ) : null}
      </Box>
    </Box>
  );
}
