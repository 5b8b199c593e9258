import { SOCKET_EVENTS } from '@shiftline/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AgentStatePage } from '../../src/features/supervision/components/AgentStatePage';
import { callsTo, serveFetch } from '../fakeFetch';
import { connectSocketEachTest, serverSends } from '../fakeSocket';
import { fakeUser } from '../fakeUser';
import { renderWithProviders } from '../renderWithProviders';
import { agentEvent, agentRow, campaignStatus, FILTERS, STAMP } from './supervisionFixtures';

vi.mock('socket.io-client', async () => (await import('../fakeSocket')).fakeSocketModule);
let viewer = fakeUser('agent_supervisor');
vi.mock('../../src/features/auth', () => ({ useCurrentUser: () => viewer }));

const REPORT = '/api/dashboards/agent_state_report';

/** Out of the report's order on purpose: the page sorts by status group, then the longest in their state. */
const ROWS = [
  agentRow(43, 'Cy Dunn', 'not_ready_personal', '2026-11-25T13:00:00.000Z'),
  agentRow(41, 'Al Chen', 'ready', '2026-11-25T14:00:00.000Z'),
  agentRow(44, 'Di Eno', 'logged_out', '2026-11-24T22:00:00.000Z'),
  agentRow(42, 'Bea Roy', 'ready', '2026-11-25T12:30:00.000Z'),
];

function serveReports() {
  return serveFetch({
    [`POST ${REPORT}`]: { status: 200, body: { items: ROWS, additionals_filters: FILTERS, stamp: STAMP } },
    'POST /api/dashboards/campaign_status_report': { status: 200, body: campaignStatus() },
  });
}

const names = () =>
  screen.getAllByTestId('agent-state-row').map((row) => within(row).getByTestId('agent-state-name').textContent);
const rowOf = (id: number) =>
  screen.getAllByTestId('agent-state-row').find((row) => row.dataset.id === String(id)) as HTMLElement;

describe('the agent state report', () => {
  connectSocketEachTest();

  it('sorts by status group and time in state, and an event updates the row in place and sorts again', async () => {
    viewer = fakeUser('agent_supervisor');
    const fetch = serveReports();
    renderWithProviders(<AgentStatePage />);
    await screen.findAllByTestId('agent-state-row');
    expect(names()).toEqual(['Bea Roy', 'Al Chen', 'Cy Dunn', 'Di Eno']);
    // Both filters exist, so the bar shows.
    expect(screen.getByTestId('live-filter-campaigns')).toBeTruthy();
    expect(screen.getByTestId('live-filter-call_type')).toBeTruthy();

    serverSends(
      SOCKET_EVENTS.newAgentStateData,
      agentEvent(43, 'Cy Dunn', 'ready', '2026-11-25T15:00:00.000Z', { '1': 11 }),
    );
    await waitFor(() => expect(rowOf(43).dataset.status).toBe('ready'));
    expect(within(rowOf(43)).getByTestId('agent-state-chip').textContent).toBe('Ready');
    expect(names()).toEqual(['Bea Roy', 'Al Chen', 'Cy Dunn', 'Di Eno']);

    // On call sorts first; the campaign comes from the event, named from the report's campaigns.
    serverSends(
      SOCKET_EVENTS.newAgentStateData,
      agentEvent(41, 'Al Chen', 'on_call', '2026-11-25T15:01:00.000Z', { '1': 12 }, { campaign_id: 1 }),
    );
    await waitFor(() => expect(names()[0]).toBe('Al Chen'));
    expect(within(rowOf(41)).getByTestId('agent-state-campaign').textContent).toBe('Acme Support');
    expect(within(rowOf(41)).getByTestId('agent-state-chip').getAttribute('data-status')).toBe('on_call');

    // A replayed event changes nothing and asks for nothing.
    serverSends(
      SOCKET_EVENTS.newAgentStateData,
      agentEvent(43, 'Cy Dunn', 'not_ready_personal', '2026-11-25T13:00:00.000Z', { '1': 11 }),
    );
    expect(rowOf(43).dataset.status).toBe('ready');
    expect(callsTo(fetch, 'POST', REPORT)).toHaveLength(1);
  });

  it('ignores an agent of another call type than the filter', async () => {
    viewer = fakeUser('agent_supervisor');
    const fetch = serveReports();
    renderWithProviders(<AgentStatePage />);
    await screen.findAllByTestId('agent-state-row');
    fireEvent.mouseDown(within(screen.getByTestId('live-filter-call_type')).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'Inbound' }));
    await waitFor(() => expect(callsTo(fetch, 'POST', REPORT).at(-1)).toEqual({ call_type: 'inbound' }));
    await waitFor(() => expect(screen.queryByLabelText('Loading agents')).toBeNull());

    serverSends(
      SOCKET_EVENTS.newAgentStateData,
      agentEvent(42, 'Bea Roy', 'on_call', '2026-11-25T15:00:00.000Z', { '1': 11 }, { agent_call_type: 'outbound' }),
    );
    expect(rowOf(42).dataset.status).toBe('ready');
    serverSends(
      SOCKET_EVENTS.newAgentStateData,
      agentEvent(42, 'Bea Roy', 'not_ready_personal', '2026-11-25T15:00:01.000Z', { '1': 12 }),
    );
    await waitFor(() => expect(rowOf(42).dataset.status).toBe('not_ready_personal'));
  });

  it('loads the report again when a number is skipped, a new epoch begins, the page is seated again or campaigns change', async () => {
    viewer = fakeUser('agent_supervisor');
    const fetch = serveReports();
    renderWithProviders(<AgentStatePage />);
    await screen.findAllByTestId('agent-state-row');
    expect(callsTo(fetch, 'POST', REPORT)).toHaveLength(1);

    serverSends(
      SOCKET_EVENTS.newAgentStateData,
      agentEvent(43, 'Cy Dunn', 'ready', '2026-11-25T15:00:00.000Z', { '1': 13 }),
    );
    await waitFor(() => expect(callsTo(fetch, 'POST', REPORT)).toHaveLength(2));

    await waitFor(() => expect(screen.queryByLabelText('Loading agents')).toBeNull());

    const restarted = agentEvent(43, 'Cy Dunn', 'ready', '2026-11-25T15:00:00.000Z', { '1': 1 });
    serverSends(SOCKET_EVENTS.newAgentStateData, { ...restarted, seq: { epoch: 'epoch-2', campaigns: { '1': 1 } } });
    await waitFor(() => expect(callsTo(fetch, 'POST', REPORT)).toHaveLength(3));
    await waitFor(() => expect(screen.queryByLabelText('Loading agents')).toBeNull());

    // The page's own join is answered first; a second seat follows a reconnect.
    serverSends(SOCKET_EVENTS.join, { rooms: ['common', 'live'] });
    serverSends(SOCKET_EVENTS.join, { rooms: ['common', 'live'] });
    await waitFor(() => expect(callsTo(fetch, 'POST', REPORT)).toHaveLength(4));
    await waitFor(() => expect(screen.queryByLabelText('Loading agents')).toBeNull());

    // Someone enabled or disabled an agent on a campaign: who counts where moved.
    serverSends(SOCKET_EVENTS.agentCampaignsChanged, { user_id: 42, campaigns: [1] });
    await waitFor(() => expect(callsTo(fetch, 'POST', REPORT)).toHaveLength(5));
  });

  it('opens the campaigns popup from a name: switches for the roles that may change campaigns, a list for others', async () => {
    const popup = {
      'GET /api/dashboards/user-campaigns-popup/42': {
        status: 200,
        body: [
          { id: 1, name: 'Acme Support', is_disabled: false },
          { id: 2, name: 'Bolt Sales', is_disabled: true },
        ],
      },
    };
    for (const [role, may] of [
      ['administrator', true],
      ['super_admin', true],
      ['schedule_supervisor', true],
      ['team_lead', false],
      ['agent_supervisor', false],
      ['campaign_manager', false],
    ] as const) {
      viewer = fakeUser(role);
      serveFetch({
        [`POST ${REPORT}`]: { status: 200, body: { items: ROWS, additionals_filters: FILTERS, stamp: STAMP } },
        'POST /api/dashboards/campaign_status_report': { status: 200, body: campaignStatus() },
        ...popup,
      });
      const view = renderWithProviders(<AgentStatePage />);
      await screen.findAllByTestId('agent-state-row');
      fireEvent.click(within(rowOf(42)).getByTestId('agent-state-name'));
      const dialog = await screen.findByTestId('agent-campaigns-dialog');
      expect(within(dialog).getByText(/Campaigns of Bea Roy/)).toBeTruthy();
      const toggle = (await within(dialog).findByRole('switch', { name: 'Bolt Sales enabled' })) as HTMLInputElement;
      expect(toggle.disabled, role).toBe(!may);
      view.unmount();
    }
  });
});
