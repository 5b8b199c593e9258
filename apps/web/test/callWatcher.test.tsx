import { SOCKET_EVENTS } from '@shiftline/shared/api/events';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callData } from './callFixtures';
import { type Replies, serveFetch } from './fakeFetch';
import { connectSocketEachTest, serverSends } from './fakeSocket';
import { renderWithProviders } from './renderWithProviders';
import { statusInfo } from './statusFixtures';

vi.mock('socket.io-client', async () => (await import('./fakeSocket')).fakeSocketModule);

const { CallWatcher } = await import('../src/features/calls');

const ME = 7;

function setUp(replies: Replies = {}) {
  const fetch = serveFetch({
    'GET /api/inquiries/get_call_for_user': { status: 200, body: { call: null } },
    'POST /api/inquiries/41/get_call_page_url': { status: 200, body: { url: '/inquiries/call/41' } },
    ...replies,
  });
  renderWithProviders(<CallWatcher userId={ME} />, { path: '/schedule', showPath: true });
  return fetch;
}

const callEvent = (overrides: Record<string, unknown> = {}) => ({
  call_id: 41,
  campaign_id: 2,
  direction: 'inbound',
  status: 'offered',
  old_status: 'queued',
  agent_id: ME,
  queued_at: '2026-01-15T13:59:30.000Z',
  answered_at: null,
  ended_at: null,
  missed: false,
  callback: false,
  ...overrides,
});

const path = () => screen.getByTestId('path').textContent;
/** Lets the page's first checks (get_call_for_user) finish. */
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 20)));

describe('CallWatcher', () => {
  connectSocketEachTest();

  it('opens the call page when a call rings for the agent, and remembers the call', async () => {
    const fetch = setUp();
    await settle();
    await serverSends(SOCKET_EVENTS.newCallData, callEvent());
    await waitFor(() => expect(path()).toBe('/inquiries/call/41'));
    expect(fetch.mock.calls.map(([url]) => String(url))).toContain('/api/inquiries/41/get_call_page_url');
    expect(window.localStorage.getItem('currentCallId')).toBe('41');
  });

  it("stays put for another agent's call and for other moves of a call", async () => {
    setUp();
    await settle();
    await serverSends(SOCKET_EVENTS.newCallData, callEvent({ agent_id: 99 }));
    await serverSends(SOCKET_EVENTS.newCallData, callEvent({ status: 'queued', old_status: null, agent_id: null }));
    await serverSends(SOCKET_EVENTS.newCallData, callEvent({ status: 'talking', old_status: 'offered' }));
    await settle();
    expect(path()).toBe('/schedule');
  });

  it('opens the call page when the status says a call rings (the event was missed), once', async () => {
    const fetch = setUp({
      'GET /api/status/get_current_status_info': { status: 200, body: statusInfo('ringing', { callId: 41 }) },
    });
    await waitFor(() => expect(path()).toBe('/inquiries/call/41'));
    await serverSends(SOCKET_EVENTS.newCallData, callEvent());
    await settle();
    expect(fetch.mock.calls.filter(([url]) => String(url) === '/api/inquiries/41/get_call_page_url')).toHaveLength(1);
  });

  it('returns to the live call when the app opens during one', async () => {
    setUp({ 'GET /api/inquiries/get_call_for_user': { status: 200, body: { call: callData() } } });
    await waitFor(() => expect(path()).toBe('/inquiries/call/41'));
  });

  /** The app opens with call 41 remembered (currentCallId in local storage), the call now in `status`. */
  const setUpRemembering = (status: 'after_call' | 'ended') => {
    window.localStorage.setItem('currentCallId', '41');
    setUp({
      'GET /api/inquiries/41/get_call_data': {
        status: 200,
        body: callData({ status, ended_at: '2026-01-15T14:04:10.000Z' }),
      },
    });
  };

  it('returns to an after-call form left open (currentCallId in local storage)', async () => {
    setUpRemembering('after_call');
    await waitFor(() => expect(path()).toBe('/inquiries/call/41'));
  });

  it('forgets a remembered call that has ended meanwhile', async () => {
    setUpRemembering('ended');
    await waitFor(() => expect(window.localStorage.getItem('currentCallId')).toBe(''));
    expect(path()).toBe('/schedule');
  });

  it.each([
    [false, 'You have a queue callback next.'],
    [true, 'You have a queue callback next. This client left a voicemail.'],
  ])('shows the queue-callback notice (voicemail: %s) and Proceed opens its page', async (voiceMail, text) => {
    setUp();
    await settle();
    await serverSends(SOCKET_EVENTS.queueCallback, { url: '/inquiries/call/52', is_voice_mail: voiceMail });
    const notice = await screen.findByTestId('queue-callback-notice');
    expect(notice.textContent).toContain(text);
    fireEvent.click(screen.getByTestId('queue-callback-proceed'));
    expect(path()).toBe('/inquiries/call/52');
    await waitFor(() => expect(screen.queryByTestId('queue-callback-notice')).toBeNull());
  });
});
