import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import {
  type AdminCampaign,
  CAMPAIGN_TYPES,
  type CampaignType,
  EMPTY_LABELS,
  RECORDING_RETENTION_DAYS,
} from '@shiftline/shared';
import { useState } from 'react';
import { adminApi } from '../api';
import { useAdminOptions } from '../hooks/useAdminOptions';
import { useAdminSave } from '../hooks/useAdminSave';
import { recordOptions } from '../utils/recordOptions';
import { AdminFormDialog } from './AdminFormDialog';
import { AdminRecord } from './AdminRecord';
import { AdminTextField } from './AdminTextField';
import { CampaignNumbersSection } from './CampaignNumbersSection';
import { RecordsField } from './RecordsField';
import { SelectInput } from './SelectInput';
import { type HoursDraft, hoursBodyOf, hoursDraftOf, NEW_HOURS, WorkingHoursFields } from './WorkingHoursFields';

type Draft = {
  name: string;
  unique_name: string;
  type: CampaignType;
  company_id: string;
  hours: HoursDraft;
  active: boolean;
  archived: boolean;
  billing_rate: string;
  record_calls: boolean;
  agents_hear_own_recordings: boolean;
  recording_retention_days: string;
  agent_ids: number[];
};

const NEW_CAMPAIGN: Draft = {
  name: '',
  unique_name: '',
  type: 'inbound',
  company_id: '',
  hours: NEW_HOURS,
  active: true,
  archived: false,
  billing_rate: '0.00',
  record_calls: false,
  agents_hear_own_recordings: false,
  recording_retention_days: String(RECORDING_RETENTION_DAYS.default),
  agent_ids: [],
};

const draftOf = (campaign: AdminCampaign): Draft => ({
  ...campaign,
  company_id: campaign.company_id === null ? '' : String(campaign.company_id),
  hours: hoursDraftOf(campaign.working_hours),
  billing_rate: (campaign.billing_rate_cents / 100).toFixed(2),
  recording_retention_days: String(campaign.recording_retention_days),
});

const bodyOf = (draft: Draft) => ({
  name: draft.name,
  unique_name: draft.unique_name,
  type: draft.type,
  company_id: draft.company_id === '' ? null : Number(draft.company_id),
  working_hours: hoursBodyOf(draft.hours),
  active: draft.active,
  archived: draft.archived,
  billing_rate_cents: Math.round(Number(draft.billing_rate) * 100),
  record_calls: draft.record_calls,
  agents_hear_own_recordings: draft.agents_hear_own_recordings,
  // Not a number: sent as null, which the server refuses naming the field.
  recording_retention_days: Number(draft.recording_retention_days),
  agent_ids: draft.agent_ids,
});

/** Create (id null) or edit a campaign: type, client company, working hours (its own zone), status, billing, agents. */
export function CampaignDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  return (
    <AdminRecord kind="campaign" id={id} load={adminApi.campaign}>
      {(campaign) => <CampaignForm id={id} initial={campaign ? draftOf(campaign) : NEW_CAMPAIGN} onClose={onClose} />}
    </AdminRecord>
  );
}

function CampaignForm({ id, initial, onClose }: { id: number | null; initial: Draft; onClose: () => void }) {
  const options = useAdminOptions().data;
  const [draft, setDraft] = useState(initial);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const { save, errors } = useAdminSave(
    id,
    { create: () => adminApi.createCampaign(bodyOf(draft)), edit: (id) => adminApi.editCampaign(id, bodyOf(draft)) },
    onClose,
  );
  const text = (
    key: 'name' | 'unique_name' | 'billing_rate' | 'recording_retention_days',
    label: string,
    hint?: string,
  ) => {
    const field = key === 'billing_rate' ? 'billing_rate_cents' : key;
    return (
      <AdminTextField
        label={label}
        value={draft[key]}
        onChange={(value) => set(key, value)}
        error={errors[field]}
        hint={hint}
        testId={`admin-campaign-${key.replaceAll('_', '-')}`}
      />
    );
  };
  return (
    <AdminFormDialog
      title={id === null ? 'New campaign' : 'Edit campaign'}
      testId="admin-campaign-dialog"
      save={save}
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
        options={recordOptions('None', options?.companies)}
        onChange={(value) => set('company_id', value)}
        error={errors.company_id}
        testId="admin-campaign-company"
      />
      <WorkingHoursFields value={draft.hours} onChange={(hours) => set('hours', hours)} errors={errors} />
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
      <FormControlLabel
        control={
          <Switch
            checked={draft.record_calls}
            onChange={(e) => set('record_calls', e.target.checked)}
            data-testid="admin-campaign-record-calls"
          />
        }
        label="Record calls"
      />
      {draft.record_calls ? (
        <>
          <FormControlLabel
            control={
              <Switch
                checked={draft.agents_hear_own_recordings}
                onChange={(e) => set('agents_hear_own_recordings', e.target.checked)}
              />
            }
            label="Agents may play their own calls' recordings"
          />
          {text(
            'recording_retention_days',
            'Keep recordings for (days)',
            `${RECORDING_RETENTION_DAYS.min} to ${RECORDING_RETENTION_DAYS.max}; older ones are deleted`,
          )}
        </>
      ) : null}
      <RecordsField
        label="Agents enabled"
        records={options?.agents}
        value={draft.agent_ids}
        onChange={(ids) => set('agent_ids', ids)}
        emptyLabel={EMPTY_LABELS.agents}
        error={errors.agent_ids}
        testId="admin-campaign-agents"
      />
      {/* Numbers are saved one change at a time, so a new campaign gets them once it exists. */}
      {draft.type !== 'inbound' ? null : id === null ? (
        <Typography variant="body2" color="text.secondary" data-testid="admin-campaign-numbers-later">
          Phone numbers: save the campaign, then open it again to add the numbers callers dial.
        </Typography>
      ) : (
        <CampaignNumbersSection campaignId={id} />
      )}
    </AdminFormDialog>
  );
}
