import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatClock } from '@shiftline/shared';
import { useNow } from '../../lib/useNow';

function ClockReading({ caption, text, testId }: { caption: string; text: string; testId: string }) {
  return (
    <Box sx={{ lineHeight: 1.1 }}>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', lineHeight: 1.2 }}>
        {caption}
      </Typography>
      <Typography
        variant="body2"
        data-testid={testId}
        sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      >
        {text}
      </Typography>
    </Box>
  );
}

/** UTC and the user's local time with the zone abbreviation, ticking every second. */
export function TopBarClock({ zone }: { zone: string }) {
  const now = useNow();
  return (
    <Box sx={{ display: 'flex', gap: 2.5 }} aria-live="off">
      <ClockReading caption="UTC" text={formatClock(now, 'UTC')} testId="clock-utc" />
      <ClockReading caption="Local" text={formatClock(now, zone)} testId="clock-local" />
    </Box>
  );
}
