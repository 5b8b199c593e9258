import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import { type Shift, STATUS_CATALOGUE } from '@shiftline/shared';
import { DateTime } from 'luxon';
import { formatTimeRange } from '../utils/localTime';
import type { ScheduleItem } from '../utils/scheduleItem';

/** Marks the delete button, so a click on it is not also a click on its event. */
export const DELETE_SHIFT_TEST_ID = 'delete-shift';

type ScheduleEventContentProps = {
  item: ScheduleItem;
  zone: string;
  view: 'month' | 'day';
  /** Present when the viewer may delete this shift (day view only). */
  onDelete?: (shift: Shift) => void;
};

const BREAK_LABELS = { break: 'Break', lunch: 'Lunch' } as const;
const VACATION_STATUS_LABELS: Record<string, string> = {
  vac_pending: 'pending',
  vac_cancel_requested: 'cancellation requested',
};

/** '9a', '9:30p': short times for the month cells. */
function compactTime(epochMs: number, zone: string): string {
  const moment = DateTime.fromMillis(epochMs, { zone });
  const meridiem = moment.hour < 12 ? 'a' : 'p';
  return `${moment.toFormat(moment.minute === 0 ? 'h' : 'h:mm')}${meridiem}`;
}

const statusLabel = (shift: Shift) => STATUS_CATALOGUE.find((entry) => entry.status === shift.status)?.label ?? '';

const textSx = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

function ShiftContent({ shift, zone, view, onDelete }: Omit<ScheduleEventContentProps, 'item'> & { shift: Shift }) {
  const start = Date.parse(shift.start_utc);
  const end = Date.parse(shift.end_utc);
  if (view === 'month') {
    return (
      <Box data-testid="shift-event" data-status={shift.status} data-shift-id={shift.id} sx={{ ...textSx, px: 0.5 }}>
        {compactTime(start, zone)} – {compactTime(end, zone)}
      </Box>
    );
  }
  // The delete button leads, on the left: breaks and lunches are drawn over the right of their shift.
  return (
    <Box
      data-testid="shift-event"
      data-status={shift.status}
      data-shift-id={shift.id}
      sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.25, height: '100%', px: 0.25, minWidth: 0 }}
    >
      {onDelete ? (
        // Not a button: the event around it is one already, and controls may not nest. From the keyboard, the
        // Delete key on the focused shift does the same (DayCalendar), announced through aria-keyshortcuts.
        <Box
          component="span"
          aria-hidden
          title="Delete shift (or press Delete on the shift)"
          onClick={() => onDelete(shift)}
          data-testid={DELETE_SHIFT_TEST_ID}
          sx={{
            display: 'inline-flex',
            p: 0.25,
            flexShrink: 0,
            borderRadius: '50%',
            cursor: 'pointer',
            '&:hover': { bgcolor: 'rgba(255, 255, 255, 0.25)' },
          }}
        >
          <DeleteOutlinedIcon fontSize="small" />
        </Box>
      ) : null}
      <Box sx={{ flexGrow: 1, minWidth: 0, pl: onDelete ? 0 : 0.25 }}>
        <Box sx={{ ...textSx, fontWeight: 600 }}>{formatTimeRange(start, end, zone)}</Box>
        <Box sx={textSx}>{statusLabel(shift)}</Box>
        {shift.notes ? <Box sx={{ ...textSx, opacity: 0.85 }}>{shift.notes}</Box> : null}
      </Box>
    </Box>
  );
}

/** What one calendar event shows: a shift, a break or lunch, or a vacation. */
export function ScheduleEventContent({ item, zone, view, onDelete }: ScheduleEventContentProps) {
  if (item.kind === 'shift') return <ShiftContent shift={item.shift} zone={zone} view={view} onDelete={onDelete} />;
  if (item.kind === 'break') {
    return (
      <Box
        data-testid="break-event"
        data-type={item.type}
        title={`${BREAK_LABELS[item.type]} ${formatTimeRange(item.start, item.end, zone)}`}
        sx={{ ...textSx, px: 0.25, fontSize: '0.7rem' }}
      >
        {BREAK_LABELS[item.type]} {DateTime.fromMillis(item.start, { zone }).toFormat('h:mm')}–
        {DateTime.fromMillis(item.end, { zone }).toFormat('h:mm')}
      </Box>
    );
  }
  const { vacation } = item;
  const status = VACATION_STATUS_LABELS[vacation.status];
  return (
    <Box data-testid="vacation-event" data-status={vacation.status} sx={{ ...textSx, px: 0.5 }}>
      {vacation.reason_name}
      {status ? ` (${status})` : ''}
    </Box>
  );
}
