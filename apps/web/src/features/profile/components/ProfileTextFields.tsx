import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { ApiError } from '../../../lib/apiError';

export type ProfileField<Name extends string> = {
  name: Name;
  label: string;
  testId: string;
  type?: string;
  autoComplete?: string;
  hint?: string;
};

type ProfileTextFieldsProps<Name extends string> = {
  fields: readonly ProfileField<Name>[];
  values: Record<Name, string>;
  errors: Record<string, string | undefined>;
  onChange: (name: Name, value: string) => void;
};

/** The profile dialogs' fields, the first focused. A field's error, after its label, takes the place of its hint. */
export function ProfileTextFields<Name extends string>({
  fields,
  values,
  errors,
  onChange,
}: ProfileTextFieldsProps<Name>) {
  return fields.map((field, index) => (
    <TextField
      key={field.name}
      label={field.label}
      type={field.type ?? 'text'}
      autoFocus={index === 0}
      autoComplete={field.autoComplete}
      value={values[field.name]}
      onChange={(event) => onChange(field.name, event.target.value)}
      error={errors[field.name] !== undefined}
      helperText={errors[field.name] === undefined ? field.hint : `${field.label} ${errors[field.name]}`}
      data-testid={field.testId}
    />
  ));
}

/** A failed save the fields do not explain, above the profile dialogs' fields (nothing when `error` is null). */
export function SaveErrorAlert({ error }: { error: Error | null }) {
  if (!error) return null;
  return (
    <Alert severity="error" sx={{ mb: 2 }}>
      {error instanceof ApiError ? error.message : 'Saving failed. Please try again.'}
    </Alert>
  );
}
