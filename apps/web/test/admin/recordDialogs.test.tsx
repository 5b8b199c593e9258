import type { AdminCampaignList, AdminOptions } from '@shiftline/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AgentGroupDialog } from '../../src/features/admin/components/AgentGroupDialog';
import { CampaignListDialog } from '../../src/features/admin/components/CampaignListDialog';
import { CompanyDialog } from '../../src/features/admin/components/CompanyDialog';
import { callsTo, serveFetch } from '../fakeFetch';
import { renderWithProviders } from '../renderWithProviders';

/* The administration's smaller forms on the shared scaffold: loading the record, field and general errors, saving. */

const OPTIONS: AdminOptions = {
  agent_groups: [],
  companies: [],
  campaigns: [{ id: 5, name: 'Acme Inbound', type: 'inbound' }],
  agents: [],
};

const LIST: AdminCampaignList = { id: 7, name: 'Acme', unique_name: 'acme', campaign_ids: [5] };

const field = (testId: string) => within(screen.getByTestId(testId)).getByRole('textbox') as HTMLInputElement;

describe('the administration record forms', () => {
  it('load a campaign list, show a field error under its field and save the edit', async () => {
    let closed = false;
    let attempts = 0;
    const fetch = serveFetch({
      'GET /api/admin/options': { status: 200, body: OPTIONS },
      'GET /api/admin/campaign_lists/7': { status: 200, body: LIST },
      'POST /api/admin/campaign_lists/7': () =>
        ++attempts === 1
          ? {
              status: 409,
              body: {
                error: {
                  code: 'conflict',
                  message: 'That unique name is already used.',
                  fields: { unique_name: 'is already used' },
                },
              },
            }
          : { status: 200, body: { status: 'ok' } },
    });
    renderWithProviders(
      <CampaignListDialog
        id={7}
        onClose={() => {
          closed = true;
        }}
      />,
    );
    await screen.findByTestId('admin-list-dialog');
    expect(field('admin-list-unique-name').value).toBe('acme');
    expect(screen.getByTestId('admin-list-unique-name').textContent).toContain(
      "Lower-case letters, digits, '_' or '-'",
    );
    // The chosen campaign is named once the forms' options have come.
    await waitFor(() => expect(screen.getByTestId('admin-list-campaigns').textContent).toContain('Acme Inbound'));
    fireEvent.change(field('admin-list-name'), { target: { value: 'Acme lists' } });
    fireEvent.click(screen.getByTestId('admin-list-dialog-save'));
    expect(await within(screen.getByTestId('admin-list-unique-name')).findByText('is already used')).toBeTruthy();
    // A field error shows under its field, not above the form.
    expect(screen.queryByTestId('admin-list-dialog-error')).toBeNull();
    fireEvent.click(screen.getByTestId('admin-list-dialog-save'));
    await waitFor(() => expect(closed).toBe(true));
    expect(callsTo(fetch, 'POST', '/api/admin/campaign_lists/7')[1]).toEqual({
      name: 'Acme lists',
      unique_name: 'acme',
      campaign_ids: [5],
    });
  });

  it('show a record that cannot be loaded as an error, not a form', async () => {
    serveFetch({
      'GET /api/admin/companies/3': {
        status: 404,
        body: { error: { code: 'not_found', message: 'No such company.' } },
      },
    });
    renderWithProviders(<CompanyDialog id={3} onClose={() => undefined} />);
    expect(await screen.findByText('No such company.')).toBeTruthy();
    expect(screen.queryByTestId('admin-company-dialog')).toBeNull();
  });

  it('create a company and an agent group; an error naming no field shows above the form', async () => {
    const fetch = serveFetch({
      'POST /api/admin/companies': { status: 201, body: { status: 'ok', id: 4 } },
      'POST /api/admin/agent_groups': {
        status: 500,
        body: { error: { code: 'internal', message: 'Something went wrong.' } },
      },
    });
    let closed = false;
    renderWithProviders(
      <CompanyDialog
        id={null}
        onClose={() => {
          closed = true;
        }}
      />,
    );
    fireEvent.change(field('admin-company-name'), { target: { value: 'Acme Health' } });
    fireEvent.click(screen.getByTestId('admin-company-dialog-save'));
    await waitFor(() => expect(closed).toBe(true));
    expect(callsTo(fetch, 'POST', '/api/admin/companies')).toEqual([{ name: 'Acme Health', callbacks_enabled: false }]);

    renderWithProviders(<AgentGroupDialog id={null} name="" onClose={() => undefined} />);
    fireEvent.change(field('admin-group-name'), { target: { value: 'Night Desk' } });
    fireEvent.click(screen.getByTestId('admin-group-dialog-save'));
    expect((await screen.findByTestId('admin-group-dialog-error')).textContent).toContain('Something went wrong.');
    expect(callsTo(fetch, 'POST', '/api/admin/agent_groups')).toEqual([{ name: 'Night Desk' }]);
  });
});
