import { CALL_TAKING_ROLES, READY_OUTBOUND_EXPLANATION, ROLES, type Role, statusTitle } from '@shiftline/shared';
import { SOCKET_EVENTS } from '@shiftline/shared/api/events';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, type Replies, serveFetch } from './fakeFetch';
import { connectSocketEachTest, serverSends } from './fakeSocket';
import { fakeUser } from './fakeUser';
import { renderWithProviders } from './renderWithProviders';
import { statusInfo } from './statusFixtures';

vi.mock('socket.io-client', async () => (await import('./fakeSocket')).fakeSocketModule);

const { TopBar } = await import('../src/app/topBar/TopBar');

const SERVER_NOW = '2026-01-15T14:05:09.000Z';

function setUp(role: Role, replies: Replies = {}, user = fakeUser(role)) {
  const fetch = serveFetch({
    'GET /api/status/get_current_status_info': { status: 200, body: statusInfo('ready') },
    'GET /api/inquiries/server_time': { status: 200, body: { server_time: SERVER_NOW, unix: 1768485909 } },
    'GET /api/inquiries/get_call_for_user': { status: 200, body: { call: null } },
    ...replies,
  });
  renderWithProviders(<TopBar user={user} onOpenNavigation={() => undefined} />, { showPath: true });
  return fetch;
}

async function openMenu() {
  fireEvent.click(await screen.findByTestId('status-menu-button'));
  return screen.findByRole('menu');
}

describe('StatusMenu in the top bar', () => {
  connectSocketEachTest();

  it.each(ROLES)('is shown for the %s role only when that role takes calls', async (role) => {
    const fetch = setUp(role);
    if (CALL_TAKING_ROLES.includes(role)) {
      expect((await screen.findByTestId('status-title')).textContent).toBe('Ready');
    } else {
      // Give a status load the time it would take, then check none was asked for and nothing is drawn.
      await act(async () => undefined);
      expect(screen.queryByTestId('status-menu-button')).toBeNull();
      expect(callsTo(fetch, 'GET', '/api/status/get_current_status_info')).toHaveLength(0);
    }
  });

  it('shows the status colour and icon and lists the offered statuses in the order given', async () => {
    const info = statusInfo('ready');
    // The server's order is the menu's order, whatever it is.
    info.status_transitions.reverse();
    setUp('agent', { 'GET /api/status/get_current_status_info': { status: 200, body: info } });
    const button = await screen.findByTestId('status-menu-button');
    expect(button.dataset.status).toBe('ready');
    expect(button.querySelector('[data-icon="phone_in_talk"]')).not.toBeNull();
    expect(getComputedStyle(button).backgroundColor).toBe('rgb(46, 125, 50)');
    const menu = await openMenu();
    const options = within(menu).getAllByTestId('status-option');
    expect(options.map((option) => option.dataset.status)).toEqual(info.status_transitions.map((t) => t.name));
    expect(options.map((option) => option.textContent)).toEqual(info.status_transitions.map((t) => t.title));
  });

  it('counts the time in status on the server clock, every second', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // The browser's clock is 2 minutes behind the server's.
    vi.setSystemTime(new Date(Date.parse(SERVER_NOW) - 120_000));
    setUp('agent', {
      'GET /api/status/get_current_status_info': {
        status: 200,
        body: statusInfo('break', { since: '2026-01-15T13:03:04.000Z' }),
      },
    });
    await waitFor(() => expect(screen.getByTestId('status-timer').textContent).toBe('01:02:05'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(screen.getByTestId('status-timer').textContent).toBe('01:02:06');
  });

  it('moves to the chosen status with set_new_status', async () => {
    const fetch = setUp('agent', {
      'POST /api/status/set_new_status': { status: 200, body: statusInfo('lunch') },
    });
    const menu = await openMenu();
    fireEvent.click(within(menu).getByText(statusTitle('lunch')));
    await waitFor(() => expect(screen.getByTestId('status-title').textContent).toBe('Lunch'));
    expect(callsTo(fetch, 'POST', '/api/status/set_new_status')).toEqual([{ status_name: 'lunch' }]);
  });

  it('keeps the old status and shows the server message when the change is refused', async () => {
    setUp('agent', {
      'POST /api/status/set_new_status': {
        status: 409,
        body: { error: { code: 'status_refused', message: 'Lunch is not offered from Ready', fields: {} } },
      },
    });
    const menu = await openMenu();
    fireEvent.click(within(menu).getByText('Lunch'));
    expect((await screen.findByTestId('status-notice')).textContent).toContain('Lunch is not offered from Ready');
    expect(screen.getByTestId('status-title').textContent).toBe('Ready');
    expect(screen.getByTestId('status-menu-button').dataset.status).toBe('ready');
    // The menu still offers what it offered.
    const again = await openMenu();
    expect(
      within(again)
        .getAllByTestId('status-option')
        .map((option) => option.dataset.status),
    ).toContain('lunch');
  });

  it('explains the ready (dial pad) status while the agent is in Ready (Outbound)', async () => {
    setUp(
      'agent',
      {
        'GET /api/status/get_current_status_info': {
          status: 200,
          body: statusInfo('ready_outbound', { callType: 'outbound' }),
        },
      },
      fakeUser('agent', { agent_call_type: 'outbound' }),
    );
    expect((await screen.findByTestId('ready-outbound-explanation')).textContent).toContain(READY_OUTBOUND_EXPLANATION);
  });

  it('does not explain it in other statuses', async () => {
    setUp('agent');
    await screen.findByTestId('status-title');
    expect(screen.queryByTestId('ready-outbound-explanation')).toBeNull();
  });

  it('signs the user out when they choose Logged out', async () => {
    setUp('agent', { 'POST /api/status/set_new_status': { status: 200, body: statusInfo('logged_out') } });
    const menu = await openMenu();
    fireEvent.click(within(menu).getByText('Logged out'));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/profile/logout'));
  });

  it('offers nothing during a call', async () => {
    setUp('agent', {
      'GET /api/status/get_current_status_info': { status: 200, body: statusInfo('on_call', { callId: 5 }) },
    });
    const menu = await openMenu();
    expect(within(menu).queryAllByTestId('status-option')).toHaveLength(0);
    expect(within(menu).getByTestId('status-no-options')).toBeTruthy();
  });

  it('loads the status again when the server says this agent changed status', async () => {
    let current = statusInfo('ready');
    setUp('agent', { 'GET /api/status/get_current_status_info': () => ({ status: 200, body: current }) });
    await waitFor(() => expect(screen.getByTestId('status-title').textContent).toBe('Ready'));
    current = statusInfo('after_call_work', { callId: 9 });
    // Another agent's change is not ours.
    await serverSends(SOCKET_EVENTS.newAgentStateData, { ...agentEvent('on_call'), user_id: 99 });
    await serverSends(SOCKET_EVENTS.newAgentStateData, agentEvent('after_call_work'));
    await waitFor(() => expect(screen.getByTestId('status-title').textContent).toBe(statusTitle('after_call_work')));
  });
});

function agentEvent(status: string) {
  return {
    user_id: fakeUser('agent').id,
    name: 'Ada Byron',
    status,
    title: status,
    bgc: '#000',
    status_started_at: SERVER_NOW,
    old_status: 'ready',
    campaign_id: null,
    agent_campaigns: [],
    agent_call_type: 'inbound',
    call_id: null,
    customer: null,
    source: null,
    call_type: null,
  };
}
