import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { AdminLeadList } from '@shiftline/shared';
import { useState } from 'react';
import { useAdminSave } from '../../hooks/useAdminSave';
import { AdminFormDialog } from '../AdminFormDialog';
import { AdminRecord } from '../AdminRecord';
import { AdminTextField } from '../AdminTextField';
import { LeadListImportDialog } from './LeadListImportDialog';
import { leadListsApi } from './leadListsApi';

/** A new lead list (id null: the import) or an existing one: rename, enable or disable, export. */
export function LeadListDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  if (id === null) return <LeadListImportDialog onClose={onClose} />;
  return (
    <AdminRecord kind="lead_list" id={id} load={leadListsApi.list}>
      {(list) => (list ? <LeadListForm list={list} onClose={onClose} /> : null)}
    </AdminRecord>
  );
}

function LeadListForm({ list, onClose }: { list: AdminLeadList; onClose: () => void }) {
  const [draft, setDraft] = useState({ name: list.name, enabled: list.enabled });
  const { save, errors } = useAdminSave(
    list.id,
    { create: async () => undefined, edit: (id) => leadListsApi.edit(id, draft) },
    onClose,
  );
  return (
    <AdminFormDialog
      title="Lead list"
      testId="lead-list-dialog"
      save={save}
      onClose={onClose}
      extraActions={
        <Button
          startIcon={<DownloadIcon />}
          href={leadListsApi.exportUrl(list.id)}
          download
          data-testid="lead-list-export"
          sx={{ mr: 'auto' }}
        >
          Export CSV
        </Button>
      }
    >
      <Typography variant="body2" data-testid="lead-list-facts">
        {list.campaign_name}: {list.leads.toLocaleString()} leads, {list.called.toLocaleString()} called
        {list.source_file ? ` · from ${list.source_file}` : ''} · numbers read in {list.country}
        {list.custom_fields.length > 0 ? ` · custom fields: ${list.custom_fields.join(', ')}` : ''}
      </Typography>
      <AdminTextField
        label="Name"
        value={draft.name}
        onChange={(name) => setDraft({ ...draft, name })}
        required
        error={errors.name}
        testId="lead-list-name"
      />
      <FormControlLabel
        control={
          <Switch
            checked={draft.enabled}
            onChange={(event) => setDraft({ ...draft, enabled: event.target.checked })}
            data-testid="lead-list-enabled"
          />
        }
        label={
          draft.enabled
            ? 'Enabled: its leads are shown and dialled'
            : 'Disabled: its leads are neither shown nor dialled'
        }
      />
    </AdminFormDialog>
  );
}
