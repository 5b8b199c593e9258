import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { type EditProfileBody, editProfileBodySchema, type ProfileForm } from '@shiftline/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../lib/apiError';
import { refreshAfter } from '../../../lib/cacheRefresh';
import { fieldErrors } from '../../../lib/fieldErrors';
import { useCloseRouteDialog } from '../../../ui/useCloseRouteDialog';
import { profileApi, profileFormQueryKey } from '../api';
import { type ProfileField, ProfileTextFields, SaveErrorAlert } from './ProfileTextFields';

const FORM_ID = 'edit-profile-form';

type FormValues = Record<keyof ProfileForm, string>;

const FIELDS: ProfileField<keyof ProfileForm>[] = [
  { name: 'first_name', label: 'First name', testId: 'profile-first-name' },
  { name: 'second_name', label: 'Last name', testId: 'profile-second-name' },
  { name: 'email', label: 'Email', testId: 'profile-email', type: 'email' },
  { name: 'extension', label: 'Extension', testId: 'profile-extension', hint: '2 to 8 digits; leave empty for none' },
  { name: 'avatar_url', label: 'Avatar URL', testId: 'profile-avatar-url', hint: 'A web address of a picture' },
];

const toValues = (form: ProfileForm): FormValues => ({
  ...form,
  extension: form.extension ?? '',
  avatar_url: form.avatar_url ?? '',
});

// Empty optional fields mean "none" to the API.
const toBody = (values: FormValues): EditProfileBody => ({
  ...values,
  extension: values.extension.trim() === '' ? null : values.extension,
  avatar_url: values.avatar_url.trim() === '' ? null : values.avatar_url,
});

function ProfileFields({ initial, onSaved }: { initial: ProfileForm; onSaved: () => void }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<FormValues>(() => toValues(initial));
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: profileApi.saveProfile,
    onSuccess: async (saved) => {
      queryClient.setQueryData(profileFormQueryKey, saved);
      await refreshAfter(queryClient, { kind: 'session' });
      onSaved();
    },
  });
  const serverErrors = fieldErrors(save.error);
  const errors = { ...serverErrors, ...localErrors };
  // Plain validation failures are already explained next to their fields.
  const showAlert =
    save.error !== null &&
    !(
      save.error instanceof ApiError &&
      save.error.code === 'validation_failed' &&
      Object.keys(serverErrors).length > 0
    );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = toBody(values);
    // The server's own schema, so both sides apply the same rules.
    const checked = editProfileBodySchema.safeParse(body);
    setLocalErrors(checked.success ? {} : fieldErrors(checked.error));
    if (checked.success) save.mutate(body);
  };

  return (
    <>
      <SaveErrorAlert error={showAlert ? save.error : null} />
      <Box component="form" id={FORM_ID} noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2, pt: 1 }}>
        <ProfileTextFields
          fields={FIELDS}
          values={values}
          errors={errors}
          onChange={(name, value) => setValues({ ...values, [name]: value })}
        />
      </Box>
      <SaveActions pending={save.isPending} />
    </>
  );
}

function SaveActions({ pending }: { pending: boolean }) {
  const close = useCloseRouteDialog();
  return (
    <DialogActions sx={{ px: 0, pt: 3 }}>
      <Button onClick={close} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" form={FORM_ID} variant="contained" loading={pending} data-testid="edit-profile-submit">
        Save
      </Button>
    </DialogActions>
  );
}

/** The /profile/edit_profile route: a modal over the current page. */
export function EditProfileDialog() {
  const close = useCloseRouteDialog();
  const form = useQuery({ queryKey: profileFormQueryKey, queryFn: profileApi.profileForm, staleTime: 0 });
  return (
    <Dialog open onClose={close} maxWidth="sm" data-testid="edit-profile-dialog">
      <DialogTitle>Profile Settings</DialogTitle>
      <DialogContent>
        {form.data ? <ProfileFields initial={form.data} onSaved={close} /> : null}
        {form.isPending ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
            <CircularProgress aria-label="Loading profile" />
          </Box>
        ) : null}
        {form.error ? (
          <Alert severity="error">
            {form.error instanceof ApiError ? form.error.message : 'The profile could not be loaded.'}
          </Alert>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
