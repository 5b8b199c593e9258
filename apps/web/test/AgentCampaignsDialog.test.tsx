import type { Agent } from '@shiftline/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AgentCampaignsDialog } from '../src/features/agents/components/AgentCampaignsDialog';
import { fakeFetch } from './fakeFetch';
import { renderWithProviders } from './renderWithProviders';

const AGENT: Agent = {
  id: 41,
  firstName: 'Riley',
  secondName: 'Stone',
  email: 'riley@shiftline.test',
  agent_group: 'Night Desk',
  agent_group_id: 2,
  role: 'agent',
  role_name: 'Agent',
  avatar_url: null,
  archived: false,
  starred: false,
};

const CAMPAIGNS = [
  { id: 1, name: 'Acme Support', is_disabled: false },
  { id: 2, name: 'Bolt Sales', is_disabled: true },
];

const switchOf = (name: string) => screen.getByRole('switch', { name: `${name} enabled` }) as HTMLInputElement;

describe('AgentCampaignsDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the campaigns view-only for roles that may not change them', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({ 'GET /api/dashboards/user-campaigns-popup/41': { status: 200, body: CAMPAIGNS } }),
    );
    renderWithProviders(<AgentCampaignsDialog agent={AGENT} canToggle={false} onClose={() => undefined} />);
    await screen.findByText('Acme Support');
    expect(switchOf('Acme Support').checked).toBe(true);
    expect(switchOf('Bolt Sales').checked).toBe(false);
    expect(switchOf('Acme Support').disabled).toBe(true);
  });

  it('toggles a campaign and shows the list the server returns', async () => {
    const fetch = fakeFetch({
      'GET /api/dashboards/user-campaigns-popup/41': { status: 200, body: CAMPAIGNS },
      'POST /api/dashboards/disable-campaign-for-agent': {
        status: 200,
        body: [CAMPAIGNS[0], { ...CAMPAIGNS[1], is_disabled: false }],
      },
    });
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<AgentCampaignsDialog agent={AGENT} canToggle onClose={() => undefined} />);
    await screen.findByText('Bolt Sales');
    fireEvent.click(switchOf('Bolt Sales'));
    await waitFor(() => expect(switchOf('Bolt Sales').checked).toBe(true));
    const post = fetch.mock.calls.find(([url]) => url === '/api/dashboards/disable-campaign-for-agent');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ user: 41, campaign: 2 });
  });

  it("shows the server's refusal", async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'GET /api/dashboards/user-campaigns-popup/41': { status: 200, body: CAMPAIGNS },
        'POST /api/dashboards/disable-campaign-for-agent': {
          status: 403,
          body: { error: { code: 'forbidden', message: "You can't change that user" } },
        },
      }),
    );
    renderWithProviders(<AgentCampaignsDialog agent={AGENT} canToggle onClose={() => undefined} />);
    await screen.findByText('Acme Support');
    fireEvent.click(switchOf('Acme Support'));
    expect((await screen.findByTestId('agent-campaigns-error')).textContent).toBe("You can't change that user");
    expect(switchOf('Acme Support').checked).toBe(true);
  });
});
