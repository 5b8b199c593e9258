import { TIME_ZONES, type TimeZoneId } from '@shiftline/shared';
import TextField from '@mui/material/TextField';

type TimezoneSelectProps = {
  value: TimeZoneId;
  onChange: (zone: TimeZoneId) => void;
  label?: string;
  disabled?: boolean;
  testId?: string;
  fullWidth?: boolean;
};

/** One of the product's thirteen zones. A native select: quick with a keyboard and easy to script. */
export function TimezoneSelect({
  value,
  onChange,
  label = 'Timezone to view Data',
  disabled = false,
  testId,
  fullWidth = false,
}: TimezoneSelectProps) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      disabled={disabled}
      fullWidth={fullWidth}
      onChange={(event) => onChange(event.target.value as TimeZoneId)}
      slotProps={{ select: { native: true }, htmlInput: { 'data-testid': testId } }}
    >
      {TIME_ZONES.map((zone) => (
        <option key={zone.id} value={zone.id}>
          {zone.label}
        </option>
      ))}
    </TextField>
  );
}
