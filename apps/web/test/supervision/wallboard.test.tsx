import { SOCKET_EVENTS, type Wallboard } from '@shiftline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { WallboardPage } from '../../src/features/supervision/components/WallboardPage';
import { wallboardCampaigns } from '../../src/features/supervision/utils/wallboardCampaigns';
import { wallboardLayout } from '../../src/features/supervision/utils/wallboardLayout';
import { callsTo, serveFetch } from '../fakeFetch';
import { connectSocketEachTest, serverSends } from '../fakeSocket';
import { fakeUser } from '../fakeUser';
import { renderWithProviders } from '../renderWithProviders';
import { agentEvent, callEvent, campaignStatus } from './supervisionFixtures';

vi.mock('socket.io-client', async () => (await import('../fakeSocket')).fakeSocketModule);
const viewer = fakeUser('team_lead');
vi.mock('../../src/features/auth', () => ({ useCurrentUser: () => viewer }));

const WALLBOARD = '/api/dashboards/wallboard';

const wallboard = (abandoned: number): Wallboard => ({
  items: [
    {
      campaign_id: 1,
      campaign_name: 'Acme Support',
      answered_today: 40,
      abandoned_today: abandoned,
      service_level_today: 87.5,
      longest_queue_time_today: 95,
    },
  ],
  service_level_seconds: 20,
  snapshot: campaignStatus().snapshot,
});

const figure = (testId: string) => within(screen.getByTestId(testId)).getByTestId('wall-value').textContent;

describe('the wallboard', () => {
  connectSocketEachTest();

  it('reads its campaigns from the address and lays any count out on one screen', () => {
    expect(wallboardCampaigns('1, 2,x,-3,4.5')).toEqual([1, 2]);
    expect(wallboardCampaigns(null)).toEqual([]);
    expect(wallboardLayout(1)).toMatchObject({ columns: 1, rows: 1 });
    expect(wallboardLayout(7)).toMatchObject({ columns: 3, rows: 3 });
    expect(wallboardLayout(16)).toMatchObject({ columns: 4, rows: 4 });
    expect(wallboardLayout(1).scale).toBeGreaterThan(wallboardLayout(7).scale);
  });

  it("follows the queue and agents live and reloads today's figures when a call leaves the queue", async () => {
    let abandoned = 2;
    const fetch = serveFetch({ [`POST ${WALLBOARD}`]: () => ({ status: 200, body: wallboard(abandoned) }) });
    renderWithProviders(<WallboardPage />, { path: '/wallboard?campaigns=1' });
    await screen.findByTestId('wall-campaign');
    expect(callsTo(fetch, 'POST', WALLBOARD)).toEqual([{ campaigns: [1], timezone: 'America/Toronto' }]);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(figure('wall-waiting')).toBe('0');
    expect(figure('wall-service-level')).toBe('88%');
    expect(figure('wall-abandoned')).toBe('2');

    serverSends(
      SOCKET_EVENTS.newAgentStateData,
      agentEvent(42, 'Bea Roy', 'ready', new Date().toISOString(), { '1': 11 }),
    );
    const queuedAt = new Date(Date.now() - 65_000).toISOString();
    serverSends(SOCKET_EVENTS.newCallData, callEvent(900, 'queued', queuedAt, { '1': 12 }));
    await waitFor(() => expect(figure('wall-waiting')).toBe('1'));
    expect(figure('wall-longest')).toMatch(/^1:0\d$/);
    expect(screen.getByTestId('wall-agents').textContent).toBe('0On call2Ready0Not ready0After-call');

    abandoned = 3;
    serverSends(SOCKET_EVENTS.newCallData, callEvent(900, 'abandoned', queuedAt, { '1': 13 }));
    await waitFor(() => expect(figure('wall-waiting')).toBe('0'));
    await waitFor(() => expect(figure('wall-abandoned')).toBe('3'));
    expect(callsTo(fetch, 'POST', WALLBOARD)).toHaveLength(2);
  });

  it('says it is reconnecting while the server does not answer, and shows the floor once it does', async () => {
    let up = false;
    serveFetch({
      [`POST ${WALLBOARD}`]: () => (up ? { status: 200, body: wallboard(0) } : { status: 503, body: {} }),
    });
    renderWithProviders(<WallboardPage />, { path: '/wallboard' });
    expect((await screen.findByRole('status')).textContent).toBe('Loading... Please wait');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Reconnecting…'));
    up = true;
    await screen.findByTestId('wall-campaign', undefined, { timeout: 5000 });
    expect(screen.queryByRole('status')).toBeNull();
  });
});
