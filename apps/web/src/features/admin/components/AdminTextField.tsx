import type { ComponentProps } from 'react';
import { TextInput } from '../../../ui/TextInput';

type AdminTextFieldProps = Pick<
  ComponentProps<typeof TextInput>,
  'label' | 'value' | 'onChange' | 'type' | 'autoComplete' | 'autoFocus' | 'required' | 'inputAttributes' | 'testId'
> & {
  /** The server's message for this field; shown instead of the hint. */
  error: string | undefined;
  hint?: string;
};

/** A full-width text field of an administration form, with the server's error on it (or a hint) underneath. */
export function AdminTextField({ error, hint, ...input }: AdminTextFieldProps) {
  return <TextInput {...input} fullWidth error={Boolean(error)} helperText={error ?? hint} />;
}
