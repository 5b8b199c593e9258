import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { DeskPhone } from '@shiftline/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { fieldErrors } from '../../../lib/fieldErrors';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { adminApi } from '../api';
import { AdminTextField } from './AdminTextField';

const when = (iso: string | null) => (iso === null ? 'never' : new Date(iso).toLocaleString());

/**
 * A user's desk phones on their administration form: the devices (name, added, last registered), a new device (its
 * SIP password shown once, here), and revoking one (its next registration fails).
 */
export function DeskPhonesSection({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  const key = ['admin', 'desk_phones', userId];
  const devices = useQuery({ queryKey: key, queryFn: () => adminApi.deskPhones(userId) });
  const [name, setName] = useState('');
  const [revoking, setRevoking] = useState<DeskPhone | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const add = useMutation({
    mutationFn: () => adminApi.addDeskPhone(userId, { name }),
    onSuccess: async () => {
      setName('');
      await refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: (id: number) => adminApi.revokeDeskPhone(id),
    onSettled: async () => {
      setRevoking(null);
      await refresh();
    },
  });
  const created = add.data;
  return (
    <Box data-testid="admin-desk-phones" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography variant="subtitle2">Desk phones</Typography>
      {created ? (
        <Alert severity="success" data-testid="admin-desk-phone-credentials">
          Type these into the phone now: the password is not shown again.
          <br />
          SIP server: <strong>{created.credentials.sip_server}</strong>, domain:{' '}
          <strong>{created.credentials.sip_domain}</strong>
          <br />
          Account (user): <strong>{created.credentials.extension}</strong>
          <br />
          Authentication username:{' '}
          <strong data-testid="admin-desk-phone-username">{created.credentials.username}</strong>
          <br />
          Password: <strong data-testid="admin-desk-phone-password">{created.credentials.password}</strong>
        </Alert>
      ) : null}
      {devices.error ? <Alert severity="error">{devices.error.message}</Alert> : null}
      <List dense disablePadding>
        {(devices.data?.devices ?? []).map((device) => (
          <ListItem
            key={device.id}
            disableGutters
            secondaryAction={
              <Button
                color="error"
                onClick={() => setRevoking(device)}
                data-testid={`admin-desk-phone-revoke-${device.id}`}
              >
                Revoke
              </Button>
            }
          >
            <ListItemText
              primary={`${device.name} (${device.username})`}
              secondary={`Added ${when(device.created_at)} · last registered ${when(device.last_registered_at)}`}
            />
          </ListItem>
        ))}
      </List>
      {devices.data?.devices.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No desk phone: the agent's browser is their phone.
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <AdminTextField
          label="New desk phone's name"
          value={name}
          onChange={setName}
          error={fieldErrors(add.error).name ?? fieldErrors(add.error).extension}
          hint="e.g. Desk 12, Yealink T54W"
          testId="admin-desk-phone-name"
        />
        <Button
          variant="outlined"
          onClick={() => add.mutate()}
          loading={add.isPending}
          sx={{ mt: 1, flexShrink: 0 }}
          data-testid="admin-desk-phone-add"
        >
          Add desk phone
        </Button>
      </Box>
      {add.error && Object.keys(fieldErrors(add.error)).length === 0 ? (
        <Alert severity="error">{add.error.message}</Alert>
      ) : null}
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke desk phone"
        text={`${revoking?.name ?? ''} is unregistered now and can no longer register; a call on it goes on.`}
        confirmLabel="Revoke"
        busy={revoke.isPending}
        destructive
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
        onCancel={() => setRevoking(null)}
        confirmTestId="admin-desk-phone-revoke-confirm"
      />
    </Box>
  );
}
