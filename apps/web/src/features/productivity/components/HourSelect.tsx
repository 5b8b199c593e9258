import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { HOUR_OPTIONS } from '../utils/hourOptions';

type HourSelectProps = { label: string; value: number; onChange: (hour: number) => void; testId: string };

/** A time-of-day selector, 12:00 AM to 11:00 PM. */
export function HourSelect({ label, value, onChange, testId }: HourSelectProps) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(Number(event.target.value))}
      sx={{ minWidth: 130 }}
      slotProps={{
        inputLabel: { shrink: true },
        select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 400 } } } } },
      }}
      data-testid={testId}
    >
      {HOUR_OPTIONS.map((option) => (
        <MenuItem key={option.value} value={option.value} dense>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
