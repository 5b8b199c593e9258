import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ShiftStatus } from '@shiftline/shared';
import { DateTime } from 'luxon';
import { ITEM_COLORS } from '../utils/calendarEvents';
import { StatusFilter } from './StatusFilter';

type ScheduleSidePanelProps = {
  focusDay: string;
  forself: boolean;
  isScheduleSupervisor: boolean;
  /** Shifts not yet sent for approval; the button is for one's own calendar only. */
  unsentCount: number;
  sending: boolean;
  onSendForApproval: () => void;
  hidden: ReadonlySet<ShiftStatus>;
  onHiddenChange: (hidden: ReadonlySet<ShiftStatus>) => void;
  /** Opens the planner for the user viewed; only a schedule supervisor viewing someone else gets it. */
  onPlan?: () => void;
};

const LEGEND = [
  { label: 'Break', color: ITEM_COLORS.break },
  { label: 'Lunch', color: ITEM_COLORS.lunch },
  { label: 'Vacation', color: ITEM_COLORS.vacation },
];

/** The left panel: the focused day, Send for Approval and the Statuses filter. */
export function ScheduleSidePanel({
  focusDay,
  forself,
  isScheduleSupervisor,
  unsentCount,
  sending,
  onSendForApproval,
  hidden,
  onHiddenChange,
  onPlan,
}: ScheduleSidePanelProps) {
  const day = DateTime.fromISO(focusDay).setLocale('en-US');
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 2, alignContent: 'start' }}>
      <Box>
        <Typography sx={{ fontSize: '3.5rem', fontWeight: 700, lineHeight: 1 }} data-testid="focus-day-number">
          {day.day}
        </Typography>
        <Typography variant="h2" data-testid="focus-month-name">
          {day.toFormat('LLLL')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {day.toFormat('cccc, yyyy')}
        </Typography>
      </Box>
      {forself ? (
        <Box>
          <Button
            variant="contained"
            fullWidth
            disabled={unsentCount === 0}
            loading={sending}
            onClick={onSendForApproval}
            data-testid="send-for-approval"
          >
            Send for Approval
          </Button>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
            {unsentCount === 0
              ? 'No new shifts to send.'
              : `${unsentCount} new shift${unsentCount === 1 ? '' : 's'} to send.`}
          </Typography>
        </Box>
      ) : null}
      {onPlan ? (
        <Button variant="outlined" fullWidth onClick={onPlan} data-testid="plan-shifts">
          Plan shifts
        </Button>
      ) : null}
      <Divider />
      <StatusFilter
        forself={forself}
        isScheduleSupervisor={isScheduleSupervisor}
        hidden={hidden}
        onChange={onHiddenChange}
      />
      <Box sx={{ display: 'grid', gap: 0.5 }}>
        {LEGEND.map((entry) => (
          <Box key={entry.label} sx={{ display: 'flex', alignItems: 'center', gap: 1, fontSize: '0.8125rem' }}>
            <Box component="span" aria-hidden sx={{ width: 10, height: 10, borderRadius: 0.5, bgcolor: entry.color }} />
            <Typography variant="body2" color="text.secondary">
              {entry.label}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
