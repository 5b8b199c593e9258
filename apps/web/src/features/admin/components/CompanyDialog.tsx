import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useState } from 'react';
import { Link } from 'react-router';
import { fieldErrors } from '../../../lib/fieldErrors';
import { TextInput } from '../../../ui/TextInput';
import { adminApi } from '../api';
import { useAdminSave } from '../hooks/useAdminSave';
import { AdminFormDialog } from './AdminFormDialog';

type Company = { name: string; callbacks_enabled: boolean };

/**
 * Create (id null) or edit a client company. Its portal users are users with the Company Supervisor role: the links
 * list them and start a new one.
 */
export function CompanyDialog({ id, initial, onClose }: { id: number | null; initial: Company; onClose: () => void }) {
  const [draft, setDraft] = useState(initial);
  const save = useAdminSave(
    () => (id === null ? adminApi.createCompany(draft) : adminApi.editCompany(id, draft)),
    onClose,
  );
  const errors = fieldErrors(save.error);
  return (
    <AdminFormDialog
      title={id === null ? 'New client company' : 'Edit client company'}
      testId="admin-company-dialog"
      busy={save.isPending}
      error={save.error}
      onSubmit={() => save.mutate(undefined)}
      onClose={onClose}
    >
      <TextInput
        label="Name"
        value={draft.name}
        onChange={(name) => setDraft({ ...draft, name })}
        autoFocus
        required
        fullWidth
        error={!!errors.name}
        helperText={errors.name}
        testId="admin-company-name"
      />
      <FormControlLabel
        control={
          <Switch
            checked={draft.callbacks_enabled}
            onChange={(event) => setDraft({ ...draft, callbacks_enabled: event.target.checked })}
          />
        }
        label="Callback requests enabled"
      />
      {id === null ? null : (
        <Box sx={{ display: 'flex', gap: 2 }}>
          <Button component={Link} to={`/admin/users?companyId=${id}`} data-testid="admin-company-portal-users">
            Portal users
          </Button>
          <Button
            component={Link}
            to={`/admin/users/new?companyId=${id}`}
            startIcon={<AddIcon />}
            data-testid="admin-company-new-portal-user"
          >
            New portal user
          </Button>
        </Box>
      )}
    </AdminFormDialog>
  );
}
