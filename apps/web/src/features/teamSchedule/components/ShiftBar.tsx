import CheckIcon from '@mui/icons-material/Check';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import RedoIcon from '@mui/icons-material/Redo';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { STATUS_CATALOGUE, type TeamSchedule } from '@shiftline/shared';
import { formatTimeRange, ITEM_COLORS, statusColor } from '../../schedule';
import { spanOnDay, spanStyle, type TimelineSpan } from '../utils/timeline';

export type TimePoint = TeamSchedule['data_points'][number]['time_points'][number];

/** What the supervisor can do from a bar; absent handlers hide their icons. */
export type ShiftActions = {
  onApprove?: (point: TimePoint) => void;
  onCancel?: (point: TimePoint) => void;
  onRestore?: (point: TimePoint) => void;
};

const VACATION_LABELS: Record<string, string> = {
  vac_pending: 'Day off (pending)',
  vac_approved: 'Day off',
  vac_cancel_requested: 'Day off (cancellation requested)',
};

const statusLabel = (status: string) =>
  STATUS_CATALOGUE.find((entry) => entry.status === status)?.label ?? VACATION_LABELS[status] ?? status;

/** A break's place inside its bar, as percentages of the bar. */
function insideStyle(inner: TimelineSpan, outer: TimelineSpan) {
  const width = outer.to - outer.from;
  return {
    left: `${((inner.from - outer.from) / width) * 100}%`,
    width: `${((inner.to - inner.from) / width) * 100}%`,
  };
}

function colorsOf(point: TimePoint) {
  if (point.type === 'vacation') {
    const pending = point.status === 'vac_pending';
    return {
      bg: pending ? '#ffffff' : ITEM_COLORS.vacation,
      text: pending ? ITEM_COLORS.vacation : '#ffffff',
      border: ITEM_COLORS.vacation,
    };
  }
  const color = statusColor(point.status as Parameters<typeof statusColor>[0]);
  // Pending shifts are drawn white (spec), with the border in the status colour.
  if (point.status === 'pending') return { bg: '#ffffff', text: color, border: color };
  return { bg: color, text: '#ffffff', border: color };
}

const iconSx = { p: 0.125, color: 'inherit', '& svg': { fontSize: 15 } } as const;

type ShiftBarProps = ShiftActions & { point: TimePoint; day: string; zone: string; agentName: string };

/** One time point on an agent's 24-hour timeline, clipped to the day, breaks drawn inside, coloured by status. */
export function ShiftBar({ point, day, zone, agentName, onApprove, onCancel, onRestore }: ShiftBarProps) {
  const start = Date.parse(point.start_utc);
  const end = Date.parse(point.end_utc);
  const span = spanOnDay(start, end, day, zone);
  if (span === null) return null;
  const colors = colorsOf(point);
  const range = formatTimeRange(start, end, zone);
  const label = `${range} · ${statusLabel(point.status)}`;
  const isShift = point.type === 'shift';
  return (
    <Box
      data-testid={isShift ? 'timeline-shift' : 'timeline-vacation'}
      data-status={point.status}
      data-shift-id={isShift ? point.id : undefined}
      title={`${agentName}: ${label}`}
      sx={{
        position: 'absolute',
        top: 4,
        bottom: 4,
        ...spanStyle(span),
        bgcolor: colors.bg,
        color: colors.text,
        border: 1,
        borderColor: colors.border,
        borderRadius: 1,
        overflow: 'hidden',
        display: 'flex',
        alignItems: 'center',
        minWidth: 4,
        ...(point.status === 'canceled'
          ? {
              backgroundImage: 'repeating-linear-gradient(135deg, rgba(255,255,255,0.25) 0 6px, transparent 6px 12px)',
            }
          : {}),
      }}
    >
      {point.breaks.map((plannedBreak, index) => {
        const breakSpan = spanOnDay(Date.parse(plannedBreak.start_utc), Date.parse(plannedBreak.end_utc), day, zone);
        if (breakSpan === null) return null;
        return (
          <Box
            // Breaks keep their order within a shift.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            data-testid="timeline-break"
            data-type={plannedBreak.type}
            title={`${plannedBreak.type === 'lunch' ? 'Lunch' : 'Break'} ${formatTimeRange(
              Date.parse(plannedBreak.start_utc),
              Date.parse(plannedBreak.end_utc),
              zone,
            )}`}
            sx={{
              position: 'absolute',
              top: 0,
              bottom: 0,
              ...insideStyle(breakSpan, span),
              bgcolor: ITEM_COLORS[plannedBreak.type],
              opacity: 0.85,
            }}
          />
        );
      })}
      <Box
        component="span"
        sx={{
          position: 'relative',
          flexGrow: 1,
          px: 0.5,
          fontSize: '0.7rem',
          fontWeight: 600,
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          minWidth: 0,
        }}
      >
        {isShift ? range : statusLabel(point.status)}
      </Box>
      {isShift ? (
        <Box sx={{ position: 'relative', display: 'flex', flexShrink: 0, bgcolor: colors.bg, borderRadius: 1 }}>
          {onApprove && point.status === 'pending' ? (
            <IconButton
              size="small"
              sx={iconSx}
              title="Approve shift"
              aria-label={`Approve the shift of ${agentName}, ${range}`}
              data-testid="approve-shift"
              onClick={() => onApprove(point)}
            >
              <CheckIcon />
            </IconButton>
          ) : null}
          {onRestore && point.status === 'canceled' ? (
            <IconButton
              size="small"
              sx={iconSx}
              title="Restore shift"
              aria-label={`Restore the shift of ${agentName}, ${range}`}
              data-testid="restore-shift"
              onClick={() => onRestore(point)}
            >
              <RedoIcon />
            </IconButton>
          ) : null}
          {onCancel ? (
            <IconButton
              size="small"
              sx={iconSx}
              title="Cancel shift"
              aria-label={`Cancel the shift of ${agentName}, ${range}`}
              data-testid="cancel-shift"
              onClick={() => onCancel(point)}
            >
              <DeleteOutlinedIcon />
            </IconButton>
          ) : null}
        </Box>
      ) : null}
    </Box>
  );
}
