import Box from '@mui/material/Box';
import { HOUR_LABELS } from '../utils/timeline';

/** The 24-hour scale over the timelines: one column per hour, labelled at its start. */
export function TimelineHeader() {
  return (
    <Box
      data-testid="timeline-header"
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(24, minmax(0, 1fr))', height: 24, alignItems: 'end' }}
    >
      {HOUR_LABELS.map((label) => (
        <Box
          key={label}
          data-testid="timeline-hour"
          sx={{
            fontSize: '0.65rem',
            color: 'text.secondary',
            whiteSpace: 'nowrap',
            overflow: 'hidden',
            borderLeft: 1,
            borderColor: 'divider',
            pl: 0.25,
            lineHeight: '18px',
          }}
        >
          {label}
        </Box>
      ))}
    </Box>
  );
}

/** Hour lines behind a timeline track. */
export const hourGridSx = {
  position: 'relative',
  backgroundImage: 'linear-gradient(to right, rgba(0, 0, 0, 0.08) 1px, transparent 1px)',
  backgroundSize: 'calc(100% / 24) 100%',
} as const;
