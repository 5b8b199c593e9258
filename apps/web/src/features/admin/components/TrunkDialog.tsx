import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { AdminTrunk, TrunkBody } from '@shiftline/shared';
import { useState } from 'react';
import { adminApi } from '../api';
import { useAdminOptions } from '../hooks/useAdminOptions';
import { useAdminSave } from '../hooks/useAdminSave';
import { recordOptions } from '../utils/recordOptions';
import { AdminFormDialog } from './AdminFormDialog';
import { AdminRecord } from './AdminRecord';
import { AdminTextField } from './AdminTextField';
import { SelectInput } from './SelectInput';

type Row = { first: string; campaign: string };
type Draft = {
  name: string;
  /** The addresses and ranges, comma-separated. */
  sources: string;
  numbers: Row[];
  outbound_address: string;
  auth_username: string;
  /** A new password; empty keeps the stored one. */
  auth_password: string;
  has_password: boolean;
  caller_ids: Row[];
};

const NEW_TRUNK: Draft = {
  name: '',
  sources: '',
  numbers: [],
  outbound_address: '',
  auth_username: '',
  auth_password: '',
  has_password: false,
  caller_ids: [],
};

const draftOf = (trunk: AdminTrunk): Draft => ({
  name: trunk.name,
  sources: trunk.source_addresses.join(', '),
  numbers: trunk.numbers.map((row) => ({ first: row.phone, campaign: String(row.campaign_id) })),
  outbound_address: trunk.outbound_address ?? '',
  auth_username: trunk.auth_username ?? '',
  auth_password: '',
  has_password: trunk.has_password,
  caller_ids: trunk.caller_ids.map((row) => ({ first: row.caller_id, campaign: String(row.campaign_id) })),
});

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** The body the server takes: addresses split by line, empty texts as null, an untouched password left out. */
function bodyOf(draft: Draft): TrunkBody {
  return {
    name: draft.name,
    source_addresses: draft.sources
      .split(/[\n,]/)
      .map((line) => line.trim())
      .filter((line) => line !== ''),
    numbers: draft.numbers.map((row) => ({ phone: row.first, campaign_id: Number(row.campaign) })),
    outbound_address: orNull(draft.outbound_address),
    auth_username: orNull(draft.auth_username),
    ...(draft.auth_password === '' ? {} : { auth_password: draft.auth_password }),
    caller_ids: draft.caller_ids.map((row) => ({ campaign_id: Number(row.campaign), caller_id: row.first })),
  };
}

/** The server's message for a list field or any of its rows ('numbers', 'numbers.0.phone'...). */
const listError = (errors: Record<string, string>, field: string) =>
  Object.entries(errors).find(([key]) => key === field || key.startsWith(`${field}.`))?.[1];

/** Create (id null) or edit a carrier trunk: who may call the centre's numbers, and how outbound calls leave. */
export function TrunkDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  return (
    <AdminRecord kind="trunk" id={id} load={adminApi.trunk}>
      {(trunk) => <TrunkForm id={id} initial={trunk ? draftOf(trunk) : NEW_TRUNK} onClose={onClose} />}
    </AdminRecord>
  );
}

function TrunkForm({ id, initial, onClose }: { id: number | null; initial: Draft; onClose: () => void }) {
  const campaigns = useAdminOptions().data?.campaigns;
  const [draft, setDraft] = useState(initial);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const { save, errors } = useAdminSave(
    id,
    { create: () => adminApi.createTrunk(bodyOf(draft)), edit: (id) => adminApi.editTrunk(id, bodyOf(draft)) },
    onClose,
  );
  return (
    <AdminFormDialog
      title={id === null ? 'New carrier trunk' : `Edit ${initial.name}`}
      testId="admin-trunk-dialog"
      save={save}
      onClose={onClose}
    >
      <AdminTextField
        label="Name"
        value={draft.name}
        onChange={(v) => set('name', v)}
        autoFocus
        required
        error={errors.name}
        testId="admin-trunk-name"
      />
      <Typography variant="subtitle2">Inbound</Typography>
      <AdminTextField
        label="Source addresses"
        value={draft.sources}
        onChange={(v) => set('sources', v)}
        error={listError(errors, 'source_addresses')}
        hint="The carrier's signalling addresses or ranges, separated by commas (203.0.113.10, 198.51.100.0/24). Calls to its numbers from anywhere else are refused."
        testId="admin-trunk-sources"
      />
      <RowsField
        label="Numbers it delivers"
        rows={draft.numbers}
        onChange={(rows) => set('numbers', rows)}
        firstLabel="Number (E.164)"
        campaigns={campaigns?.filter((campaign) => campaign.type === 'inbound')}
        error={listError(errors, 'numbers')}
        addLabel="Add number"
        testId="admin-trunk-numbers"
      />
      <Typography variant="subtitle2">Outbound</Typography>
      <AdminTextField
        label="Carrier address"
        value={draft.outbound_address}
        onChange={(v) => set('outbound_address', v)}
        error={errors.outbound_address}
        hint="host:port where agents' outbound calls go (sip.carrier.example:5060)"
        testId="admin-trunk-outbound"
      />
      <AdminTextField
        label="Username"
        value={draft.auth_username}
        onChange={(v) => set('auth_username', v)}
        autoComplete="off"
        error={errors.auth_username}
        hint="The carrier's digest username; empty for none (clears the password too)"
        testId="admin-trunk-username"
      />
      <AdminTextField
        label="Password"
        type="password"
        value={draft.auth_password}
        onChange={(v) => set('auth_password', v)}
        autoComplete="new-password"
        error={errors.auth_password}
        hint={initial.has_password ? 'A password is set; type a new one to replace it' : 'No password set'}
        testId="admin-trunk-password"
      />
      <RowsField
        label="Campaigns calling out through it"
        rows={draft.caller_ids}
        onChange={(rows) => set('caller_ids', rows)}
        firstLabel="Caller ID (E.164)"
        campaigns={campaigns}
        error={listError(errors, 'caller_ids')}
        addLabel="Add campaign"
        testId="admin-trunk-caller-ids"
      />
    </AdminFormDialog>
  );
}

type RowsFieldProps = {
  label: string;
  rows: Row[];
  onChange: (rows: Row[]) => void;
  /** The label of each row's text (a number, a caller ID); the other half is a campaign. */
  firstLabel: string;
  campaigns: readonly { id: number; name: string }[] | undefined;
  error: string | undefined;
  addLabel: string;
  testId: string;
};

/** Rows of a phone number and a campaign (a trunk's numbers, its campaigns' caller IDs), added and removed. */
function RowsField({ label, rows, onChange, firstLabel, campaigns, error, addLabel, testId }: RowsFieldProps) {
  const change = (index: number, row: Row) => onChange(rows.map((old, at) => (at === index ? row : old)));
  return (
    <Box data-testid={testId} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      {rows.map((row, index) => (
        // Rows have no identity of their own; their place is it while the form is open.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Box key={index} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <AdminTextField
            label={firstLabel}
            value={row.first}
            onChange={(first) => change(index, { ...row, first })}
            error={undefined}
            testId={`${testId}-${index}-number`}
          />
          <SelectInput
            label="Campaign"
            value={row.campaign}
            options={recordOptions('Choose a campaign', campaigns)}
            onChange={(campaign) => change(index, { ...row, campaign })}
            testId={`${testId}-${index}-campaign`}
          />
          <IconButton aria-label="Remove" onClick={() => onChange(rows.filter((_, at) => at !== index))}>
            <DeleteIcon />
          </IconButton>
        </Box>
      ))}
      {error ? <FormHelperText error>{error}</FormHelperText> : null}
      <Button
        startIcon={<AddIcon />}
        onClick={() => onChange([...rows, { first: '', campaign: '' }])}
        sx={{ alignSelf: 'flex-start' }}
        data-testid={`${testId}-add`}
      >
        {addLabel}
      </Button>
    </Box>
  );
}
