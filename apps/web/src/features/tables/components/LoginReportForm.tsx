import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import type { EditRowForm } from '@shiftline/shared';
import { DateTime } from 'luxon';
import { useState } from 'react';
import { FormDialog, SaveCancelActions } from '../../../ui/FormDialog';
import type { SaveOutcome } from './EditRowDialog';

type Props = {
  form: EditRowForm;
  zone: string;
  onSave: (body: unknown) => Promise<SaveOutcome>;
  onClose: () => void;
};

/** An ISO instant as a datetime-local value in the viewer's zone (seconds shown). */
const toLocalInput = (value: unknown, zone: string): string => {
  if (typeof value !== 'string') return '';
  const at = DateTime.fromISO(value, { setZone: true });
  return at.isValid ? at.setZone(zone).toFormat("yyyy-LL-dd'T'HH:mm:ss") : '';
};

/** A datetime-local value read in the viewer's zone, as an ISO UTC instant; null when it is not a time. */
const fromLocalInput = (text: string, zone: string): string | null => {
  const at = DateTime.fromISO(text, { zone });
  return at.isValid ? (at.toUTC().toISO({ suppressMilliseconds: true }) as string) : null;
};

/** 'Edit Login Time' (spec §2.8): the agent read only, start and end as date-time fields in the viewer's zone. */
export function LoginReportForm({ form, zone, onSave, onClose }: Props) {
  const record = form.rows[0] ?? {};
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      form.fields.map((field) => [
        field.name,
        field.type === 'datetime' ? toLocalInput(record[field.name], zone) : String(record[field.name] ?? ''),
      ]),
    ),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    const model: Record<string, unknown> = { ...record };
    const found: Record<string, string> = {};
    for (const field of form.fields) {
      if (field.readonly || field.type !== 'datetime') continue;
      const instant = fromLocalInput(values[field.name] ?? '', zone);
      if (instant === null) found[field.name] = 'must be a date and time';
      else model[field.name] = instant;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const outcome = await onSave(model);
    setBusy(false);
    if (outcome.ok) return;
    setErrors({ ...outcome.fields });
    setAlert(outcome.message);
  };

  return (
    <FormDialog
      title={form.title}
      titleId="login-report-title"
      testId="edit-login-report"
      formId="login-report-form"
      onSubmit={save}
      busy={busy}
      onClose={onClose}
      maxWidth="xs"
      fullWidth
      gap={2}
      actions={<SaveCancelActions formId="login-report-form" busy={busy} onCancel={onClose} testPrefix="edit" />}
    >
      {alert ? (
        <Alert severity="error" data-testid="edit-alert">
          {alert}
        </Alert>
      ) : null}
      {form.fields.map((field) => (
        <TextField
          key={field.name}
          label={field.label}
          type={field.type === 'datetime' ? 'datetime-local' : 'text'}
          value={values[field.name] ?? ''}
          onChange={(event) => setValues((current) => ({ ...current, [field.name]: event.target.value }))}
          error={errors[field.name] !== undefined}
          helperText={errors[field.name]}
          data-testid={`edit-field-${field.name}`}
          slotProps={{
            input: { readOnly: field.readonly },
            htmlInput: field.type === 'datetime' ? { step: 1 } : undefined,
            inputLabel: { shrink: true },
          }}
        />
      ))}
    </FormDialog>
  );
}
