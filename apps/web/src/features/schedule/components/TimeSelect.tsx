import TextField from '@mui/material/TextField';
import type { TimeOption } from '../utils/timeOptions';

type TimeSelectProps = {
  label: string;
  value: number | null;
  options: readonly TimeOption[];
  onChange: (value: number | null) => void;
  disabled?: boolean;
  /** The reason shown under the field, e.g. 'must not be in the past'. */
  error?: string;
  /** On the <select> itself, so a test picks an option by its text ('9:00 AM'). */
  testId: string;
};

/** A time picker on 15-minute choices: a native select, quick with a keyboard and easy to drive in tests. */
export function TimeSelect({ label, value, options, onChange, disabled = false, error, testId }: TimeSelectProps) {
  return (
    <TextField
      select
      size="small"
      fullWidth
      label={label}
      value={value === null ? '' : String(value)}
      onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
      disabled={disabled}
      error={error !== undefined}
      helperText={error === undefined ? undefined : `${label} ${error}`}
      slotProps={{
        select: { native: true },
        inputLabel: { shrink: true },
        htmlInput: { 'data-testid': testId },
      }}
    >
      <option value="" disabled>
        {options.length === 0 && !disabled ? 'No free time' : 'Select'}
      </option>
      {options.map((option) => (
        <option key={option.value} value={String(option.value)}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}
