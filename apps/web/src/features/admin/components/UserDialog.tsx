import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import {
  type AdminUser,
  AGENT_CALL_TYPES,
  CALL_TAKING_ROLES,
  DEFAULT_TIME_ZONE,
  EMPTY_LABELS,
  ROLE_NAMES,
  ROLES,
  type Role,
  type TimeZoneId,
} from '@shiftline/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { fieldErrors } from '../../../lib/fieldErrors';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { MultiSelect } from '../../../ui/MultiSelect';
import { TextInput } from '../../../ui/TextInput';
import { TimezoneSelect } from '../../../ui/TimezoneSelect';
import { useCurrentUser } from '../../auth';
import { adminApi } from '../api';
import { useAdminOptions } from '../hooks/useAdminOptions';
import { useAdminSave } from '../hooks/useAdminSave';
import { AdminFormDialog } from './AdminFormDialog';
import { SelectInput } from './SelectInput';

/** The call types as the form shows them. */
const CALL_TYPE_LABELS = { inbound: 'Inbound', outbound: 'Outbound', email: 'Email' } as const;

type Draft = {
  email: string;
  first_name: string;
  second_name: string;
  role: Role;
  agent_group_id: string;
  company_id: string;
  timezone: TimeZoneId;
  pay_rate: string;
  extension: string;
  agent_call_type: string;
  campaign_ids: number[];
  password: string;
};

const NEW_USER: Draft = {
  email: '',
  first_name: '',
  second_name: '',
  role: 'agent',
  agent_group_id: '',
  company_id: '',
  timezone: DEFAULT_TIME_ZONE,
  pay_rate: '0',
  extension: '',
  agent_call_type: 'inbound',
  campaign_ids: [],
  password: '',
};

const draftOf = (user: AdminUser): Draft => ({
  email: user.email,
  first_name: user.first_name,
  second_name: user.second_name,
  role: user.role,
  agent_group_id: user.agent_group_id === null ? '' : String(user.agent_group_id),
  company_id: user.company_id === null ? '' : String(user.company_id),
  timezone: user.timezone as TimeZoneId,
  pay_rate: (user.pay_rate_cents / 100).toFixed(2),
  extension: user.extension ?? '',
  agent_call_type: user.agent_call_type ?? '',
  campaign_ids: user.campaign_ids,
  password: '',
});

/** The body the server takes: ids as numbers, dollars as cents, empty choices as null. */
function bodyOf(draft: Draft) {
  const takesCalls = CALL_TAKING_ROLES.includes(draft.role);
  return {
    email: draft.email,
    first_name: draft.first_name,
    second_name: draft.second_name,
    role: draft.role,
    agent_group_id: draft.agent_group_id === '' ? null : Number(draft.agent_group_id),
    company_id: draft.role === 'company_supervisor' && draft.company_id !== '' ? Number(draft.company_id) : null,
    timezone: draft.timezone,
    pay_rate_cents: Math.round(Number(draft.pay_rate) * 100),
    extension: draft.extension.trim() === '' ? null : draft.extension,
    agent_call_type: takesCalls && draft.agent_call_type !== '' ? (draft.agent_call_type as 'inbound') : null,
    campaign_ids: takesCalls ? draft.campaign_ids : [],
  };
}

/** Create (id null) or edit a user; editing also offers the password reset that forces a change. */
export function UserDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const loaded = useQuery({
    queryKey: ['admin', 'user', id],
    queryFn: () => adminApi.user(id as number),
    enabled: id !== null,
  });
  // From a company's "New portal user" link (?companyId=…): a company supervisor of that company.
  const companyId = useSearchParams()[0].get('companyId');
  if (id !== null && !loaded.data) {
    return loaded.error ? <Alert severity="error">{loaded.error.message}</Alert> : null;
  }
  const fresh: Draft =
    companyId === null
      ? NEW_USER
      : { ...NEW_USER, role: 'company_supervisor', company_id: companyId, agent_call_type: '' };
  return <UserForm id={id} initial={loaded.data ? draftOf(loaded.data) : fresh} onClose={onClose} />;
}

function UserForm({ id, initial, onClose }: { id: number | null; initial: Draft; onClose: () => void }) {
  const viewer = useCurrentUser();
  const options = useAdminOptions().data;
  const [draft, setDraft] = useState(initial);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const save = useAdminSave(
    () =>
      id === null
        ? adminApi.createUser({ ...bodyOf(draft), password: draft.password })
        : adminApi.editUser(id, bodyOf(draft)),
    onClose,
  );
  const reset = useMutation({
    mutationFn: () => adminApi.resetPassword(id as number),
    onSettled: () => setConfirmingReset(false),
  });
  const [confirmingReset, setConfirmingReset] = useState(false);
  const errors = fieldErrors(save.error);
  const takesCalls = CALL_TAKING_ROLES.includes(draft.role);
  // Only a super admin grants the role (the server refuses it to an administrator too).
  const roles = ROLES.filter(
    (role) => role !== 'super_admin' || viewer.role === 'super_admin' || initial.role === role,
  );

  return (
    <AdminFormDialog
      title={id === null ? 'New user' : `Edit ${initial.first_name} ${initial.second_name}`}
      testId="admin-user-dialog"
      busy={save.isPending}
      error={save.error}
      onSubmit={() => save.mutate(undefined)}
      onClose={onClose}
      extraActions={
        id === null ? null : (
          <Button
            onClick={() => setConfirmingReset(true)}
            loading={reset.isPending}
            sx={{ mr: 'auto' }}
            data-testid="admin-user-reset"
          >
            Reset password
          </Button>
        )
      }
    >
      <ConfirmDialog
        open={confirmingReset}
        title="Reset password"
        text="The user is signed out and gets a temporary password, which they must change at the next sign-in."
        confirmLabel="Reset password"
        busy={reset.isPending}
        destructive
        onConfirm={() => reset.mutate()}
        onCancel={() => setConfirmingReset(false)}
        confirmTestId="admin-user-reset-confirm"
      />
      {reset.data ? (
        <Alert severity="success" data-testid="admin-user-temporary-password">
          Temporary password: <strong>{reset.data.temporary_password}</strong>. The user must change it at the next
          sign-in.
        </Alert>
      ) : null}
      {reset.error ? <Alert severity="error">{reset.error.message}</Alert> : null}
      <TextInput
        label="Email"
        type="email"
        value={draft.email}
        onChange={(v) => set('email', v)}
        required
        fullWidth
        error={!!errors.email}
        helperText={errors.email}
        testId="admin-user-email"
      />
      <TextInput
        label="First name"
        value={draft.first_name}
        onChange={(v) => set('first_name', v)}
        required
        fullWidth
        error={!!errors.first_name}
        helperText={errors.first_name}
        testId="admin-user-first-name"
      />
      <TextInput
        label="Last name"
        value={draft.second_name}
        onChange={(v) => set('second_name', v)}
        required
        fullWidth
        error={!!errors.second_name}
        helperText={errors.second_name}
        testId="admin-user-second-name"
      />
      <SelectInput
        label="Role"
        value={draft.role}
        options={roles.map((role) => ({ value: role, label: ROLE_NAMES[role] }))}
        onChange={(v) => set('role', v as Role)}
        error={errors.role}
        testId="admin-user-role"
      />
      {draft.role === 'company_supervisor' ? (
        <SelectInput
          label="Company"
          value={draft.company_id}
          options={[
            { value: '', label: 'Choose a company' },
            ...(options?.companies ?? []).map((c) => ({ value: String(c.id), label: c.name })),
          ]}
          onChange={(v) => set('company_id', v)}
          error={errors.company_id}
          testId="admin-user-company"
        />
      ) : null}
      <SelectInput
        label="Agent group"
        value={draft.agent_group_id}
        options={[
          { value: '', label: 'No group' },
          ...(options?.agent_groups ?? []).map((g) => ({ value: String(g.id), label: g.name })),
        ]}
        onChange={(v) => set('agent_group_id', v)}
        error={errors.agent_group_id}
        testId="admin-user-group"
      />
      <TimezoneSelect
        label="Time zone"
        value={draft.timezone}
        onChange={(zone) => set('timezone', zone)}
        fullWidth
        testId="admin-user-timezone"
      />
      <TextInput
        label="Pay rate ($ per hour)"
        value={draft.pay_rate}
        onChange={(v) => set('pay_rate', v)}
        inputAttributes={{ inputMode: 'decimal' }}
        fullWidth
        error={!!errors.pay_rate_cents}
        helperText={errors.pay_rate_cents}
        testId="admin-user-pay-rate"
      />
      <TextInput
        label="Extension"
        value={draft.extension}
        onChange={(v) => set('extension', v)}
        fullWidth
        error={!!errors.extension}
        helperText={errors.extension ?? '2 to 8 digits, or empty'}
        testId="admin-user-extension"
      />
      {takesCalls ? (
        <>
          <SelectInput
            label="Call type"
            value={draft.agent_call_type}
            options={[
              { value: '', label: 'None' },
              ...AGENT_CALL_TYPES.map((type) => ({ value: type, label: CALL_TYPE_LABELS[type] })),
            ]}
            onChange={(v) => set('agent_call_type', v)}
            error={errors.agent_call_type}
            testId="admin-user-call-type"
          />
          <MultiSelect
            label="Campaigns"
            options={(options?.campaigns ?? []).map((c) => ({ value: c.id, label: c.name }))}
            value={draft.campaign_ids}
            onChange={(ids) => set('campaign_ids', ids)}
            emptyLabel={EMPTY_LABELS.campaigns}
            testId="admin-user-campaigns"
          />
          {errors.campaign_ids ? <FormHelperText error>{errors.campaign_ids}</FormHelperText> : null}
        </>
      ) : null}
      {id === null ? (
        <TextInput
          label="First password"
          type="password"
          value={draft.password}
          onChange={(v) => set('password', v)}
          autoComplete="new-password"
          required
          fullWidth
          error={!!errors.password}
          helperText={errors.password ?? 'At least 8 characters; the user changes it at the first sign-in'}
          testId="admin-user-password"
        />
      ) : null}
    </AdminFormDialog>
  );
}
