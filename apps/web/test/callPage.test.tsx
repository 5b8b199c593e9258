import type { CallData } from '@shiftline/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { nextFullHour, toLocalInput } from '../src/features/calls/utils/callbackTime';
import { callData, DISPOSITIONS, NO_SALES, PRODUCTS } from './callFixtures';
import { callsTo, type Replies, serveFetch } from './fakeFetch';
import { connectSocketEachTest } from './fakeSocket';
import { advance, notifyOnMicrotask } from './fakeTimers';
import { fakeUser } from './fakeUser';
import { renderWithProviders } from './renderWithProviders';
import { statusInfo } from './statusFixtures';

let viewer = fakeUser('agent');
vi.mock('../src/features/auth', () => ({ useCurrentUser: () => viewer }));
vi.mock('socket.io-client', async () => (await import('./fakeSocket')).fakeSocketModule);

const { CallPage } = await import('../src/features/calls/components/CallPage');
const { CallsPage } = await import('../src/features/calls/components/CallsPage');

/** The server as the call page sees it; `call` is what get_call_data answers now (tests move it on). */
function setUp(replies: Replies = {}, { call = callData() }: { call?: CallData } = {}) {
  const state = { call };
  const fetch = serveFetch({
    'GET /api/inquiries/41/get_call_data': () => ({ status: 200, body: state.call }),
    'GET /api/inquiries/server_time': { status: 200, body: { server_time: new Date().toISOString(), unix: 0 } },
    'GET /api/status/get_current_status_info': { status: 200, body: statusInfo('on_call', { callId: 41 }) },
    'GET /api/dispositions/get_dispositions/41': { status: 200, body: DISPOSITIONS },
    'POST /api/dispositions/set_disposition/41': { status: 200, body: { status: 'ok' } },
    'GET /api/sales/get_products': { status: 200, body: { products: PRODUCTS } },
    'GET /api/sales/41/get_sales': { status: 200, body: NO_SALES },
    'GET /api/inquiries/41/get_operators_from_campaign': {
      status: 200,
      body: {
        operators: [
          { id: 8, name: 'Alan Turing', role: 'agent', extension: '1008', status: 'ready', status_title: 'Ready' },
        ],
      },
    },
    'POST /api/inquiries/set_notes/41': { status: 200, body: { status: 'ok' } },
    ...replies,
  });
  renderWithProviders(
    <Routes>
      <Route path="/inquiries/call/:id" element={<CallPage />} />
      <Route path="*" element={null} />
    </Routes>,
    { path: '/inquiries/call/41', showPath: true },
  );
  return { fetch, state };
}

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;

describe('CallPage', () => {
  notifyOnMicrotask();
  connectSocketEachTest();
  beforeEach(() => {
    viewer = fakeUser('agent');
  });

  it('shows the client card: name, phone, address, email and country', async () => {
    setUp();
    expect((await screen.findByTestId('client-name')).textContent).toBe('Grace Hopper');
    expect(screen.getByTestId('client-phone').textContent).toBe('+14165550123');
    expect(screen.getByTestId('client-email').textContent).toBe('grace@example.com');
    expect(screen.getByTestId('client-address').textContent).toBe('1 Front St W\nToronto, ON, M5J 2X5');
    expect(screen.getByTestId('client-country').textContent).toBe('CA');
    expect(screen.getByTestId('call-state').dataset.state).toBe('talking');
    // The page remembers the call, so a reload comes back to it.
    expect(window.localStorage.getItem('currentCallId')).toBe('41');
  });

  it('saves the edited client through update_client', async () => {
    const { fetch } = setUp({
      'POST /api/inquiries/41/update_client': (body) => ({
        status: 200,
        body: callData({ ...(body as Partial<CallData>) }),
      }),
    });
    fireEvent.click(await screen.findByTestId('client-edit'));
    const first = screen.getByTestId('client-field-first_name').querySelector('input') as HTMLInputElement;
    fireEvent.change(first, { target: { value: 'Amazing Grace' } });
    const country = screen.getByTestId('client-field-country').querySelector('input') as HTMLInputElement;
    fireEvent.change(country, { target: { value: 'us' } });
    fireEvent.click(screen.getByTestId('client-save'));
    await waitFor(() => expect(screen.getByTestId('client-name').textContent).toBe('Amazing Grace Hopper'));
    expect(callsTo(fetch, 'POST', '/api/inquiries/41/update_client')).toEqual([
      {
        first_name: 'Amazing Grace',
        last_name: 'Hopper',
        email: 'grace@example.com',
        country: 'US',
        address_line1: '1 Front St W',
        address_line2: null,
        city: 'Toronto',
        state: 'ON',
        zip: 'M5J 2X5',
        height: null,
        weight: null,
      },
    ]);
  });

  it('shows the server field errors of a refused client edit and keeps the form', async () => {
    setUp({
      'POST /api/inquiries/41/update_client': {
        status: 400,
        body: { error: { code: 'validation', message: 'Invalid', fields: { email: 'must be an email address' } } },
      },
    });
    fireEvent.click(await screen.findByTestId('client-edit'));
    fireEvent.click(screen.getByTestId('client-save'));
    expect(await screen.findByText('must be an email address')).toBeTruthy();
    expect(screen.getByTestId('client-form')).toBeTruthy();
  });

  it('saves the notes once typing pauses for 600 ms, with the latest text, and says Saved', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const { fetch } = setUp();
    await advance(0);
    await advance(0);
    const notes = input('call-notes');
    fireEvent.change(notes, { target: { value: 'Wants' } });
    await advance(300);
    fireEvent.change(notes, { target: { value: 'Wants a refund' } });
    await advance(599);
    expect(callsTo(fetch, 'POST', '/api/inquiries/set_notes/41')).toHaveLength(0);
    expect(screen.getByTestId('call-notes-state').textContent).toBe('Typing…');
    await advance(1);
    expect(callsTo(fetch, 'POST', '/api/inquiries/set_notes/41')).toEqual([{ notes: 'Wants a refund' }]);
    expect(screen.getByTestId('call-notes-state').textContent).toBe('Saved');
  });

  it('says the notes were not saved when the server refuses them', async () => {
    setUp({
      'POST /api/inquiries/set_notes/41': {
        status: 409,
        body: { error: { code: 'call_over', message: 'The call is ended.', fields: {} } },
      },
    });
    fireEvent.change(await screen.findByTestId('call-notes'), { target: { value: 'Late note' } });
    await waitFor(() =>
      expect(screen.getByTestId('call-notes-state').textContent).toBe('Not saved: The call is ended.'),
    );
  });

  it('saves the chosen disposition with set_disposition', async () => {
    const { fetch } = setUp();
    const select = (await screen.findByTestId('disposition-select')) as HTMLSelectElement;
    await waitFor(() => expect(select.disabled).toBe(false));
    expect([...select.options].map((option) => option.textContent)).toEqual([
      'Choose…',
      'Sale',
      'Not interested',
      'Wrong number',
    ]);
    fireEvent.change(select, { target: { value: '12' } });
    await waitFor(() =>
      expect(callsTo(fetch, 'POST', '/api/dispositions/set_disposition/41')).toEqual([{ disposition: 12 }]),
    );
    await waitFor(() => expect(select.value).toBe('12'));
  });

  it('totals the sale in dollars, posts its lines and clears it', async () => {
    const posted = {
      sales: [
        { product_id: 1, name: 'Basic plan', quantity: 2, amount_cents: 3998 },
        { product_id: 2, name: 'Setup fee', quantity: 1, amount_cents: 500 },
      ],
      sale_posted: true,
      complete_date: '2026-01-15T14:03:00.000Z',
      total_cents: 4498,
    };
    const { fetch } = setUp({
      'POST /api/sales/41/set_new_sales': { status: 200, body: posted },
      'POST /api/sales/41/clear_sales': { status: 200, body: NO_SALES },
    });
    await screen.findByTestId('sale-quantity-1');
    expect(screen.getByTestId('sale-total').textContent).toBe('$0.00');
    fireEvent.change(input('sale-quantity-1'), { target: { value: '2' } });
    fireEvent.change(input('sale-quantity-2'), { target: { value: '1' } });
    expect(screen.getByTestId('sale-total').textContent).toBe('$44.98');
    fireEvent.change(input('sale-quantity-3'), { target: { value: '3' } });
    expect(screen.getByTestId('sale-total').textContent).toBe('$193.48');
    fireEvent.change(input('sale-quantity-3'), { target: { value: '' } });
    // The post waits until released: while it is posted the button keeps saying what it does (it went blank).
    const answer = fetch.getMockImplementation() as NonNullable<ReturnType<typeof fetch.getMockImplementation>>;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    fetch.mockImplementation(async (request, init) => {
      if (String(request).endsWith('/set_new_sales')) await held;
      return answer(request, init);
    });
    fireEvent.click(screen.getByTestId('sale-post'));
    await waitFor(() => expect(screen.getByTestId('sale-post').textContent).toBe('Posting sale…'));
    release();
    expect((await screen.findByTestId('sale-posted')).textContent).toContain('$44.98');
    expect(screen.getByTestId('sale-post').textContent).toBe('Post sale');
    expect(callsTo(fetch, 'POST', '/api/sales/41/set_new_sales')).toEqual([
      {
        sales: [
          { product_id: 1, quantity: 2 },
          { product_id: 2, quantity: 1 },
        ],
      },
    ]);
    fireEvent.click(screen.getByTestId('sale-clear'));
    await waitFor(() => expect(screen.getByTestId('sale-total').textContent).toBe('$0.00'));
    expect(screen.queryByTestId('sale-posted')).toBeNull();
    expect(callsTo(fetch, 'POST', '/api/sales/41/clear_sales')).toHaveLength(1);
  });

  it('lists the transfer targets by role and saves the transfer type', async () => {
    const { fetch } = setUp({
      'POST /api/inquiries/41/update_transfer_type': (body) => ({
        status: 200,
        body: callData({ transfer_type: (body as { transfer_type: string | null }).transfer_type }),
      }),
    });
    expect((await screen.findByTestId('transfer-operator')).textContent).toContain('Alan Turing');
    fireEvent.change(input('transfer-role'), { target: { value: 'team_lead' } });
    await waitFor(() =>
      expect(fetch.mock.calls.map(([url]) => String(url))).toContain(
        '/api/inquiries/41/get_operators_from_campaign?chosen_role=team_lead',
      ),
    );
    fireEvent.change(input('transfer-type'), { target: { value: 'warm' } });
    await waitFor(() => expect(input('transfer-type').value).toBe('warm'));
    expect(callsTo(fetch, 'POST', '/api/inquiries/41/update_transfer_type')).toEqual([{ transfer_type: 'warm' }]);
  });

  it('blacklists the client after a confirmation', async () => {
    const { fetch } = setUp({ 'POST /api/inquiries/41/blacklist': { status: 200, body: callData({ blocked: true }) } });
    fireEvent.click(await screen.findByTestId('blacklist'));
    expect(callsTo(fetch, 'POST', '/api/inquiries/41/blacklist')).toHaveLength(0);
    fireEvent.click(await screen.findByTestId('blacklist-confirm'));
    expect(await screen.findByTestId('client-blocked')).toBeTruthy();
    expect(callsTo(fetch, 'POST', '/api/inquiries/41/blacklist')).toHaveLength(1);
  });

  it('holds and resumes the call through call_data', async () => {
    const { fetch } = setUp({
      'POST /api/inquiries/call_data': (body) => ({
        status: 200,
        body: callData({ status: (body as { flow_status: string }).flow_status === 'hold' ? 'on_hold' : 'talking' }),
      }),
    });
    fireEvent.click(await screen.findByTestId('call-hold'));
    fireEvent.click(await screen.findByTestId('call-resume'));
    await screen.findByTestId('call-hold');
    expect(callsTo(fetch, 'POST', '/api/inquiries/call_data')).toEqual([
      { crm_call_id: 41, flow_status: 'hold' },
      { crm_call_id: 41, flow_status: 'talk' },
    ]);
  });

  it('sets a callback for the chosen time in the agent zone (a time ahead: a past one is refused)', async () => {
    const { fetch } = setUp({
      'POST /api/inquiries/41/set_call_back': {
        status: 200,
        body: callData({
          callback: {
            date_time: '2031-01-16T15:30:00.000Z',
            user_name: 'Ada Byron',
            user_avatar: null,
            user_role: 'Agent',
            voice_mail: false,
          },
        }),
      },
    });

    const when = (await screen.findAllByTestId('callback-time'))[0] as HTMLInputElement;
    fireEvent.change(when, { target: { value: '2031-01-16T10:30' } });
    fireEvent.click(screen.getAllByTestId('callback-set')[0] as HTMLElement);
    // 10:30 in Toronto (EST) is 15:30 UTC.
    await waitFor(() =>
      expect(callsTo(fetch, 'POST', '/api/inquiries/41/set_call_back')).toEqual([
        { date_time: Date.parse('2031-01-16T15:30:00Z') / 1000 },
      ]),
    );
    expect((await screen.findByTestId('callback-info')).textContent).toContain('Thu 16 Jan 2031, 10:30 EST');
  });

  it('offers the first full hour at least 15 minutes ahead in every picker, and refuses a time already past', async () => {
    setUp({});
    const pickers = (await screen.findAllByTestId('callback-time')) as HTMLInputElement[];
    const offered = nextFullHour(Date.now(), 'America/Toronto');
    expect(offered - Date.now()).toBeGreaterThanOrEqual(15 * 60_000);
    for (const picker of pickers) expect(picker.value).toBe(toLocalInput(offered, 'America/Toronto'));
    fireEvent.change(pickers[0] as HTMLInputElement, { target: { value: '2026-01-16T10:30' } });
    expect((await screen.findByText('Choose a time that has not passed')).textContent).toBeTruthy();
    expect((screen.getAllByTestId('callback-set')[0] as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the client’s height and weight and the call’s lead on the client card', async () => {
    const lead = {
      cold_call_id: 7,
      create_time: '2026-01-10T12:00:00.000Z',
      status: 'Callback',
      product: 'Fibre 500',
      service: 'Install',
      source: 'Spring renewals',
      sales_url: null,
      created: false,
    };
    setUp({}, { call: callData({ height: '5 ft 10', weight: '72 kg', lead }) });
    expect((await screen.findByTestId('client-measures')).textContent).toBe('5 ft 10 · 72 kg');
    expect(screen.getByTestId('client-lead').textContent).toBe('Callback · Spring renewals\nFibre 500 · Install');
  });

  it('says a missed call went back to the queue, offers nothing to work on and forgets it', async () => {
    window.localStorage.setItem('currentCallId', '41');
    setUp({}, { call: callData({ status: 'queued', agent_id: null, answered_at: null, missed: true }) });
    expect((await screen.findByTestId('call-over')).textContent).toContain(
      'This call was not answered in time and went back to the queue.',
    );
    expect(screen.queryByTestId('client-card')).toBeNull();
    expect(screen.queryByTestId('call-end')).toBeNull();
    expect(window.localStorage.getItem('currentCallId')).toBe('');
  });

  it('says a call the server ended when it restarted after a failure was ended that way', async () => {
    setUp({}, { call: callData({ status: 'ended', ended_at: '2026-01-15T15:10:00Z', ended_by_restart: true }) });
    expect((await screen.findByTestId('call-over')).textContent).toContain(
      'the server ended it when it restarted after a failure.',
    );
  });

  describe('a ringing call', () => {
    // Offered now: the page counts the 5 s from the offer's time (issue 26 item 2).
    const ringing = () => callData({ status: 'offered', answered_at: null, offered_at: new Date().toISOString() });
    const answered = { status: 200, body: callData() };

    it('shows Incoming call with the client phone and campaign and answers after 5 s', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: false });
      const { fetch } = setUp({ 'POST /api/inquiries/call_data': answered }, { call: ringing() });
      await advance(0);
      await advance(0);
      const incoming = screen.getByTestId('incoming-call');
      expect(incoming.textContent).toContain('Incoming call');
      expect(within(incoming).getByTestId('incoming-phone').textContent).toBe('+14165550123');
      expect(within(incoming).getByTestId('incoming-campaign').textContent).toContain('Northwind Support');
      expect(screen.getByTestId('answer-countdown').textContent).toBe('Answering in 5 s');
      await advance(4999);
      expect(callsTo(fetch, 'POST', '/api/inquiries/call_data')).toHaveLength(0);
      await advance(1);
      expect(callsTo(fetch, 'POST', '/api/inquiries/call_data')).toEqual([{ crm_call_id: 41, flow_status: 'talk' }]);
      await advance(0);
      expect(screen.queryByTestId('incoming-call')).toBeNull();
      expect(screen.getByTestId('call-state').dataset.state).toBe('talking');
    });

    it('answers at once with Answer, and only once', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: false });
      const { fetch } = setUp({ 'POST /api/inquiries/call_data': answered }, { call: ringing() });
      await advance(0);
      await advance(0);
      fireEvent.click(screen.getByTestId('answer-call'));
      await advance(6000);
      expect(callsTo(fetch, 'POST', '/api/inquiries/call_data')).toEqual([{ crm_call_id: 41, flow_status: 'talk' }]);
    });

    it('does not answer by itself for a supervisory role (they answer only by choice)', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: false });
      viewer = fakeUser('team_lead');
      const { fetch } = setUp({ 'POST /api/inquiries/call_data': answered }, { call: ringing() });
      await advance(0);
      await advance(0);
      expect(screen.getByTestId('incoming-call')).toBeTruthy();
      expect(screen.queryByTestId('answer-countdown')).toBeNull();
      await advance(10_000);
      expect(callsTo(fetch, 'POST', '/api/inquiries/call_data')).toHaveLength(0);
    });
  });

  describe('the after-call form', () => {
    const afterCall = () => callData({ status: 'after_call', ended_at: '2026-01-15T14:04:10.000Z' });
    const acw = { status: 200, body: statusInfo('after_call_work', { callId: 41 }) };
    /** The page on call 41 after it ended, the agent in after-call work; `replies` on top. */
    const setUpAfterCall = (replies: Replies = {}) =>
      setUp({ 'GET /api/status/get_current_status_info': acw, ...replies }, { call: afterCall() });
    const dispositionChosen: Replies = {
      'GET /api/dispositions/get_dispositions/41': { status: 200, body: { ...DISPOSITIONS, selected: 12 } },
    };

    it('opens when End call hangs up', async () => {
      const { fetch, state } = setUp({
        'POST /api/inquiries/end_call/41': () => {
          state.call = afterCall();
          return { status: 200, body: state.call };
        },
        'GET /api/status/get_current_status_info': acw,
      });
      fireEvent.click(await screen.findByTestId('call-end'));
      expect(await screen.findByTestId('after-call-form')).toBeTruthy();
      expect(callsTo(fetch, 'POST', '/api/inquiries/end_call/41')).toEqual([{ clicked: true }]);
      expect(screen.getByTestId('call-timer').textContent).toBe('00:04:10');
    });

    it('asks for a disposition before it closes', async () => {
      const { fetch } = setUpAfterCall();
      const form = await screen.findByTestId('after-call-form');
      await waitFor(() =>
        expect((within(form).getByTestId('after-call-disposition') as HTMLSelectElement).disabled).toBe(false),
      );
      fireEvent.click(within(form).getByTestId('after-call-close'));
      expect(await within(form).findByText('Choose a disposition')).toBeTruthy();
      expect(callsTo(fetch, 'POST', '/api/status/set_new_status')).toHaveLength(0);
    });

    it('closes with set_new_status naming the call and the chosen status, then goes where the server says', async () => {
      window.localStorage.setItem('currentCallId', '41');
      const { fetch } = setUpAfterCall({
        'POST /api/status/set_new_status': { status: 200, body: statusInfo('lunch') },
        'POST /api/inquiries/41/redirect_user_or_client': { status: 200, body: { url: '/inquiries/all_calls' } },
      });
      const form = await screen.findByTestId('after-call-form');
      const next = within(form).getByTestId('after-call-next-status') as HTMLSelectElement;
      // The agent's ready status is offered first.
      await waitFor(() => expect(next.value).toBe('ready'));
      fireEvent.change(next, { target: { value: 'lunch' } });
      const disposition = within(form).getByTestId('after-call-disposition') as HTMLSelectElement;
      await waitFor(() => expect(disposition.disabled).toBe(false));
      fireEvent.change(disposition, { target: { value: '11' } });
      await waitFor(() => expect(disposition.value).toBe('11'));
      fireEvent.change(within(form).getByTestId('after-call-notes'), { target: { value: 'Bought two plans' } });
      fireEvent.click(within(form).getByTestId('after-call-close'));
      await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/inquiries/all_calls'));
      expect(callsTo(fetch, 'POST', '/api/status/set_new_status')).toEqual([{ status_name: 'lunch', call_id: 41 }]);
      // The notes typed last were saved before the call was closed.
      expect(callsTo(fetch, 'POST', '/api/inquiries/set_notes/41')).toEqual([{ notes: 'Bought two plans' }]);
      const order = fetch.mock.calls.map(([url]) => String(url));
      expect(order.indexOf('/api/inquiries/set_notes/41')).toBeLessThan(order.indexOf('/api/status/set_new_status'));
      expect(window.localStorage.getItem('currentCallId') ?? '').toBe('');
    });

    it("defaults to an outbound agent's ready status, Outbound Sales Calls", async () => {
      viewer = fakeUser('agent', { agent_call_type: 'outbound' });
      const { fetch } = setUpAfterCall({
        'GET /api/status/get_current_status_info': {
          status: 200,
          body: statusInfo('after_call_work', { callId: 41, callType: 'outbound' }),
        },
        'GET /api/dispositions/get_dispositions/41': { status: 200, body: { dispositions: [], selected: null } },
        'POST /api/status/set_new_status': { status: 200, body: statusInfo('outbound_sales_calls') },
        'POST /api/inquiries/41/redirect_user_or_client': { status: 500 },
      });
      const form = await screen.findByTestId('after-call-form');
      await waitFor(() =>
        expect((within(form).getByTestId('after-call-next-status') as HTMLSelectElement).value).toBe(
          'outbound_sales_calls',
        ),
      );
      // This campaign has no dispositions: none is asked for.
      await within(form).findByText('This campaign has no dispositions.');
      fireEvent.click(within(form).getByTestId('after-call-close'));
      // The server could not say where to go: the calls page.
      await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/inquiries/all_calls'));
      expect(callsTo(fetch, 'POST', '/api/status/set_new_status')).toEqual([
        { status_name: 'outbound_sales_calls', call_id: 41 },
      ]);
    });

    it('stays open when the last notes cannot be saved, and does not close the call', async () => {
      const { fetch } = setUpAfterCall({
        ...dispositionChosen,
        'POST /api/inquiries/set_notes/41': {
          status: 400,
          body: { error: { code: 'validation', message: 'notes: too long', fields: {} } },
        },
      });
      const form = await screen.findByTestId('after-call-form');
      fireEvent.change(within(form).getByTestId('after-call-notes'), { target: { value: 'Long story' } });
      await waitFor(() => expect(within(form).getByTestId('after-call-close').hasAttribute('disabled')).toBe(false));
      fireEvent.click(within(form).getByTestId('after-call-close'));
      await waitFor(() =>
        expect(within(form).getByTestId('after-call-notes-state').textContent).toBe('Not saved: notes: too long'),
      );
      expect(callsTo(fetch, 'POST', '/api/status/set_new_status')).toHaveLength(0);
      expect(screen.getByTestId('after-call-form')).toBeTruthy();
    });

    it('stays open with the server message when the change is refused', async () => {
      setUpAfterCall({
        ...dispositionChosen,
        'POST /api/status/set_new_status': {
          status: 409,
          body: { error: { code: 'status_refused', message: 'The call is already closed.', fields: {} } },
        },
      });
      const form = await screen.findByTestId('after-call-form');
      await waitFor(() =>
        expect((within(form).getByTestId('after-call-disposition') as HTMLSelectElement).value).toBe('12'),
      );
      fireEvent.click(within(form).getByTestId('after-call-close'));
      expect((await within(form).findByTestId('after-call-error')).textContent).toBe('The call is already closed.');
      expect(screen.getByTestId('path').textContent).toBe('/inquiries/call/41');
    });
  });

  describe('the calls page', () => {
    function renderCallsPage(replies: Replies) {
      serveFetch({
        'GET /api/inquiries/server_time': { status: 200, body: { server_time: new Date().toISOString(), unix: 0 } },
        'GET /api/inquiries/get_call_for_user': { status: 200, body: { call: null } },
        ...replies,
      });
      renderWithProviders(<CallsPage />, { path: '/inquiries/all_calls' });
    }

    it('shows the status and that calls arrive while Ready', async () => {
      renderCallsPage({ 'GET /api/status/get_current_status_info': { status: 200, body: statusInfo('ready') } });
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Calls');
      expect(screen.getByText(/Calls arrive while you are Ready/)).toBeTruthy();
      expect((await screen.findByTestId('calls-status-title')).textContent).toContain('Ready');
      expect(screen.getByTestId('calls-waiting').textContent).toBe('Waiting for calls');
    });

    it('tells an agent on a break how to take calls', async () => {
      renderCallsPage({ 'GET /api/status/get_current_status_info': { status: 200, body: statusInfo('break') } });
      expect((await screen.findByTestId('calls-waiting')).textContent).toBe(
        'Choose Ready in the top bar to take calls',
      );
    });

    it('links the live call instead of waiting', async () => {
      renderCallsPage({
        'GET /api/status/get_current_status_info': { status: 200, body: statusInfo('break') },
        'GET /api/inquiries/get_call_for_user': {
          status: 200,
          body: { call: callData({ status: 'after_call', ended_at: '2026-01-15T14:04:10.000Z' }) },
        },
      });
      expect((await screen.findByTestId('calls-live-call')).textContent).toContain('in after-call work');
      expect(screen.queryByTestId('calls-waiting')).toBeNull();
    });
  });
});
