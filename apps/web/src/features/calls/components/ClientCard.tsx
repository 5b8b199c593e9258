import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { CallData, UpdateClientBody } from '@shiftline/shared';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../lib/apiError';
import { TextInput } from '../../../ui/TextInput';
import { callsApi } from '../api';
import { useCallAction } from '../hooks/useCallAction';

type ClientForm = Record<keyof UpdateClientBody, string>;

const FIELDS: { key: keyof ClientForm; label: string; type?: 'email'; wide?: boolean }[] = [
  { key: 'first_name', label: 'First name' },
  { key: 'last_name', label: 'Last name' },
  { key: 'email', label: 'Email', type: 'email', wide: true },
  { key: 'address_line1', label: 'Address line 1', wide: true },
  { key: 'address_line2', label: 'Address line 2', wide: true },
  { key: 'city', label: 'City' },
  { key: 'state', label: 'State / province' },
  { key: 'zip', label: 'ZIP / postal code' },
  { key: 'country', label: 'Country (2 letters)' },
  { key: 'height', label: 'Height' },
  { key: 'weight', label: 'Weight' },
];

const formOf = (call: CallData): ClientForm => ({
  first_name: call.first_name,
  last_name: call.last_name,
  email: call.email ?? '',
  country: call.country,
  address_line1: call.address_line1 ?? '',
  address_line2: call.address_line2 ?? '',
  city: call.city ?? '',
  state: call.state ?? '',
  zip: call.zip ?? '',
  height: call.height ?? '',
  weight: call.weight ?? '',
});

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

const bodyOf = (form: ClientForm): UpdateClientBody => ({
  first_name: form.first_name.trim(),
  last_name: form.last_name.trim(),
  email: form.email.trim(),
  country: form.country.trim().toUpperCase(),
  address_line1: orNull(form.address_line1),
  address_line2: orNull(form.address_line2),
  city: orNull(form.city),
  state: orNull(form.state),
  zip: orNull(form.zip),
  height: orNull(form.height),
  weight: orNull(form.weight),
});

/** The client's address as lines, empty parts left out (the country has its own row). */
function addressLines(call: CallData): string[] {
  const place = [call.city, call.state, call.zip].filter((part) => part !== null && part !== '').join(', ');
  return [call.address_line1, call.address_line2, place].filter((line): line is string => line !== null && line !== '');
}

function Detail({ term, children, testId }: { term: string; children: string; testId: string }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '90px 1fr', gap: 1, py: 0.25 }}>
      <Typography variant="body2" color="text.secondary" component="dt">
        {term}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0, whiteSpace: 'pre-line' }} data-testid={testId}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * The client card of the call page: name, phone, address, email, country, height and weight (Edit saves them to the
 * client), and the client's lead in the call's campaign: its status, source, product and service.
 */
export function ClientCard({ call }: { call: CallData }) {
  const [form, setForm] = useState<ClientForm | null>(null);
  const save = useCallAction((body: UpdateClientBody) => callsApi.updateClient(call.inquiry_id, body));
  const fieldErrors = save.error instanceof ApiError ? save.error.fields : {};
  const name = `${call.first_name} ${call.last_name}`.trim();

  if (form === null) {
    return (
      <Box data-testid="client-card">
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Typography variant="h6" component="h2" data-testid="client-name">
            {name === '' ? 'Unknown caller' : name}
          </Typography>
          <Button
            size="small"
            startIcon={<EditIcon />}
            onClick={() => {
              save.reset();
              setForm(formOf(call));
            }}
            data-testid="client-edit"
          >
            Edit
          </Button>
        </Box>
        <Box component="dl" sx={{ m: 0 }}>
          <Detail term="Phone" testId="client-phone">
            {call.client_phone}
          </Detail>
          <Detail term="Email" testId="client-email">
            {call.email ?? '—'}
          </Detail>
          <Detail term="Address" testId="client-address">
            {addressLines(call).join('\n') || '—'}
          </Detail>
          <Detail term="Country" testId="client-country">
            {call.country || '—'}
          </Detail>
          {call.height || call.weight ? (
            <Detail term="Height, weight" testId="client-measures">
              {[call.height, call.weight].filter(Boolean).join(' · ')}
            </Detail>
          ) : null}
          {call.lead ? (
            <Detail term="Lead" testId="client-lead">
              {[
                `${call.lead.status}${call.lead.source ? ` · ${call.lead.source}` : ''}`,
                [call.lead.product, call.lead.service].filter(Boolean).join(' · '),
              ]
                .filter((line) => line !== '')
                .join('\n')}
            </Detail>
          ) : null}
        </Box>
      </Box>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(bodyOf(form), { onSuccess: () => setForm(null) });
  };
  return (
    <Box component="form" noValidate onSubmit={submit} data-testid="client-form">
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        Client · {call.client_phone}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5 }}>
        {FIELDS.map((field) => (
          <Box key={field.key} sx={{ gridColumn: field.wide ? { sm: '1 / -1' } : undefined }}>
            <TextInput
              label={field.label}
              type={field.type}
              size="small"
              fullWidth
              value={form[field.key]}
              onChange={(value) => setForm({ ...form, [field.key]: value })}
              error={fieldErrors[field.key] !== undefined}
              helperText={fieldErrors[field.key]}
              testId={`client-field-${field.key}`}
            />
          </Box>
        ))}
      </Box>
      {save.error && Object.keys(fieldErrors).length === 0 ? (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {save.error.message}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 1.5 }}>
        <Button onClick={() => setForm(null)} disabled={save.isPending} data-testid="client-cancel">
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={save.isPending} data-testid="client-save">
          Save
        </Button>
      </Box>
    </Box>
  );
}
