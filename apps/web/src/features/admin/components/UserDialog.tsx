import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
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
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { TimezoneSelect } from '../../../ui/TimezoneSelect';
import { useCurrentUser } from '../../auth';
import { adminApi } from '../api';
import { useAdminOptions } from '../hooks/useAdminOptions';
import { useAdminSave } from '../hooks/useAdminSave';
import { recordOptions } from '../utils/recordOptions';
import { AdminFormDialog } from './AdminFormDialog';
import { AdminRecord } from './AdminRecord';
import { AdminTextField } from './AdminTextField';
import { DeskPhonesSection } from './DeskPhonesSection';
import { RecordsField } from './RecordsField';
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
  crm_id: string;
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
  crm_id: '',
  agent_call_type: 'inbound',
  campaign_ids: [],
  password: '',
};

/** A new user's form: everything the viewer fills in is theirs to set. */
const NEW_USER_MAY: AdminUser['may'] = { edit: true, change_identity: true, reset_password: false };

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
  crm_id: user.crm_id ?? '',
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
    crm_id: draft.crm_id.trim() === '' ? null : draft.crm_id,
    agent_call_type: takesCalls && draft.agent_call_type !== '' ? (draft.agent_call_type as 'inbound') : null,
    campaign_ids: takesCalls ? draft.campaign_ids : [],
  };
}

/** Create (id null) or edit a user; editing also offers the password reset that forces a change. */
export function UserDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  // From a company's "New portal user" link (?companyId=…): a company supervisor of that company.
  const companyId = useSearchParams()[0].get('companyId');
  const fresh: Draft =
    companyId === null
      ? NEW_USER
      : { ...NEW_USER, role: 'company_supervisor', company_id: companyId, agent_call_type: '' };
  return (
    <AdminRecord kind="user" id={id} load={adminApi.user}>
      {(user) => (
        <UserForm id={id} initial={user ? draftOf(user) : fresh} may={user?.may ?? NEW_USER_MAY} onClose={onClose} />
      )}
    </AdminRecord>
  );
}

type UserFormProps = { id: number | null; initial: Draft; may: AdminUser['may']; onClose: () => void };

function UserForm({ id, initial, may, onClose }: UserFormProps) {
  const viewer = useCurrentUser();
  const options = useAdminOptions().data;
  const [draft, setDraft] = useState(initial);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const { save, errors } = useAdminSave(
    id,
    {
      create: () => adminApi.createUser({ ...bodyOf(draft), password: draft.password }),
      edit: (id) => adminApi.editUser(id, bodyOf(draft)),
    },
    onClose,
  );
  const reset = useMutation({
    mutationFn: () => adminApi.resetPassword(id as number),
    onSettled: () => setConfirmingReset(false),
  });
  const [confirmingReset, setConfirmingReset] = useState(false);
  const takesCalls = CALL_TAKING_ROLES.includes(draft.role);
  // The server says what this viewer may change (a super admin's e-mail, name and password are a super admin's; the
  // protected root is nobody's), so the form offers nothing it would refuse.
  const identityLocked = !may.change_identity;
  const lockedHint = identityLocked ? 'Only a super admin can change this' : undefined;
  const locked = identityLocked ? { readOnly: true } : undefined;
  // Only a super admin grants the role (the server refuses it to an administrator too).
  const roles = ROLES.filter(
    (role) => role !== 'super_admin' || viewer.role === 'super_admin' || initial.role === role,
  );

  return (
    <AdminFormDialog
      title={id === null ? 'New user' : `Edit ${initial.first_name} ${initial.second_name}`}
      testId="admin-user-dialog"
      save={save}
      onClose={onClose}
      readOnly={may.edit ? undefined : 'This user cannot be changed.'}
      extraActions={
        id === null || !may.reset_password ? null : (
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
      <AdminTextField
        label="Email"
        type="email"
        value={draft.email}
        onChange={(v) => set('email', v)}
        required
        error={errors.email}
        hint={lockedHint}
        inputAttributes={locked}
        testId="admin-user-email"
      />
      <AdminTextField
        label="First name"
        value={draft.first_name}
        onChange={(v) => set('first_name', v)}
        required
        error={errors.first_name}
        hint={lockedHint}
        inputAttributes={locked}
        testId="admin-user-first-name"
      />
      <AdminTextField
        label="Last name"
        value={draft.second_name}
        onChange={(v) => set('second_name', v)}
        required
        error={errors.second_name}
        hint={lockedHint}
        inputAttributes={locked}
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
          options={recordOptions('Choose a company', options?.companies)}
          onChange={(v) => set('company_id', v)}
          error={errors.company_id}
          testId="admin-user-company"
        />
      ) : null}
      <SelectInput
        label="Agent group"
        value={draft.agent_group_id}
        options={recordOptions('No group', options?.agent_groups)}
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
      <AdminTextField
        label="Pay rate ($ per hour)"
        value={draft.pay_rate}
        onChange={(v) => set('pay_rate', v)}
        inputAttributes={{ inputMode: 'decimal' }}
        error={errors.pay_rate_cents}
        testId="admin-user-pay-rate"
      />
      <AdminTextField
        label="Extension"
        value={draft.extension}
        onChange={(v) => set('extension', v)}
        error={errors.extension}
        hint="2 to 8 digits, or empty"
        testId="admin-user-extension"
      />
      <AdminTextField
        label="CRM ID"
        value={draft.crm_id}
        onChange={(v) => set('crm_id', v)}
        error={errors.crm_id}
        hint="The user's id in the CRM, which credits their sales"
        testId="admin-user-crm-id"
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
          <RecordsField
            label="Campaigns"
            records={options?.campaigns}
            value={draft.campaign_ids}
            onChange={(ids) => set('campaign_ids', ids)}
            emptyLabel={EMPTY_LABELS.campaigns}
            error={errors.campaign_ids}
            testId="admin-user-campaigns"
          />
          {id === null ? null : <DeskPhonesSection userId={id} />}
        </>
      ) : null}
      {id === null ? (
        <AdminTextField
          label="First password"
          type="password"
          value={draft.password}
          onChange={(v) => set('password', v)}
          autoComplete="new-password"
          required
          error={errors.password}
          hint="At least 8 characters; the user changes it at the first sign-in"
          testId="admin-user-password"
        />
      ) : null}
    </AdminFormDialog>
  );
}
