import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { type AdminCampaign, CAMPAIGN_TYPES, type CampaignType, EMPTY_LABELS } from '@shiftline/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { fieldErrors } from '../../../lib/fieldErrors';
import { MultiSelect } from '../../../ui/MultiSelect';
import { TextInput } from '../../../ui/TextInput';
import { adminApi } from '../api';
import { useAdminOptions } from '../hooks/useAdminOptions';
import { useAdminSave } from '../hooks/useAdminSave';
import { AdminFormDialog } from './AdminFormDialog';
import { SelectInput } from './SelectInput';

type Draft = {
  name: string;
  unique_name: string;
  type: CampaignType;
  company_id: string;
  start_work_time: string;
  end_work_time: string;
  active: boolean;
  archived: boolean;
  billing_rate: string;
  agent_ids: number[];
};

const NEW_CAMPAIGN: Draft = {
  name: '',
  unique_name: '',
  type: 'inbound',
  company_id: '',
  start_work_time: '',
  end_work_time: '',
  active: true,
  archived: false,
  billing_rate: '0.00',
  agent_ids: [],
};

const draftOf = (campaign: AdminCampaign): Draft => ({
  ...campaign,
  company_id: campaign.company_id === null ? '' : String(campaign.company_id),
  start_work_time: campaign.start_work_time ?? '',
  end_work_time: campaign.end_work_time ?? '',
  billing_rate: (campaign.billing_rate_cents / 100).toFixed(2),
});

const bodyOf = (draft: Draft) => ({
  name: draft.name,
  unique_name: draft.unique_name,
  type: draft.type,
  company_id: draft.company_id === '' ? null : Number(draft.company_id),
  start_work_time: draft.start_work_time === '' ? null : draft.start_work_time,
  end_work_time: draft.end_work_time === '' ? null : draft.end_work_time,
  active: draft.active,
  archived: draft.archived,
  billing_rate_cents: Math.round(Number(draft.billing_rate) * 100),
  agent_ids: draft.agent_ids,
});

/** Create (id null) or edit a campaign: type, client company, working window (UTC), status, billing, agents. */
export function CampaignDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const loaded = useQuery({
    queryKey: ['admin', 'campaign', id],
    queryFn: () => adminApi.campaign(id as number),
    enabled: id !== null,
  });
  if (id !== null && !loaded.data) return loaded.error ? <Alert severity="error">{loaded.error.message}</Alert> : null;
  return <CampaignForm id={id} initial={loaded.data ? draftOf(loaded.data) : NEW_CAMPAIGN} onClose={onClose} />;
}

function CampaignForm({ id, initial, onClose }: { id: number | null; initial: Draft; onClose: () => void }) {
  const options = useAdminOptions().data;
  const [draft, setDraft] = useState(initial);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const save = useAdminSave(
    () => (id === null ? adminApi.createCampaign(bodyOf(draft)) : adminApi.editCampaign(id, bodyOf(draft))),
    onClose,
  );
  const errors = fieldErrors(save.error);
  const text = (
    key: 'name' | 'unique_name' | 'start_work_time' | 'end_work_time' | 'billing_rate',
    label: string,
    hint?: string,
  ) => {
    const field = key === 'billing_rate' ? 'billing_rate_cents' : key;
    return (
      <TextInput
        label={label}
        value={draft[key]}
        onChange={(value) => set(key, value)}
        fullWidth
        error={!!errors[field]}
        helperText={errors[field] ?? hint}
        testId={`admin-campaign-${key.replaceAll('_', '-')}`}
      />
    );
  };
  return (
    <AdminFormDialog
      title={id === null ? 'New campaign' : 'Edit campaign'}
      testId="admin-campaign-dialog"
      busy={save.isPending}
      error={save.error}
      onSubmit={() => save.mutate(undefined)}
      onClose={onClose}
    >
      {text('name', 'Name')}
      {text('unique_name', 'Unique name', "Lower-case letters, digits, '_' or '-'")}
      <SelectInput
        label="Type"
        value={draft.type}
        options={CAMPAIGN_TYPES.map((type) => ({ value: type, label: type === 'inbound' ? 'Inbound' : 'Outbound' }))}
        onChange={(value) => set('type', value as CampaignType)}
        error={errors.type}
        testId="admin-campaign-type"
      />
      <SelectInput
        label="Client company"
        value={draft.company_id}
        options={[
          { value: '', label: 'None' },
          ...(options?.companies ?? []).map((c) => ({ value: String(c.id), label: c.name })),
        ]}
        onChange={(value) => set('company_id', value)}
        error={errors.company_id}
        testId="admin-campaign-company"
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
        {text('start_work_time', 'Working from (UTC)', 'HH:mm, or empty')}
        {text('end_work_time', 'Working until (UTC)', 'HH:mm, or empty')}
      </Box>
      {text('billing_rate', 'Billing rate ($ per billed hour)')}
      <Box sx={{ display: 'flex', gap: 2 }}>
        <FormControlLabel
          control={<Switch checked={draft.active} onChange={(e) => set('active', e.target.checked)} />}
          label="Active"
        />
        <FormControlLabel
          control={<Switch checked={draft.archived} onChange={(e) => set('archived', e.target.checked)} />}
          label="Archived"
        />
      </Box>
      <MultiSelect
        label="Agents enabled"
        options={(options?.agents ?? []).map((agent) => ({ value: agent.id, label: agent.name }))}
        value={draft.agent_ids}
        onChange={(ids) => set('agent_ids', ids)}
        emptyLabel={EMPTY_LABELS.agents}
        testId="admin-campaign-agents"
      />
      {errors.agent_ids ? <FormHelperText error>{errors.agent_ids}</FormHelperText> : null}
    </AdminFormDialog>
  );
}
