import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { type InputHTMLAttributes, type KeyboardEvent, useId } from 'react';

type TextInputProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password' | 'number';
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  error?: boolean;
  helperText?: string;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  width?: number;
  onBlur?: () => void;
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
  /** Extra attributes of the <input> itself, e.g. min, step, inputMode. */
  inputAttributes?: InputHTMLAttributes<HTMLInputElement>;
  /** On the field's root; browser tests reach the <input> inside it. */
  testId?: string;
};

/**
 * An outlined, labelled text input. Lighter than TextField (which always brings Select and its
 * menu), so the sign-in page and the top bar stay small.
 */
export function TextInput({
  label,
  value,
  onChange,
  type = 'text',
  autoComplete,
  autoFocus = false,
  required = false,
  error = false,
  helperText,
  size = 'medium',
  fullWidth = false,
  width,
  onBlur,
  onKeyDown,
  inputAttributes,
  testId,
}: TextInputProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <FormControl
      variant="outlined"
      size={size}
      error={error}
      required={required}
      fullWidth={fullWidth}
      sx={{ width }}
      data-testid={testId}
    >
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        type={type}
        value={value}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        onKeyDown={onKeyDown}
        inputProps={{ ...inputAttributes, 'aria-describedby': helperText ? helperId : undefined }}
      />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
