import Alert from '@mui/material/Alert';
import FormHelperText from '@mui/material/FormHelperText';
import { type AdminCampaignList, EMPTY_LABELS } from '@shiftline/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { fieldErrors } from '../../../lib/fieldErrors';
import { MultiSelect } from '../../../ui/MultiSelect';
import { TextInput } from '../../../ui/TextInput';
import { adminApi } from '../api';
import { useAdminOptions } from '../hooks/useAdminOptions';
import { useAdminSave } from '../hooks/useAdminSave';
import { AdminFormDialog } from './AdminFormDialog';

type Draft = Omit<AdminCampaignList, 'id'>;
const NEW_LIST: Draft = { name: '', unique_name: '', campaign_ids: [] };

/** Create (id null) or edit a campaign list. */
export function CampaignListDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const loaded = useQuery({
    queryKey: ['admin', 'campaign_list', id],
    queryFn: () => adminApi.campaignList(id as number),
    enabled: id !== null,
  });
  if (id !== null && !loaded.data) return loaded.error ? <Alert severity="error">{loaded.error.message}</Alert> : null;
  return <CampaignListForm id={id} initial={loaded.data ?? NEW_LIST} onClose={onClose} />;
}

function CampaignListForm({ id, initial, onClose }: { id: number | null; initial: Draft; onClose: () => void }) {
  const options = useAdminOptions().data;
  const [draft, setDraft] = useState<Draft>({
    name: initial.name,
    unique_name: initial.unique_name,
    campaign_ids: initial.campaign_ids,
  });
  const save = useAdminSave(
    () => (id === null ? adminApi.createCampaignList(draft) : adminApi.editCampaignList(id, draft)),
    onClose,
  );
  const errors = fieldErrors(save.error);
  return (
    <AdminFormDialog
      title={id === null ? 'New campaign list' : 'Edit campaign list'}
      testId="admin-list-dialog"
      busy={save.isPending}
      error={save.error}
      onSubmit={() => save.mutate(undefined)}
      onClose={onClose}
    >
      <TextInput
        label="Name"
        value={draft.name}
        onChange={(name) => setDraft({ ...draft, name })}
        required
        fullWidth
        error={!!errors.name}
        helperText={errors.name}
        testId="admin-list-name"
      />
      <TextInput
        label="Unique name"
        value={draft.unique_name}
        onChange={(unique_name) => setDraft({ ...draft, unique_name })}
        required
        fullWidth
        error={!!errors.unique_name}
        helperText={errors.unique_name ?? "Lower-case letters, digits, '_' or '-'"}
        testId="admin-list-unique-name"
      />
      <MultiSelect
        label="Campaigns"
        options={(options?.campaigns ?? []).map((c) => ({ value: c.id, label: c.name }))}
        value={draft.campaign_ids}
        onChange={(campaign_ids) => setDraft({ ...draft, campaign_ids })}
        emptyLabel={EMPTY_LABELS.campaigns}
        testId="admin-list-campaigns"
      />
      {errors.campaign_ids ? <FormHelperText error>{errors.campaign_ids}</FormHelperText> : null}
    </AdminFormDialog>
  );
}
