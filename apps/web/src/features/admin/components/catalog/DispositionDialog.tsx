import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { type CampaignType, DISPOSITION_BUCKETS, type DispositionBody } from '@shiftline/shared';
import { useState } from 'react';
import { useAdminOptions } from '../../hooks/useAdminOptions';
import { useAdminSave } from '../../hooks/useAdminSave';
import { AdminFormDialog } from '../AdminFormDialog';
import { AdminRecord } from '../AdminRecord';
import { AdminTextField } from '../AdminTextField';
import { SelectInput } from '../SelectInput';
import { catalogApi } from './catalogApi';

const NEW_DISPOSITION: DispositionBody = {
  title: '',
  campaign_id: null,
  campaign_type: 'inbound',
  bucket: 'resolved',
  callback_required: false,
  adds_to_dnc: false,
};

/** Create (id null) or edit a disposition: its campaign (or every campaign of a type), category and rules. */
export function DispositionDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  return (
    <AdminRecord kind="disposition" id={id} load={catalogApi.disposition}>
      {(loaded) => (
        <DispositionForm
          id={id}
          initial={
            loaded
              ? {
                  title: loaded.title,
                  campaign_id: loaded.campaign_id,
                  campaign_type: loaded.campaign_type,
                  bucket: loaded.bucket,
                  callback_required: loaded.callback_required,
                  adds_to_dnc: loaded.adds_to_dnc,
                }
              : NEW_DISPOSITION
          }
          onClose={onClose}
        />
      )}
    </AdminRecord>
  );
}

/** The campaign select's value: a campaign's id, or 'all-inbound' / 'all-outbound'. */
const scopeOf = (draft: DispositionBody) =>
  draft.campaign_id === null ? `all-${draft.campaign_type}` : String(draft.campaign_id);

function DispositionForm({
  id,
  initial,
  onClose,
}: {
  id: number | null;
  initial: DispositionBody;
  onClose: () => void;
}) {
  const campaigns = useAdminOptions().data?.campaigns ?? [];
  const [draft, setDraft] = useState<DispositionBody>(initial);
  const { save, errors } = useAdminSave(
    id,
    { create: () => catalogApi.createDisposition(draft), edit: (id) => catalogApi.editDisposition(id, draft) },
    onClose,
  );
  const chooseScope = (value: string) => {
    if (value.startsWith('all-')) {
      setDraft({ ...draft, campaign_id: null, campaign_type: value.slice(4) as CampaignType });
      return;
    }
    const campaign = campaigns.find((entry) => entry.id === Number(value));
    if (campaign) setDraft({ ...draft, campaign_id: campaign.id, campaign_type: campaign.type });
  };
  return (
    <AdminFormDialog
      title={id === null ? 'New disposition' : 'Edit disposition'}
      testId="admin-disposition-dialog"
      save={save}
      onClose={onClose}
    >
      <AdminTextField
        label="Title"
        value={draft.title}
        onChange={(title) => setDraft({ ...draft, title })}
        required
        error={errors.title}
        testId="admin-disposition-title"
      />
      <SelectInput
        label="Campaign"
        value={scopeOf(draft)}
        options={[
          { value: 'all-inbound', label: 'Every inbound campaign' },
          { value: 'all-outbound', label: 'Every outbound campaign' },
          ...campaigns.map((campaign) => ({
            value: String(campaign.id),
            label: `${campaign.name} (${campaign.type})`,
          })),
        ]}
        onChange={chooseScope}
        error={errors.campaign_id ?? errors.campaign_type}
        testId="admin-disposition-campaign"
      />
      <SelectInput
        label="Category"
        value={draft.bucket}
        options={DISPOSITION_BUCKETS.map((bucket) => ({ value: bucket.id, label: bucket.label }))}
        onChange={(bucket) => setDraft({ ...draft, bucket: bucket as DispositionBody['bucket'] })}
        error={errors.bucket}
        testId="admin-disposition-category"
      />
      <FormControlLabel
        control={
          <Switch
            checked={draft.callback_required}
            onChange={(event) => setDraft({ ...draft, callback_required: event.target.checked })}
            data-testid="admin-disposition-callback"
          />
        }
        label="The agent must set a callback time first"
      />
      <FormControlLabel
        control={
          <Switch
            checked={draft.adds_to_dnc}
            onChange={(event) => setDraft({ ...draft, adds_to_dnc: event.target.checked })}
            data-testid="admin-disposition-dnc"
          />
        }
        label="Put the caller's number on the do-not-call list"
      />
    </AdminFormDialog>
  );
}
