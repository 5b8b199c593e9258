import { type AdminCampaignList, EMPTY_LABELS } from '@shiftline/shared';
import { useState } from 'react';
import { adminApi } from '../api';
import { useAdminOptions } from '../hooks/useAdminOptions';
import { useAdminSave } from '../hooks/useAdminSave';
import { AdminFormDialog } from './AdminFormDialog';
import { AdminRecord } from './AdminRecord';
import { AdminTextField } from './AdminTextField';
import { RecordsField } from './RecordsField';

type Draft = Omit<AdminCampaignList, 'id'>;
const NEW_LIST: Draft = { name: '', unique_name: '', campaign_ids: [] };

/** Create (id null) or edit a campaign list. */
export function CampaignListDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  return (
    <AdminRecord kind="campaign_list" id={id} load={adminApi.campaignList}>
      {(list) => <CampaignListForm id={id} initial={list ?? NEW_LIST} onClose={onClose} />}
    </AdminRecord>
  );
}

function CampaignListForm({ id, initial, onClose }: { id: number | null; initial: Draft; onClose: () => void }) {
  const options = useAdminOptions().data;
  const [draft, setDraft] = useState<Draft>({
    name: initial.name,
    unique_name: initial.unique_name,
    campaign_ids: initial.campaign_ids,
  });
  const { save, errors } = useAdminSave(
    id,
    { create: () => adminApi.createCampaignList(draft), edit: (id) => adminApi.editCampaignList(id, draft) },
    onClose,
  );
  return (
    <AdminFormDialog
      title={id === null ? 'New campaign list' : 'Edit campaign list'}
      testId="admin-list-dialog"
      save={save}
      onClose={onClose}
    >
      <AdminTextField
        label="Name"
        value={draft.name}
        onChange={(name) => setDraft({ ...draft, name })}
        required
        error={errors.name}
        testId="admin-list-name"
      />
      <AdminTextField
        label="Unique name"
        value={draft.unique_name}
        onChange={(unique_name) => setDraft({ ...draft, unique_name })}
        required
        error={errors.unique_name}
        hint="Lower-case letters, digits, '_' or '-'"
        testId="admin-list-unique-name"
      />
      <RecordsField
        label="Campaigns"
        records={options?.campaigns}
        value={draft.campaign_ids}
        onChange={(campaign_ids) => setDraft({ ...draft, campaign_ids })}
        emptyLabel={EMPTY_LABELS.campaigns}
        error={errors.campaign_ids}
        testId="admin-list-campaigns"
      />
    </AdminFormDialog>
  );
}
