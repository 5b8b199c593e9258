import { SOCKET_EVENTS } from '@shiftline/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SoftphoneController, SoftphoneView } from '../../src/features/softphone';
import { setActiveSoftphone } from '../../src/features/softphone/store';
import { AgentStatePage } from '../../src/features/supervision/components/AgentStatePage';
import { callsTo, serveFetch } from '../fakeFetch';
import { connectSocketEachTest, serverSends } from '../fakeSocket';
import { fakeUser } from '../fakeUser';
import { renderWithProviders } from '../renderWithProviders';
import { agentEvent, agentRow, campaignStatus, FILTERS, STAMP } from './supervisionFixtures';

// Spec §2.3: phone cells dial only when the record is valid and the viewer's phone is registered; invalid ones in red.

vi.mock('socket.io-client', async () => (await import('../fakeSocket')).fakeSocketModule);
let viewer = fakeUser('team_lead');
vi.mock('../../src/features/auth', () => ({ useCurrentUser: () => viewer }));

const ON_CALL = '2026-11-25T14:00:00.000Z';
const ROWS = [
  // A lead of an outbound campaign with a valid number, without the plus.
  agentRow(41, 'Al Chen', 'on_call', ON_CALL, {
    campaign_id: 1,
    customer: 'Ann Lee',
    customer_phone: '16045551001',
    cold_call_id: 7,
  }),
  // A lead whose number is not a number.
  agentRow(42, 'Bea Roy', 'on_call', ON_CALL, { customer: '555-01', customer_phone: '555-01', cold_call_id: 8 }),
  // An inbound caller with no lead: a valid number, nothing to dial.
  agentRow(43, 'Cy Dunn', 'on_call', ON_CALL, { customer: '+19025550100', customer_phone: '+19025550100' }),
  agentRow(44, 'Di Eno', 'ready', ON_CALL),
];

function serveReports() {
  return serveFetch({
    'POST /api/dashboards/agent_state_report': {
      status: 200,
      body: { items: ROWS, additionals_filters: FILTERS, stamp: STAMP },
    },
    'POST /api/dashboards/campaign_status_report': { status: 200, body: campaignStatus() },
    'POST /api/inquiries/cold_call': {
      status: 200,
      body: { simultaneous_call: false, inquiry_id: 55, call_id: 55, url: '/inquiries/call/55' },
    },
  });
}

const phoneOf = async (id: number) => {
  const rows = await screen.findAllByTestId('agent-state-row');
  const row = rows.find((entry) => entry.dataset.id === String(id)) as HTMLElement;
  return within(row).queryByTestId('agent-state-phone');
};

/** A running softphone as the store shares it, in the given state. */
function softphoneIn(state: SoftphoneView['state']) {
  const dial = vi.fn();
  const view = { state };
  const phone = {
    subscribe: () => () => undefined,
    getView: () => view,
    dial,
  } as unknown as SoftphoneController;
  act(() => setActiveSoftphone(phone));
  return dial;
}

afterEach(() => act(() => setActiveSoftphone(null)));

describe('the agent state report’s phone cells', () => {
  connectSocketEachTest();

  it('dial a valid record with the phone registered, and show an invalid number in red', async () => {
    viewer = fakeUser('team_lead');
    const dial = softphoneIn('registered');
    const fetch = serveReports();
    renderWithProviders(<AgentStatePage />, { path: '/supervision/agent_state', showPath: true });

    const valid = (await phoneOf(41)) as HTMLElement;
    expect(valid.dataset.dialable).toBe('true');
    expect(valid.tagName).toBe('BUTTON');
    const invalid = (await phoneOf(42)) as HTMLElement;
    expect(invalid.dataset.dialable).toBe('false');
    expect(invalid.dataset.valid).toBe('false');
    expect(getComputedStyle(invalid).color).toBe('rgb(211, 47, 47)');
    // Valid but with no record to dial: shown, not clickable, not red.
    const noLead = (await phoneOf(43)) as HTMLElement;
    expect(noLead.dataset.dialable).toBe('false');
    expect(noLead.dataset.valid).toBe('true');
    expect(getComputedStyle(noLead).color).not.toBe('rgb(211, 47, 47)');
    expect(await phoneOf(44)).toBeNull();

    fireEvent.click(valid);
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/inquiries/call/55'));
    expect(callsTo(fetch, 'POST', '/api/inquiries/cold_call')).toEqual([
      { abonent_number: '16045551001', cold_call_id: 7, check_simultaneous_calls: true },
    ]);
    expect(dial).toHaveBeenCalledWith('16045551001', 55);
  });

  it('dial nothing while the phone is not registered, nor for a role that makes no calls', async () => {
    viewer = fakeUser('team_lead');
    softphoneIn('unregistered');
    const fetch = serveReports();
    const { unmount } = renderWithProviders(<AgentStatePage />);
    const phone = (await phoneOf(41)) as HTMLElement;
    expect(phone.dataset.dialable).toBe('false');
    expect(phone.dataset.valid).toBe('true');
    fireEvent.click(phone);
    expect(callsTo(fetch, 'POST', '/api/inquiries/cold_call')).toHaveLength(0);
    unmount();

    act(() => setActiveSoftphone(null));
    viewer = fakeUser('administrator');
    renderWithProviders(<AgentStatePage />);
    expect(((await phoneOf(41)) as HTMLElement).dataset.dialable).toBe('false');
  });

  it('follow the customer an event names', async () => {
    viewer = fakeUser('team_lead');
    serveReports();
    renderWithProviders(<AgentStatePage />);
    expect(await phoneOf(44)).toBeNull();
    serverSends(
      SOCKET_EVENTS.newAgentStateData,
      agentEvent(
        44,
        'Di Eno',
        'on_call',
        '2026-11-25T15:00:00.000Z',
        { '1': 11 },
        { campaign_id: 1, customer: 'Kim Wu', customer_phone: '+16045551002', cold_call_id: 9 },
      ),
    );
    await waitFor(async () => expect(((await phoneOf(44)) as HTMLElement | null)?.dataset.dialable).toBe('true'));
  });
});
