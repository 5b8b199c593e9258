import type { AdminOptions, AdminUser } from '@shiftline/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { UserDialog } from '../../src/features/admin/components/UserDialog';
import { useSession } from '../../src/features/auth';
import { callsTo, serveFetch } from '../fakeFetch';
import { fakeUser } from '../fakeUser';
import { renderWithProviders } from '../renderWithProviders';

const OPTIONS: AdminOptions = {
  agent_groups: [{ id: 3, name: 'Blue Team' }],
  companies: [{ id: 9, name: 'Acme Health' }],
  campaigns: [{ id: 5, name: 'Acme Inbound', type: 'inbound' }],
  agents: [],
};

const EXISTING: AdminUser = {
  id: 12,
  email: 'riley@shiftline.test',
  first_name: 'Riley',
  second_name: 'Stone',
  role: 'agent',
  agent_group_id: 3,
  company_id: null,
  timezone: 'America/Halifax',
  pay_rate_cents: 1850,
  extension: '2040',
  crm_id: 'CRM-2040',
  agent_call_type: 'outbound',
  campaign_ids: [5],
  archived: false,
  must_change_password: false,
  may: { edit: true, change_identity: true, reset_password: true },
};

function SignedIn({ children }: { children: ReactNode }) {
  return useSession().data ? children : null;
}

const serve = (extra: Parameters<typeof serveFetch>[0] = {}) =>
  serveFetch({
    'GET /api/auth/me': { status: 200, body: { user: fakeUser('administrator'), csrf_token: 'token' } },
    'GET /api/admin/options': { status: 200, body: OPTIONS },
    ...extra,
  });

const field = (testId: string) => within(screen.getByTestId(testId)).getByRole('textbox') as HTMLInputElement;
const selectOf = (testId: string) => screen.getByTestId(testId).querySelector('select') as HTMLSelectElement;

describe('the administration user form', () => {
  it('sends dollars as cents and empty choices as null, and shows the server’s field errors', async () => {
    const fetch = serve({
      'POST /api/admin/users': {
        status: 409,
        body: {
          error: { code: 'conflict', message: 'That email is already used.', fields: { email: 'is already used' } },
        },
      },
    });
    renderWithProviders(
      <SignedIn>
        <UserDialog id={null} onClose={() => undefined} />
      </SignedIn>,
    );
    await screen.findByTestId('admin-user-dialog');
    fireEvent.change(field('admin-user-email'), { target: { value: 'admin@shiftline.test' } });
    fireEvent.change(field('admin-user-first-name'), { target: { value: 'New' } });
    fireEvent.change(field('admin-user-second-name'), { target: { value: 'Person' } });
    fireEvent.change(field('admin-user-pay-rate'), { target: { value: '17.25' } });
    fireEvent.change(selectOf('admin-user-group'), { target: { value: '3' } });
    const password = screen.getByTestId('admin-user-password').querySelector('input') as HTMLInputElement;
    fireEvent.change(password, { target: { value: 'first-password' } });
    fireEvent.click(screen.getByTestId('admin-user-dialog-save'));
    expect(await within(screen.getByTestId('admin-user-email')).findByText('is already used')).toBeTruthy();
    expect(callsTo(fetch, 'POST', '/api/admin/users')).toEqual([
      {
        email: 'admin@shiftline.test',
        first_name: 'New',
        second_name: 'Person',
        role: 'agent',
        agent_group_id: 3,
        company_id: null,
        timezone: 'America/Toronto',
        pay_rate_cents: 1725,
        extension: null,
        crm_id: null,
        agent_call_type: 'inbound',
        campaign_ids: [],
        password: 'first-password',
      },
    ]);
  });

  it('offers the super-admin role only to a super admin, and a company only to a company supervisor', async () => {
    serve();
    renderWithProviders(
      <SignedIn>
        <UserDialog id={null} onClose={() => undefined} />
      </SignedIn>,
    );
    await screen.findByTestId('admin-user-dialog');
    const roles = [...selectOf('admin-user-role').options].map((option) => option.value);
    expect(roles).not.toContain('super_admin');
    expect(screen.queryByTestId('admin-user-company')).toBeNull();
    fireEvent.change(selectOf('admin-user-role'), { target: { value: 'company_supervisor' } });
    expect(screen.getByTestId('admin-user-company')).toBeTruthy();
    // Roles that take no calls have no call type or campaigns.
    expect(screen.queryByTestId('admin-user-call-type')).toBeNull();
    expect(screen.queryByTestId('admin-user-campaigns')).toBeNull();
  });

  it("offers only what the server's flags allow: a super admin's name read-only, no reset; the root's nothing", async () => {
    const superAdmin: AdminUser = { ...EXISTING, id: 13, role: 'super_admin', agent_call_type: null, campaign_ids: [] };
    serve({
      'GET /api/admin/users/13': {
        status: 200,
        body: { ...superAdmin, may: { edit: true, change_identity: false, reset_password: false } },
      },
      'GET /api/admin/users/1': {
        status: 200,
        body: { ...superAdmin, id: 1, may: { edit: false, change_identity: false, reset_password: false } },
      },
    });
    const { unmount } = renderWithProviders(
      <SignedIn>
        <UserDialog id={13} onClose={() => undefined} />
      </SignedIn>,
    );
    await screen.findByTestId('admin-user-dialog');
    expect(field('admin-user-email').readOnly).toBe(true);
    expect(field('admin-user-second-name').readOnly).toBe(true);
    expect(field('admin-user-pay-rate').readOnly).toBe(false);
    expect(screen.queryByTestId('admin-user-reset')).toBeNull();
    expect(screen.getByTestId('admin-user-dialog-save')).toBeTruthy();
    unmount();
    renderWithProviders(
      <SignedIn>
        <UserDialog id={1} onClose={() => undefined} />
      </SignedIn>,
    );
    expect((await screen.findByTestId('admin-user-dialog-read-only')).textContent).toBe('This user cannot be changed.');
    expect(screen.queryByTestId('admin-user-dialog-save')).toBeNull();
    expect(screen.queryByTestId('admin-user-reset')).toBeNull();
  });

  it('loads a user, saves the edit and shows the temporary password of a reset', async () => {
    let closed = false;
    const fetch = serve({
      'GET /api/admin/users/12': { status: 200, body: EXISTING },
      'POST /api/admin/users/12': { status: 200, body: { status: 'ok' } },
      'POST /api/admin/users/12/reset_password': { status: 200, body: { status: 'ok', temporary_password: 'Tmp-9x2' } },
    });
    renderWithProviders(
      <SignedIn>
        <UserDialog
          id={12}
          onClose={() => {
            closed = true;
          }}
        />
      </SignedIn>,
    );
    await screen.findByTestId('admin-user-dialog');
    expect(field('admin-user-pay-rate').value).toBe('18.50');
    fireEvent.click(screen.getByTestId('admin-user-reset'));
    expect(callsTo(fetch, 'POST', '/api/admin/users/12/reset_password')).toEqual([]);
    fireEvent.click(await screen.findByTestId('admin-user-reset-confirm'));
    expect((await screen.findByTestId('admin-user-temporary-password')).textContent).toContain('Tmp-9x2');
    await waitFor(() => expect(screen.queryByTestId('admin-user-reset-confirm')).toBeNull());
    fireEvent.change(field('admin-user-extension'), { target: { value: '' } });
    // The CRM id the CRM-id check asks for is the form's to set.
    expect(field('admin-user-crm-id').value).toBe('CRM-2040');
    fireEvent.change(field('admin-user-crm-id'), { target: { value: 'CRM-77' } });
    fireEvent.click(screen.getByTestId('admin-user-dialog-save'));
    await waitFor(() => expect(closed).toBe(true));
    expect(callsTo(fetch, 'POST', '/api/admin/users/12')[0]).toMatchObject({
      extension: null,
      crm_id: 'CRM-77',
      pay_rate_cents: 1850,
      agent_call_type: 'outbound',
      campaign_ids: [5],
      timezone: 'America/Halifax',
    });
  });
});
