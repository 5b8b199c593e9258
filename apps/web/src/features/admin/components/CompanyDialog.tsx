import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useState } from 'react';
import { Link } from 'react-router';
import { adminApi } from '../api';
import { useAdminSave } from '../hooks/useAdminSave';
import { AdminFormDialog } from './AdminFormDialog';
import { AdminRecord } from './AdminRecord';
import { AdminTextField } from './AdminTextField';

type Company = { name: string; callbacks_enabled: boolean };
const NEW_COMPANY: Company = { name: '', callbacks_enabled: false };

/**
 * Create (id null) or edit a client company. Its portal users are users with the Company Supervisor role: the links
 * list them and start a new one.
 */
export function CompanyDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  return (
    <AdminRecord kind="company" id={id} load={adminApi.company}>
      {(company) => <CompanyForm id={id} initial={company ?? NEW_COMPANY} onClose={onClose} />}
    </AdminRecord>
  );
}

function CompanyForm({ id, initial, onClose }: { id: number | null; initial: Company; onClose: () => void }) {
  const [draft, setDraft] = useState(initial);
  const { save, errors } = useAdminSave(
    id,
    { create: () => adminApi.createCompany(draft), edit: (id) => adminApi.editCompany(id, draft) },
    onClose,
  );
  return (
    <AdminFormDialog
      title={id === null ? 'New client company' : 'Edit client company'}
      testId="admin-company-dialog"
      save={save}
      onClose={onClose}
    >
      <AdminTextField
        label="Name"
        value={draft.name}
        onChange={(name) => setDraft({ ...draft, name })}
        autoFocus
        required
        error={errors.name}
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
