import type { TableHeader, TableResponse } from '@shiftline/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { DataTable } from '../../src/features/tables/components/DataTable';
import { callsTo, type Replies, serveFetch } from '../fakeFetch';
import { fakeUser } from '../fakeUser';
import { renderWithProviders } from '../renderWithProviders';

const viewer = fakeUser('administrator');
vi.mock('../../src/features/auth', () => ({ useCurrentUser: () => viewer }));

const header = (value: string, extra: Partial<TableHeader> = {}): TableHeader => ({
  text: value === 'client_name' ? 'Client' : value,
  value,
  sortable: false,
  filterable: false,
  ...extra,
});

/** A lead table: rows with a client and no link, a phone that may be invalid, an average total, a post action. */
function leads(overrides: Partial<TableResponse> = {}): TableResponse {
  return {
    items: [
      { id: 1, client_id: 11, client_name: 'Ann Lee', phone: '+14165550101', is_valid: true, score: 2 },
      { id: 2, client_id: 12, client_name: 'Bo Chan', phone: '12', is_valid: false, score: 3 },
    ],
    headers: [
      header('client_name'),
      header('phone', { check_valid_phone: true }),
      header('score', { total: 'awg' }),
      header('actions', {
        actions: [
          { name: 'archive', text: 'Archive', kind: 'post', url: '/api/leads/:id/archive', confirm: 'Archive it?' },
        ],
      }),
    ],
    totals: { score: 2.5 },
    options: {
      totalCount: 2,
      supportedPageSizes: [10, 50],
      tableHeaderGroups: [],
      page: 1,
      items_per_page: 50,
      sortBy: null,
      sortDesc: false,
    },
    additionals_filters: [],
    chosen_values: {},
    export_to_csv: false,
    clickable_row: false,
    name_table: 'Leads',
    file_name: 'leads',
    identifier_name: 'id',
    ...overrides,
  };
}

function renderTable(replies: Replies, path = '/tables/leads') {
  const fetch = serveFetch(replies);
  renderWithProviders(
    <Routes>
      <Route path="/tables/:name" element={<DataTable name="leads" />} />
      <Route path="*" element={<p>elsewhere</p>} />
    </Routes>,
    { path, showPath: true },
  );
  return fetch;
}

describe('DataTable', () => {
  it('shows the rows in their formats, the awg total with 2 decimals, and a lead row’s details on a click', async () => {
    renderTable({ 'GET /api/tables/leads': { status: 200, body: leads() } });
    expect(await screen.findByRole('heading', { name: 'Leads' })).toBeTruthy();
    const rows = screen.getAllByTestId('table-row');
    expect(rows).toHaveLength(2);
    expect(
      within(rows[1] as HTMLElement)
        .getByText('12')
        .getAttribute('data-valid'),
    ).toBe('false');
    expect(within(screen.getByTestId('table-totals')).getByText('2.50')).toBeTruthy();
    fireEvent.click(within(rows[0] as HTMLElement).getByText('Ann Lee'));
    const details = await screen.findByTestId('lead-details');
    expect(within(details).getByText('Client')).toBeTruthy();
    expect(within(details).getByText('+14165550101')).toBeTruthy();
  });

  it('opens a row’s link in a clickable table', async () => {
    const table = leads({
      clickable_row: true,
      items: [{ id: 5, client_name: 'Cy Dee', phone: '+14165550105', is_valid: true, url: '/inquiries/call/5' }],
    });
    renderTable({ 'GET /api/tables/leads': { status: 200, body: table } });
    fireEvent.click(await screen.findByText('Cy Dee'));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/inquiries/call/5'));
  });

  it('asks a post action’s confirm, posts the identifier and loads the table again', async () => {
    const fetch = renderTable({
      'GET /api/tables/leads': { status: 200, body: leads() },
      'POST /api/leads/2/archive': { status: 200, body: { status: 'ok' } },
    });
    const rows = await screen.findAllByTestId('table-row');
    fireEvent.click(within(rows[1] as HTMLElement).getByTestId('table-action-archive'));
    expect(await screen.findByText('Archive it?')).toBeTruthy();
    // The action's button does not open the row's details.
    expect(screen.queryByTestId('lead-details')).toBeNull();
    fireEvent.click(screen.getByTestId('table-action-confirm'));
    await waitFor(() => expect(callsTo(fetch, 'POST', '/api/leads/2/archive')).toEqual([{ identifier: 2 }]));
    await waitFor(() => expect(callsTo(fetch, 'GET', '/api/tables/leads').length).toBeGreaterThanOrEqual(2));
  });

  it('shows the server’s message when an action is refused', async () => {
    renderTable({
      'GET /api/tables/leads': { status: 200, body: leads() },
      'POST /api/leads/1/archive': {
        status: 409,
        body: { error: { code: 'conflict', message: "You can't change that user", fields: {} } },
      },
    });
    const rows = await screen.findAllByTestId('table-row');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fireEvent.click(within(rows[0] as HTMLElement).getByTestId('table-action-archive'));
    fireEvent.click(await screen.findByTestId('table-action-confirm'));
    expect((await screen.findByTestId('table-notice')).textContent).toContain("You can't change that user");
  });

  it('keeps the rows shown when a later load fails (spec §8), and goes back to page 1 beyond the last page', async () => {
    let fail = false;
    const fetch = renderTable(
      {
        'GET /api/tables/leads': () =>
          fail
            ? { status: 500, body: { error: { code: 'internal', message: 'boom', fields: {} } } }
            : { status: 200, body: leads() },
      },
      '/tables/leads?page=4',
    );
    // Two rows are one page: page 4 is past the last, so the address goes back to page 1.
    await waitFor(() => {
      const pages = callsTo(fetch, 'GET', '/api/tables/leads').length;
      expect(pages).toBeGreaterThanOrEqual(2);
    });
    const lastUrl = String(fetch.mock.calls.at(-1)?.[0]);
    expect(new URL(lastUrl, 'http://x').searchParams.get('page')).toBe('1');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fail = true;
    fireEvent.mouseDown(within(screen.getByTestId('table-page-size')).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: '10' }));
    await waitFor(() => expect(console.error).toHaveBeenCalled());
    expect(screen.getAllByTestId('table-row')).toHaveLength(2);
  });

  it('opens a form action’s form from its own form-data url with the row’s key fields', async () => {
    const withForm = leads({
      headers: [
        header('client_name'),
        header('actions', {
          actions: [{ name: 'review', text: 'Review', kind: 'form', url: '/api/leads/review_form' }],
        }),
      ],
    });
    const fetch = renderTable({
      'GET /api/tables/leads': { status: 200, body: withForm },
      'GET /api/leads/review_form': { status: 404, body: { error: { code: 'not_found', message: 'No such lead.' } } },
    });
    fireEvent.click((await screen.findAllByTestId('table-action-review'))[0] as HTMLElement);
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url]) => String(url).startsWith('/api/leads/review_form?'))).toBe(true),
    );
    const asked = fetch.mock.calls.map(([url]) => String(url)).find((url) => url.startsWith('/api/leads/review_form?'));
    const query = new URLSearchParams((asked as string).split('?')[1]);
    expect(Object.fromEntries(query)).toMatchObject({
      table_name: 'leads',
      identifier_name: 'id',
      identifier_type: 'int',
      identifier_value: '1',
    });
    expect(callsTo(fetch, 'GET', '/api/get_edit_table_row_data')).toEqual([]);
  });
});
