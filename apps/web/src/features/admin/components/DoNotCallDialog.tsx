import { useState } from 'react';
import { adminApi } from '../api';
import { useAdminSave } from '../hooks/useAdminSave';
import { AdminFormDialog } from './AdminFormDialog';
import { AdminTextField } from './AdminTextField';

/**
 * A number onto the do-not-call list: its calls are refused (logged as blocked) and agents may not dial it. The
 * server reads the number as the shared phone rule does and keeps it in E.164.
 */
export function DoNotCallDialog({ onClose }: { onClose: () => void }) {
  const [phone, setPhone] = useState('');
  const [note, setNote] = useState('');
  const { save, errors } = useAdminSave(
    null,
    { create: () => adminApi.addDoNotCall({ phone, note: note.trim() === '' ? null : note }), edit: async () => null },
    onClose,
  );
  return (
    <AdminFormDialog title="New do-not-call number" testId="admin-dnc-dialog" save={save} onClose={onClose}>
      <AdminTextField
        label="Phone number"
        value={phone}
        onChange={setPhone}
        autoFocus
        required
        error={errors.phone}
        hint="E.164 (+14165550123), or a North American number as written"
        testId="admin-dnc-phone"
      />
      <AdminTextField label="Note" value={note} onChange={setNote} error={errors.note} testId="admin-dnc-note" />
    </AdminFormDialog>
  );
}
