import { useState } from 'react';
import { fieldErrors } from '../../../lib/fieldErrors';
import { TextInput } from '../../../ui/TextInput';
import { adminApi } from '../api';
import { useAdminSave } from '../hooks/useAdminSave';
import { AdminFormDialog } from './AdminFormDialog';

/** Create (id null) or rename an agent group; the list's current name comes with the row. */
export function AgentGroupDialog({ id, name, onClose }: { id: number | null; name: string; onClose: () => void }) {
  const [draft, setDraft] = useState(name);
  const save = useAdminSave(
    () => (id === null ? adminApi.createGroup({ name: draft }) : adminApi.renameGroup(id, { name: draft })),
    onClose,
  );
  const errors = fieldErrors(save.error);
  return (
    <AdminFormDialog
      title={id === null ? 'New agent group' : 'Rename agent group'}
      testId="admin-group-dialog"
      busy={save.isPending}
      error={save.error}
      onSubmit={() => save.mutate(undefined)}
      onClose={onClose}
    >
      <TextInput
        label="Name"
        value={draft}
        onChange={setDraft}
        autoFocus
        required
        fullWidth
        error={!!errors.name}
        helperText={errors.name}
        testId="admin-group-name"
      />
    </AdminFormDialog>
  );
}
