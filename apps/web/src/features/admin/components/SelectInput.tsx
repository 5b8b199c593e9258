import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId } from 'react';

export type SelectOption = { value: string; label: string };

type SelectInputProps = {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  error?: string;
  testId?: string;
};

/** A labelled native select with the server's error under it: quick with a keyboard and easy to script. */
export function SelectInput({ label, value, options, onChange, error, testId }: SelectInputProps) {
  const id = useId();
  return (
    <FormControl fullWidth error={error !== undefined} data-testid={testId}>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <NativeSelect
        value={value}
        onChange={(event) => onChange(event.target.value)}
        input={<OutlinedInput notched label={label} />}
        inputProps={{ id }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
      {error ? <FormHelperText>{error}</FormHelperText> : null}
    </FormControl>
  );
}
