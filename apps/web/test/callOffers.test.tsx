import type { CallData } from '@shiftline/shared';
import { SOCKET_EVENTS } from '@shiftline/shared/api/events';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answerDueIn } from '../src/features/calls/utils/answerDue';
import { offerEndFor } from '../src/features/calls/utils/offerEnd';
import { callData } from './callFixtures';
import { callsTo, type Replies, serveFetch } from './fakeFetch';
import { connectSocketEachTest, serverSends } from './fakeSocket';
import { advance, notifyOnMicrotask } from './fakeTimers';
import { fakeUser } from './fakeUser';
import { renderWithProviders } from './renderWithProviders';
import { statusInfo } from './statusFixtures';

/* Issue 26 items 1-3 on the web side: the offer's end, auto-answer from the offer's time, pickup without a phone. */

let viewer = fakeUser('agent');
vi.mock('../src/features/auth', () => ({ useCurrentUser: () => viewer }));
vi.mock('socket.io-client', async () => (await import('./fakeSocket')).fakeSocketModule);

const { CallWatcher } = await import('../src/features/calls');
const { CallPage } = await import('../src/features/calls/components/CallPage');

const ME = 7;
const callEvent = (overrides: Record<string, unknown> = {}) => ({
  call_id: 41,
  campaign_id: 2,
  direction: 'inbound',
  status: 'offered',
  old_status: 'queued',
  agent_id: ME,
  old_agent_id: null,
  queued_at: '2026-01-15T13:59:30.000Z',
  answered_at: null,
  ended_at: null,
  missed: false,
  callback: false,
  ...overrides,
});
const rangOut = callEvent({ status: 'queued', old_status: 'offered', agent_id: null, old_agent_id: ME, missed: true });

describe('offerEndFor', () => {
  it('reads a call that left the agent as missed, a caller who left a ringing call as caller_left', () => {
    expect(offerEndFor(rangOut, ME)).toBe('missed');
    expect(offerEndFor(callEvent({ status: 'abandoned', old_status: 'offered' }), ME)).toBe('caller_left');
  });
  it('reads nothing into an answer, another agent’s miss, or a call offered to someone else', () => {
    expect(offerEndFor(callEvent({ status: 'talking', old_status: 'offered' }), ME)).toBeNull();
    expect(offerEndFor({ ...rangOut, old_agent_id: 99 }, ME)).toBeNull();
    expect(offerEndFor(callEvent({ agent_id: 99 }), ME)).toBeNull();
    expect(offerEndFor(callEvent({ status: 'abandoned', old_status: 'queued', agent_id: null }), ME)).toBeNull();
  });
});

describe('answerDueIn', () => {
  const offered = '2026-01-15T14:00:00.000Z';
  const at = (iso: string) => Date.parse(iso);
  it('counts the delay from the offer on the server clock', () => {
    expect(answerDueIn(offered, 5000, at('2026-01-15T14:00:02.000Z'), 0)).toBe(3000);
    // The browser's clock 60 s behind the server's: the same instant.
    expect(answerDueIn(offered, 5000, at('2026-01-15T13:59:02.000Z'), 60_000)).toBe(3000);
  });
  it('answers at once when the page opens after the delay, and counts from now without an offer time', () => {
    expect(answerDueIn(offered, 5000, at('2026-01-15T14:00:11.000Z'), 0)).toBe(0);
    expect(answerDueIn(null, 5000, at('2026-01-15T14:00:11.000Z'), 0)).toBe(5000);
  });
});

describe('the call watcher after a missed offer', () => {
  connectSocketEachTest();
  const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
  const path = () => screen.getByTestId('path').textContent;

  it('takes the agent back to the page they were on, says why with their status, and opens the call again if it rings again', async () => {
    const fetch = serveFetch({
      'GET /api/inquiries/get_call_for_user': { status: 200, body: { call: null } },
      'POST /api/inquiries/41/get_call_page_url': { status: 200, body: { url: '/inquiries/call/41' } },
      'GET /api/status/get_current_status_info': { status: 200, body: statusInfo('not_ready_automatic') },
    });
    renderWithProviders(<CallWatcher userId={ME} />, { path: '/schedule', showPath: true });
    await settle();
    await serverSends(SOCKET_EVENTS.newCallData, callEvent());
    await waitFor(() => expect(path()).toBe('/inquiries/call/41'));
    expect(window.localStorage.getItem('currentCallId')).toBe('41');

    await serverSends(SOCKET_EVENTS.newCallData, rangOut);
    await waitFor(() => expect(path()).toBe('/schedule'));
    const notice = await screen.findByTestId('offer-ended');
    expect(notice.dataset.end).toBe('missed');
    await waitFor(() => expect(notice.textContent).toContain('Your status: Not ready (automatic).'));
    expect(window.localStorage.getItem('currentCallId')).toBe('');

    await serverSends(SOCKET_EVENTS.newCallData, callEvent({ old_status: 'queued', missed: true }));
    await waitFor(() => expect(path()).toBe('/inquiries/call/41'));
    expect(callsTo(fetch, 'POST', '/api/inquiries/41/get_call_page_url')).toHaveLength(2);
  });
});

describe('the call page', () => {
  notifyOnMicrotask();
  connectSocketEachTest();
  beforeEach(() => {
    viewer = fakeUser('agent');
  });

  function setUp(call: CallData, replies: Replies = {}) {
    const fetch = serveFetch({
      'GET /api/inquiries/41/get_call_data': { status: 200, body: call },
      'GET /api/inquiries/server_time': { status: 200, body: { server_time: new Date().toISOString(), unix: 0 } },
      'GET /api/status/get_current_status_info': { status: 200, body: statusInfo('ringing', { callId: 41 }) },
      'POST /api/inquiries/call_data': { status: 200, body: callData() },
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
  const offeredAgo = (ms: number) =>
    callData({ status: 'offered', answered_at: null, offered_at: new Date(Date.now() - ms).toISOString() });

  it('answers at once a call offered longer ago than the answer delay (the page opened late)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const fetch = setUp(offeredAgo(11_000));
    await advance(0);
    await advance(0);
    await advance(1);
    expect(callsTo(fetch, 'POST', '/api/inquiries/call_data')).toEqual([{ crm_call_id: 41, flow_status: 'talk' }]);
  });

  it('answers 5 s after the offer, not 5 s after the page: offered 2 s ago, it answers in 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const fetch = setUp(offeredAgo(2000));
    await advance(0);
    await advance(0);
    expect(screen.getByTestId('answer-countdown').textContent).toBe('Answering in 3 s');
    await advance(2900);
    expect(callsTo(fetch, 'POST', '/api/inquiries/call_data')).toHaveLength(0);
    await advance(100);
    expect(callsTo(fetch, 'POST', '/api/inquiries/call_data')).toEqual([{ crm_call_id: 41, flow_status: 'talk' }]);
  });

  it('lets a team lead pick up a waiting call without a phone (pickup, then answered at once), its timer the wait', async () => {
    viewer = fakeUser('team_lead');
    const queuedAt = new Date(Date.now() - (16 * 60 + 5) * 1000).toISOString();
    const waiting = callData({
      status: 'queued',
      agent_id: null,
      offered_at: null,
      answered_at: null,
      queued_at: queuedAt,
    });
    const picked = callData({ status: 'offered', agent_id: viewer.id, answered_at: null });
    const talking = callData({ status: 'talking', agent_id: viewer.id });
    const fetch = setUp(waiting, {
      'POST /api/inquiries/41/pickup_call': { status: 200, body: picked },
      'POST /api/inquiries/call_data': { status: 200, body: talking },
    });
    await waitFor(() => expect(screen.getByTestId('call-timer').textContent).toMatch(/^00:16:0\d$/));
    expect(screen.getByTestId('call-over').textContent).toContain('Pick up to take it.');
    fireEvent.click(screen.getByTestId('call-pickup'));
    await waitFor(() => expect(screen.getByTestId('call-state').dataset.state).toBe('talking'));
    const posts = fetch.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url]) => String(url));
    expect(posts).toEqual(['/api/inquiries/41/pickup_call', '/api/inquiries/call_data']);
    expect(callsTo(fetch, 'POST', '/api/inquiries/call_data')).toEqual([{ crm_call_id: 41, flow_status: 'talk' }]);
  });

  it('offers no Pick up to an agent', async () => {
    setUp(callData({ status: 'queued', agent_id: null, offered_at: null, answered_at: null }));
    await screen.findByTestId('call-over');
    expect(screen.queryByTestId('call-pickup')).toBeNull();
  });
});
