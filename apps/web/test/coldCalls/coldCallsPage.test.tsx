import type { ColdCallRow, TableResponse } from '@shiftline/shared';
import { SOCKET_EVENTS } from '@shiftline/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ColdCallsPage } from '../../src/features/coldCalls/components/ColdCallsPage';
import { callsTo, serveFetch } from '../fakeFetch';
import { connectSocketEachTest, serverSends } from '../fakeSocket';
import { fakeUser } from '../fakeUser';
import { renderWithProviders } from '../renderWithProviders';

vi.mock('socket.io-client', async () => (await import('../fakeSocket')).fakeSocketModule);
const viewer = fakeUser('agent', { agent_call_type: 'outbound' });
vi.mock('../../src/features/auth', () => ({ useCurrentUser: () => viewer }));

const lead = (id: number, overrides: Partial<ColdCallRow> = {}): ColdCallRow => ({
  id,
  client_id: 100 + id,
  client_phone: `+1604555${1000 + id}`,
  phone: `+1604555${1000 + id}`,
  is_valid: true,
  phone_valid: true,
  busy: false,
  client_name: `Lead ${id}`,
  campaign_id: 3,
  campaign_name: 'Win-Back',
  list_id: 1,
  list_name: 'Spring mailing',
  custom_fields: {},
  timezone: 'America/Vancouver',
  timezone_difference: -2,
  attached_agent_id: null,
  attached_agent_name: null,
  current_lead: false,
  definite: false,
  last_result: null,
  last_called_at: null,
  css_class: '',
  url: null,
  ...overrides,
});

const tableOf = (items: ColdCallRow[]): TableResponse => ({
  items,
  headers: [
    { text: 'Client', value: 'client_name', sortable: true, filterable: false },
    { text: 'Phone', value: 'phone', sortable: true, filterable: false, check_valid_phone: true },
    { text: 'Campaign', value: 'campaign_name', sortable: true, filterable: false },
  ],
  totals: null,
  options: {
    totalCount: items.length,
    supportedPageSizes: [10, 25, 50, 100],
    tableHeaderGroups: [],
    page: 1,
    items_per_page: 50,
    sortBy: 'id',
    sortDesc: false,
  },
  additionals_filters: [],
  chosen_values: {},
  export_to_csv: false,
  clickable_row: false,
  name_table: 'Cold calls',
  file_name: 'cold_calls',
  identifier_name: 'id',
});

const rowOf = async (id: number) =>
  (await screen.findAllByTestId('table-row')).find((row) => row.dataset.id === String(id)) as HTMLElement;
/** The phone cell's marks: greyed when the client is busy. */
const phoneOf = async (id: number) =>
  (await rowOf(id)).querySelector('[data-column="phone"] [data-busy]') as HTMLElement;

describe('the cold-calls page', () => {
  connectSocketEachTest();

  it('shows invalid numbers as invalid, and a busy event greys that client and marks the row invalid', async () => {
    serveFetch({
      'GET /api/tables/cold_calls': {
        status: 200,
        body: tableOf([
          lead(1),
          lead(2, { phone: '555-01', phone_valid: false, is_valid: false, css_class: 'invalid' }),
        ]),
      },
    });
    renderWithProviders(<ColdCallsPage />);
    expect((await rowOf(1)).dataset.valid).toBe('true');
    expect((await phoneOf(1)).dataset.busy).toBe('false');
    expect((await rowOf(2)).querySelector('[data-column="phone"] [data-valid="false"]')).not.toBeNull();
    expect((await rowOf(2)).dataset.valid).toBe('false');
    expect((within(await rowOf(2)).getByTestId('cold-call-dial') as HTMLButtonElement).disabled).toBe(true);
    serverSends(SOCKET_EVENTS.coldCallBusy, { campaign_id: 3, client_id: 101, phone: '+16045551001' });
    await waitFor(async () => expect((await phoneOf(1)).dataset.busy).toBe('true'));
    expect((await rowOf(1)).dataset.valid).toBe('false');
    expect((within(await rowOf(1)).getByTestId('cold-call-dial') as HTMLButtonElement).disabled).toBe(true);
  });

  it('dials a lead and opens its call page; a simultaneous call opens the notice instead', async () => {
    let simultaneous = true;
    const fetch = serveFetch({
      'GET /api/tables/cold_calls': { status: 200, body: tableOf([lead(1)]) },
      'POST /api/inquiries/cold_call': () => ({
        status: 200,
        body: simultaneous
          ? { simultaneous_call: true, inquiry_id: null, call_id: null, url: null }
          : { simultaneous_call: false, inquiry_id: 55, call_id: 55, url: '/inquiries/call/55' },
      }),
    });
    renderWithProviders(<ColdCallsPage />, { path: '/outgoing_calls_to_make', showPath: true });
    fireEvent.click(within(await rowOf(1)).getByTestId('cold-call-dial'));
    const notice = await screen.findByTestId('simultaneous-call');
    expect(notice.textContent).toContain('Another agent is already on the call with this customer.');
    fireEvent.click(within(notice).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByTestId('simultaneous-call')).toBeNull());
    expect(screen.getByTestId('path').textContent).toBe('/outgoing_calls_to_make');

    simultaneous = false;
    fireEvent.click(within(await rowOf(1)).getByTestId('cold-call-dial'));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/inquiries/call/55'));
    expect(callsTo(fetch, 'POST', '/api/inquiries/cold_call')).toEqual([
      { abonent_number: '+16045551001', cold_call_id: 1, check_simultaneous_calls: true },
      { abonent_number: '+16045551001', cold_call_id: 1, check_simultaneous_calls: true },
    ]);
    expect(localStorage.getItem('coldCallInquiryId')).toBe('55');
    expect(localStorage.getItem('coldCallClientPhone')).toBe('+16045551001');
  });
});
