import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BREAK_MINUTES, breakStartChoices, type Interval, MINUTE_MS, type PlannedBreak } from '@shiftline/shared';
import { formatTime } from '../utils/localTime';
import { timeOptions } from '../utils/timeOptions';
import { TimeSelect } from './TimeSelect';

const TYPE_LABELS = { break: 'Break', lunch: 'Lunch' } as const;

type BreakRowProps = {
  plannedBreak: PlannedBreak;
  shift: Interval;
  /** The shift's other breaks, which this one may not overlap. */
  others: PlannedBreak[];
  zone: string;
  day: string;
  error?: string;
  onChange: (start: number) => void;
};

/** One break or lunch of the shift: its type, a start picker and the end that follows from its length. */
export function BreakRow({ plannedBreak, shift, others, zone, day, error, onChange }: BreakRowProps) {
  const choices = breakStartChoices(shift, plannedBreak.type, others);
  const end = plannedBreak.start + BREAK_MINUTES[plannedBreak.type] * MINUTE_MS;
  return (
    <Box
      data-testid="break-row"
      data-type={plannedBreak.type}
      sx={{ display: 'grid', gridTemplateColumns: '64px 1fr 88px', gap: 1.5, alignItems: 'start' }}
    >
      <Typography variant="body2" sx={{ fontWeight: 600, pt: 1 }}>
        {TYPE_LABELS[plannedBreak.type]}
      </Typography>
      <TimeSelect
        label="Start"
        value={plannedBreak.start}
        options={timeOptions(choices, zone, day)}
        onChange={(start) => {
          if (start !== null) onChange(start);
        }}
        error={error}
        testId="break-start"
      />
      <Typography variant="body2" color="text.secondary" sx={{ pt: 1 }} data-testid="break-end">
        to {formatTime(end, zone)}
      </Typography>
    </Box>
  );
}
