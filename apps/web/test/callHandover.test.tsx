import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { callData, DISPOSITIONS } from './callFixtures';
import { callsTo, type Replies, serveFetch } from './fakeFetch';
import { connectSocketEachTest } from './fakeSocket';
import { notifyOnMicrotask } from './fakeTimers';
import { fakeUser } from './fakeUser';
import { renderWithProviders } from './renderWithProviders';
import { statusInfo } from './statusFixtures';

// After a transfer the first agent gets the after-call form for their part of the call (spec §4): the call goes on
// with the agent it went to (agent_id 8 here); the server says the viewer handed it over.

const viewer = fakeUser('agent');
vi.mock('../src/features/auth', () => ({ useCurrentUser: () => viewer }));
vi.mock('socket.io-client', async () => (await import('./fakeSocket')).fakeSocketModule);

const { CallPage } = await import('../src/features/calls/components/CallPage');

function setUp(replies: Replies = {}, handedOver = true) {
  const fetch = serveFetch({
    'GET /api/inquiries/41/get_call_data': {
      status: 200,
      body: callData({ agent_id: 8, status: 'talking', handed_over: handedOver }),
    },
    'GET /api/inquiries/server_time': { status: 200, body: { server_time: new Date().toISOString(), unix: 0 } },
    'GET /api/status/get_current_status_info': { status: 200, body: statusInfo('after_call_work', { callId: 41 }) },
    'GET /api/dispositions/get_dispositions/41': { status: 200, body: DISPOSITIONS },
    'POST /api/inquiries/set_notes/41': { status: 200, body: { status: 'ok' } },
    'POST /api/status/set_new_status': { status: 200, body: statusInfo('ready') },
    'POST /api/inquiries/41/redirect_user_or_client': { status: 403 },
    ...replies,
  });
  renderWithProviders(
    <Routes>
      <Route path="/inquiries/call/:id" element={<CallPage />} />
      <Route path="*" element={null} />
    </Routes>,
    { path: '/inquiries/call/41', showPath: true },
  );
  return fetch;
}

describe('the after-call form of a transferred call', () => {
  notifyOnMicrotask();
  connectSocketEachTest();

  it('opens for the agent who passed the call on: notes and the next status, no disposition or callback', async () => {
    const fetch = setUp();
    const form = await screen.findByTestId('after-call-form');
    expect(within(form).getByTestId('after-call-handed-over').textContent).toContain('You transferred this call.');
    expect(within(form).queryByTestId('after-call-disposition')).toBeNull();
    expect(within(form).queryByTestId('callback')).toBeNull();
    // Not the call's workspace, nor the "with another agent" notice: the form is the page.
    expect(screen.queryByTestId('call-over')).toBeNull();
    expect(screen.queryByTestId('call-end')).toBeNull();
    expect(callsTo(fetch, 'GET', '/api/dispositions/get_dispositions/41')).toHaveLength(0);

    fireEvent.change(within(form).getByTestId('after-call-notes'), { target: { value: 'Wants the premium plan' } });
    await waitFor(() =>
      expect((within(form).getByTestId('after-call-next-status') as HTMLSelectElement).value).toBe('ready'),
    );
    fireEvent.click(within(form).getByTestId('after-call-close'));
    // The server cannot say where this agent goes next (the call is not theirs): the calls page.
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/inquiries/all_calls'));
    expect(callsTo(fetch, 'POST', '/api/inquiries/set_notes/41')).toEqual([{ notes: 'Wants the premium plan' }]);
    expect(callsTo(fetch, 'POST', '/api/status/set_new_status')).toEqual([{ status_name: 'ready', call_id: 41 }]);
  });

  it('closes even when the notes can no longer be saved (the other agent ended the call meanwhile)', async () => {
    const fetch = setUp({
      'POST /api/inquiries/set_notes/41': {
        status: 409,
        body: { error: { code: 'conflict', message: 'The call has ended; it can no longer be changed.', fields: {} } },
      },
    });
    const form = await screen.findByTestId('after-call-form');
    fireEvent.change(within(form).getByTestId('after-call-notes'), { target: { value: 'Late words' } });
    fireEvent.click(within(form).getByTestId('after-call-close'));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/inquiries/all_calls'));
    expect(callsTo(fetch, 'POST', '/api/status/set_new_status')).toEqual([{ status_name: 'ready', call_id: 41 }]);
  });

  it('does not open for a supervisor watching another agent’s call', async () => {
    setUp({}, false);
    expect((await screen.findByTestId('call-over')).textContent).toContain('with another agent');
    expect(screen.queryByTestId('after-call-form')).toBeNull();
  });
});
