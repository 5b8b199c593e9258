import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { changePasswordBodySchema } from '@shiftline/shared';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../lib/apiError';
import { fieldErrors } from '../../../lib/fieldErrors';
import { useCloseRouteDialog } from '../../../ui/useCloseRouteDialog';
import { profileApi } from '../api';

const FORM_ID = 'change-password-form';

type Passwords = { current_password: string; new_password: string; confirm_password: string };

type Field = { name: keyof Passwords; label: string; testId: string; autoComplete: string; hint?: string };

const FIELDS: Field[] = [
  { name: 'current_password', label: 'Current password', testId: 'current-password', autoComplete: 'current-password' },
  {
    name: 'new_password',
    label: 'New password',
    testId: 'new-password',
    autoComplete: 'new-password',
    hint: 'At least 8 characters',
  },
  { name: 'confirm_password', label: 'Confirm new password', testId: 'confirm-password', autoComplete: 'new-password' },
];

/** The /profile/change_password route: a modal over the current page. */
export function ChangePasswordDialog() {
  const close = useCloseRouteDialog();
  const [values, setValues] = useState<Passwords>({ current_password: '', new_password: '', confirm_password: '' });
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const save = useMutation({ mutationFn: profileApi.changePassword, onSuccess: close });

  const errors = { ...fieldErrors(save.error), ...localErrors };
  const generalError = save.error && Object.keys(fieldErrors(save.error)).length === 0 ? save.error : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The shared schema is the server's own check, so the browser cannot disagree with it.
    const checked = changePasswordBodySchema.safeParse(values);
    setLocalErrors(checked.success ? {} : fieldErrors(checked.error));
    if (checked.success) save.mutate(checked.data);
  };

  return (
    <Dialog open onClose={save.isPending ? undefined : close} data-testid="change-password-dialog">
      <DialogTitle>Change Password</DialogTitle>
      <DialogContent>
        {generalError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {generalError instanceof ApiError ? generalError.message : 'Saving failed. Please try again.'}
          </Alert>
        ) : null}
        <Box component="form" id={FORM_ID} noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2, pt: 1 }}>
          {FIELDS.map((field, index) => (
            <TextField
              key={field.name}
              label={field.label}
              type="password"
              autoFocus={index === 0}
              autoComplete={field.autoComplete}
              value={values[field.name]}
              onChange={(event) => {
                setValues({ ...values, [field.name]: event.target.value });
                if (save.error) save.reset();
              }}
              error={errors[field.name] !== undefined}
              helperText={errors[field.name] === undefined ? field.hint : `${field.label} ${errors[field.name]}`}
              data-testid={field.testId}
            />
          ))}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close} disabled={save.isPending}>
          Cancel
        </Button>
        <Button
          type="submit"
          form={FORM_ID}
          variant="contained"
          loading={save.isPending}
          data-testid="change-password-submit"
        >
          Change password
        </Button>
      </DialogActions>
    </Dialog>
  );
}
