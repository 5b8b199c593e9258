import { SOCKET_EVENTS } from '@shiftline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AgentStatePage } from '../../src/features/supervision/components/AgentStatePage';
import { callsTo, serveFetch } from '../fakeFetch';
import { connectSocketEachTest, serverSends } from '../fakeSocket';
import { fakeUser } from '../fakeUser';
import { renderWithProviders } from '../renderWithProviders';
import { agentEvent, agentRow, callEvent, campaignStatus, FILTERS, STAMP } from './supervisionFixtures';

vi.mock('socket.io-client', async () => (await import('../fakeSocket')).fakeSocketModule);
let viewer = fakeUser('agent_supervisor', { timezone: 'America/St_Johns' });
vi.mock('../../src/features/auth', () => ({ useCurrentUser: () => viewer }));

const STATUS = '/api/dashboards/campaign_status_report';

function serve() {
  return serveFetch({
    'POST /api/dashboards/agent_state_report': {
      status: 200,
      body: {
        items: [agentRow(41, 'Al Chen', 'ready', '2026-11-24T14:00:00.000Z')],
        additionals_filters: FILTERS,
        stamp: STAMP,
      },
    },
    [`POST ${STATUS}`]: { status: 200, body: campaignStatus() },
    'POST /api/dashboards/campaign_current_longest_queue_time': { status: 200, body: { current_longest: 0 } },
    'POST /api/dashboards/campaign_longest_queue_time_today': { status: 200, body: { longest_today: 754 } },
  });
}

/** The campaign's cell of a column (the server's header value). */
const cell = (campaignId: number, field: string) => {
  const row = screen
    .getAllByTestId('campaign-status-row')
    .find((entry) => entry.dataset.id === String(campaignId)) as HTMLElement;
  return (row.querySelector(`[data-field="${field}"]`) as HTMLElement).textContent;
};

describe('the campaign status table', () => {
  connectSocketEachTest();
  afterEach(() => {
    viewer = fakeUser('agent_supervisor', { timezone: 'America/St_Johns' });
  });

  it("lists a campaign's waiting callers, longest first, each opening its call page, for a role that picks up", async () => {
    serve();
    renderWithProviders(<AgentStatePage />);
    await screen.findAllByTestId('campaign-status-row');
    // Nobody waits: a plain figure.
    expect(screen.queryByTestId('open-waiting-calls')).toBeNull();
    serverSends(
      SOCKET_EVENTS.newCallData,
      callEvent(930, 'queued', new Date(Date.now() - 20_000).toISOString(), { '1': 11 }),
    );
    serverSends(
      SOCKET_EVENTS.newCallData,
      callEvent(931, 'queued', new Date(Date.now() - 95_000).toISOString(), { '1': 12 }, { callback: true }),
    );
    const open = await screen.findByRole('button', { name: '2 waiting in Acme Support: show the calls' });
    open.click();
    const dialog = await screen.findByRole('dialog', { name: 'Waiting calls · Acme Support' });
    const rows = within(dialog).getAllByTestId('waiting-call');
    expect(rows.map((row) => row.dataset.id)).toEqual(['931', '930']);
    expect(rows[0]?.textContent).toMatch(/^#9311:3\dRequestedOpen$/);
    expect(
      within(rows[1] as HTMLElement)
        .getByTestId('waiting-call-open')
        .getAttribute('href'),
    ).toBe('/inquiries/call/930');
    // The list follows the board: an answered caller leaves it.
    serverSends(
      SOCKET_EVENTS.newCallData,
      callEvent(931, 'connected', new Date().toISOString(), { '1': 13 }, { agent_id: 41 }),
    );
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByTestId('waiting-call')
          .map((row) => row.dataset.id),
      ).toEqual(['930']),
    );
  });

  it('shows the figure alone to a role that does not pick calls up', async () => {
    viewer = fakeUser('administrator', { timezone: 'America/St_Johns' });
    serve();
    renderWithProviders(<AgentStatePage />);
    await screen.findAllByTestId('campaign-status-row');
    serverSends(SOCKET_EVENTS.newCallData, callEvent(940, 'queued', new Date().toISOString(), { '1': 11 }));
    await waitFor(() => expect(cell(1, 'calls_in_queue')).toBe('1'));
    expect(screen.queryByTestId('open-waiting-calls')).toBeNull();
  });

  it("shows the server's headers and counters from the snapshot, and follows the events", async () => {
    const fetch = serve();
    renderWithProviders(<AgentStatePage />);
    await screen.findAllByTestId('campaign-status-row');
    const table = screen.getByRole('table', { name: 'Campaign status' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'Campaign',
      'Agents On Call',
      'Agents Not Ready',
      'Agents Logged In',
      'Calls In Queue',
      'Queue Callbacks',
      'Current Longest',
      'Longest Queue Time Today',
    ]);
    expect(cell(1, 'agents_logged_in')).toBe('2');
    expect(cell(1, 'agents_not_ready')).toBe('1');
    expect(cell(1, 'agents_on_call')).toBe('0');

    // A caller queues: one in queue; the current longest runs from its queue time.
    const queuedAt = new Date(Date.now() - 75_000).toISOString();
    serverSends(SOCKET_EVENTS.newCallData, callEvent(900, 'queued', queuedAt, { '1': 11 }));
    await waitFor(() => expect(cell(1, 'calls_in_queue')).toBe('1'));
    expect(cell(1, 'current_longest')).toMatch(/^1:1\d$/);
    // The agent answers: on call, and the queue empties; the two longest figures are asked for again.
    serverSends(
      SOCKET_EVENTS.newAgentStateData,
      agentEvent(41, 'Al Chen', 'on_call', new Date().toISOString(), { '1': 12 }, { campaign_id: 1, call_id: 900 }),
    );
    serverSends(
      SOCKET_EVENTS.newCallData,
      callEvent(900, 'connected', queuedAt, { '1': 13 }, { answered_at: new Date().toISOString(), agent_id: 41 }),
    );
    await waitFor(() => expect(cell(1, 'calls_in_queue')).toBe('0'));
    expect(cell(1, 'agents_on_call')).toBe('1');
    expect(cell(1, 'current_longest')).toBe('0:00');
    await waitFor(() => expect(cell(1, 'longest_queue_time_today')).toBe('12:34'));
    expect(callsTo(fetch, 'POST', '/api/dashboards/campaign_current_longest_queue_time')).toEqual([{ campaign_id: 1 }]);
    // St. John's is UTC−3:30 in November.
    expect(callsTo(fetch, 'POST', '/api/dashboards/campaign_longest_queue_time_today')).toEqual([
      { campaign_name: 'Acme Support', dateOffset: -3.5 },
    ]);

    // The same call's end heard twice (a replay) changes nothing; the counters never go below zero.
    serverSends(SOCKET_EVENTS.newCallData, callEvent(900, 'ended', queuedAt, { '1': 14 }));
    serverSends(SOCKET_EVENTS.newCallData, callEvent(900, 'ended', queuedAt, { '1': 14 }));
    expect(cell(1, 'calls_in_queue')).toBe('0');
    // A callback request waits as a callback.
    serverSends(
      SOCKET_EVENTS.newCallData,
      callEvent(901, 'queued', new Date().toISOString(), { '1': 15 }, { callback: true }),
    );
    await waitFor(() => expect(cell(1, 'queues_callbacks')).toBe('1'));
    serverSends(SOCKET_EVENTS.newCallbackData, {
      call_id: 901,
      campaign_id: 1,
      deleted: true,
      seq: { epoch: 'epoch-1', campaigns: { '1': 16 } },
    });
    await waitFor(() => expect(cell(1, 'queues_callbacks')).toBe('0'));
    expect(callsTo(fetch, 'POST', STATUS)).toHaveLength(1);
  });

  it("fetches the snapshot again on a gap in a campaign's numbers, and counts from the new one", async () => {
    const fetch = serve();
    renderWithProviders(<AgentStatePage />);
    await screen.findAllByTestId('campaign-status-row');
    const later = campaignStatus({ epoch: 'epoch-1', campaigns: { '1': 20, '2': 4 } });
    later.snapshot.waiting = [
      { call_id: 905, campaign_id: 1, queued_at: new Date().toISOString(), callback: false },
      { call_id: 906, campaign_id: 1, queued_at: new Date().toISOString(), callback: false },
    ];
    // Both reports see the gap (the same campaign stream) and load again.
    const again = serveFetch({
      'POST /api/dashboards/agent_state_report': {
        status: 200,
        body: { items: [], additionals_filters: FILTERS, stamp: later.snapshot.stamp },
      },
      [`POST ${STATUS}`]: { status: 200, body: later },
    });
    // Numbers 11 and 12 of campaign 1 never came.
    serverSends(SOCKET_EVENTS.newCallData, callEvent(904, 'queued', new Date().toISOString(), { '1': 13 }));
    await waitFor(() => expect(cell(1, 'calls_in_queue')).toBe('2'));
    expect(callsTo(fetch, 'POST', STATUS)).toHaveLength(1);
    expect(callsTo(again, 'POST', STATUS)).toHaveLength(1);
  });

  it('applies the events heard while its snapshot was loading on top of it', async () => {
    const served = serve();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The campaign status answer is held back until the test lets it go.
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === STATUS) await held;
      return served(input, init);
    });
    renderWithProviders(<AgentStatePage />);
    await screen.findAllByTestId('agent-state-row');
    // Number 11 comes after the snapshot's stamp (10): a caller queued while the request was out.
    serverSends(SOCKET_EVENTS.newCallData, callEvent(910, 'queued', new Date().toISOString(), { '1': 11 }));
    release();
    await screen.findAllByTestId('campaign-status-row');
    await waitFor(() => expect(cell(1, 'calls_in_queue')).toBe('1'));
  });

  it('follows the live room frames (several events in commit order in one message)', async () => {
    serve();
    renderWithProviders(<AgentStatePage />);
    await screen.findAllByTestId('campaign-status-row');
    const queuedAt = new Date().toISOString();
    serverSends(SOCKET_EVENTS.liveBatch, {
      events: [
        { event: SOCKET_EVENTS.newCallData, payload: callEvent(920, 'queued', queuedAt, { '1': 11 }) },
        { event: SOCKET_EVENTS.newCallData, payload: callEvent(921, 'queued', queuedAt, { '1': 12 }) },
        {
          event: SOCKET_EVENTS.newAgentStateData,
          payload: agentEvent(42, 'Bea Roy', 'ready', new Date().toISOString(), { '1': 13 }),
        },
      ],
    });
    await waitFor(() => expect(cell(1, 'calls_in_queue')).toBe('2'));
    expect(cell(1, 'agents_not_ready')).toBe('0');
  });
});
