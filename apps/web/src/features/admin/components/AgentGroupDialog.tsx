import { useState } from 'react';
import { adminApi } from '../api';
import { useAdminSave } from '../hooks/useAdminSave';
import { AdminFormDialog } from './AdminFormDialog';
import { AdminTextField } from './AdminTextField';

/** Create (id null) or rename an agent group; the list's current name comes with the row. */
export function AgentGroupDialog({ id, name, onClose }: { id: number | null; name: string; onClose: () => void }) {
  const [draft, setDraft] = useState(name);
  const { save, errors } = useAdminSave(
    id,
    { create: () => adminApi.createGroup({ name: draft }), edit: (id) => adminApi.renameGroup(id, { name: draft }) },
    onClose,
  );
  return (
    <AdminFormDialog
      title={id === null ? 'New agent group' : 'Rename agent group'}
      testId="admin-group-dialog"
      save={save}
      onClose={onClose}
    >
      <AdminTextField
        label="Name"
        value={draft}
        onChange={setDraft}
        autoFocus
        required
        error={errors.name}
        testId="admin-group-name"
      />
    </AdminFormDialog>
  );
}
