import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import type { ShiftStatus } from '@shiftline/shared';
import { visibleStatusEntries } from '../utils/visibleStatusEntries';

type StatusFilterProps = {
  forself: boolean;
  isScheduleSupervisor: boolean;
  /** Statuses whose shifts are hidden. */
  hidden: ReadonlySet<ShiftStatus>;
  onChange: (hidden: ReadonlySet<ShiftStatus>) => void;
};

/** The Statuses list: unchecking a status hides its shifts from both calendars. */
export function StatusFilter({ forself, isScheduleSupervisor, hidden, onChange }: StatusFilterProps) {
  const toggle = (status: ShiftStatus) => {
    const next = new Set(hidden);
    if (next.has(status)) next.delete(status);
    else next.add(status);
    onChange(next);
  };
  return (
    <Box component="section" aria-labelledby="status-filter-title">
      <Typography id="status-filter-title" variant="subtitle2" sx={{ mb: 0.5 }}>
        Statuses
      </Typography>
      <FormGroup>
        {visibleStatusEntries({ forself, isScheduleSupervisor }).map((entry) => (
          <FormControlLabel
            key={entry.key}
            slotProps={{ typography: { variant: 'body2' } }}
            data-testid={`status-filter-${entry.key}`}
            control={
              <Checkbox size="small" checked={!hidden.has(entry.status)} onChange={() => toggle(entry.status)} />
            }
            label={
              <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                <Box
                  component="span"
                  aria-hidden
                  sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: entry.color, flexShrink: 0 }}
                />
                {entry.label}
              </Box>
            }
          />
        ))}
      </FormGroup>
    </Box>
  );
}
