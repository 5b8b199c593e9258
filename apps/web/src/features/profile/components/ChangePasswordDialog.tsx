import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { changePasswordBodySchema } from '@shiftline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { fieldErrors } from '../../../lib/fieldErrors';
import { useCloseRouteDialog } from '../../../ui/useCloseRouteDialog';
import { sessionQueryKey, useCurrentUser } from '../../auth';
import { profileApi } from '../api';
import { type ProfileField, ProfileTextFields, SaveErrorAlert } from './ProfileTextFields';

const FORM_ID = 'change-password-form';

type Passwords = { current_password: string; new_password: string; confirm_password: string };

const FIELDS: ProfileField<keyof Passwords>[] = [
  {
    name: 'current_password',
    label: 'Current password',
    testId: 'current-password',
    type: 'password',
    autoComplete: 'current-password',
  },
  {
    name: 'new_password',
    label: 'New password',
    testId: 'new-password',
    type: 'password',
    autoComplete: 'new-password',
    hint: 'At least 8 characters',
  },
  {
    name: 'confirm_password',
    label: 'Confirm new password',
    testId: 'confirm-password',
    type: 'password',
    autoComplete: 'new-password',
  },
];

/** The /profile/change_password route: a modal over the current page. */
export function ChangePasswordDialog() {
  const close = useCloseRouteDialog();
  const [values, setValues] = useState<Passwords>({ current_password: '', new_password: '', confirm_password: '' });
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const forced = useCurrentUser().must_change_password;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: profileApi.changePassword,
    onSuccess: async () => {
      // The session no longer needs a new password: reload it (after a forced change, everything the server refused
      // meanwhile: the status, the notifications) and leave a forced change for the home page.
      await queryClient.invalidateQueries(forced ? undefined : { queryKey: sessionQueryKey });
      if (forced) void navigate('/', { replace: true });
      else close();
    },
  });

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
        <SaveErrorAlert error={generalError} />
        <Box component="form" id={FORM_ID} noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <ProfileTextFields
            fields={FIELDS}
            values={values}
            errors={errors}
            onChange={(name, value) => {
              setValues({ ...values, [name]: value });
              if (save.error) save.reset();
            }}
          />
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
