import { type CampaignType, type DashboardRecords, type Role, todayRange } from '@shiftline/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../src/features/auth';
import { createQueryClient } from '../src/lib/queryClient';
import { fakeLastMonth, fakeMetrics, fakeRecords } from './dashboardsFixtures';
import { fakeFetch } from './fakeFetch';
import { fakeUser } from './fakeUser';
import { renderWithProviders } from './renderWithProviders';

// ECharts needs a canvas; a stand-in shows the series names and lets a test click a slice.
vi.mock('../src/features/dashboards/components/EChart', () => ({
  EChart: ({
    option,
    testId,
    onClick,
  }: {
    option: { series?: { name?: string }[] };
    testId: string;
    onClick?: (event: { name: string }) => void;
  }) => (
    <div data-testid={testId} data-series={(option.series ?? []).map((series) => series.name).join('|')}>
      {onClick ? (
        <button type="button" data-testid={`${testId}-click`} onClick={() => onClick({ name: '< 2 min' })}>
          click
        </button>
      ) : null}
    </div>
  ),
}));

const { CallStatsPage } = await import('../src/features/dashboards/components/CallStatsPage');
const { useDashboardRecords } = await import('../src/features/dashboards/hooks/useDashboardRecords');

function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const CAMPAIGNS = [
  { id: 1, name: 'Northwind Patient Line', type: 'inbound' },
  { id: 2, name: 'Maple Telecom Billing', type: 'inbound' },
];

function serve(role: Role, records: (body: { start: number }) => DashboardRecords) {
  const fetch = fakeFetch({
    'GET /api/auth/me': { status: 200, body: { user: fakeUser(role), csrf_token: 'token' } },
    'GET /api/dashboards/campaigns': { status: 200, body: CAMPAIGNS },
    'GET /api/dashboards/stats-sources': { status: 200, body: [{ id: 5, name: 'Google Ads' }] },
    'POST /api/dashboards/last-month-data': { status: 200, body: fakeLastMonth() },
    'POST /api/dashboards/records-for-campaigns': (body) => ({ status: 200, body: records(body as { start: number }) }),
    'POST /api/dashboards/cold-calls-for-campaigns': (body) => ({
      status: 200,
      body: records(body as { start: number }),
    }),
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function SignedIn({ children }: { children: ReactNode }) {
  return useSession().data ? children : null;
}

/** The figure on one card. */
const cardValue = (testId: string) => within(screen.getByTestId(testId)).getByTestId('card-value').textContent;
/** Every one of the parts `testIds` is drawn (`drawn`), or none of them is. */
function expectDrawn(testIds: readonly string[], drawn: boolean) {
  for (const id of testIds) expect(screen.queryByTestId(id) !== null, id).toBe(drawn);
}

const renderPage = (campaignType: CampaignType) =>
  renderWithProviders(
    <SignedIn>
      <CallStatsPage campaignType={campaignType} />
    </SignedIn>,
  );

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('call-statistics dashboard', () => {
  it('shows an administrator every inbound widget, with Counting.. until last month arrives', async () => {
    serve('administrator', (body) => fakeRecords('inbound', { timezone: String(body.start) }));
    renderPage('inbound');
    await screen.findByTestId('call-stats-page');
    expect(cardValue('last-month-card-calls')).toBe('Counting..');
    await screen.findByTestId('overview');
    await waitFor(() => expect(cardValue('last-month-card-calls')).toBe('77.42'));
    expect(screen.getByTestId('last-month-card-calls').textContent).toContain('Calls Billed');
    expect(cardValue('last-month-card-queue-time')).toBe('1:07');
    expectDrawn(
      ['dashboard-stats-sources', 'call-cards', 'today-at-a-glance', 'call-duration', 'queue-time', 'dispositions'],
      true,
    );
    expect(screen.queryByTestId('person-sales')).toBeNull();
    expect(cardValue('card-contact-rate')).toBe('62.50%');
    expect(cardValue('card-avg-queue-time')).toBe('1:05');
    expect(screen.getByTestId('overview-mode-hourly').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('overview-mode-abandons')).toBeTruthy();
    expect(screen.getByTestId('call-duration-donut').textContent).toContain('50.00%');
  });

  it('selects a queue bucket for the Queue overview, and a mode change clears it', async () => {
    serve('administrator', () => fakeRecords('inbound'));
    renderPage('inbound');
    fireEvent.click(await screen.findByTestId('overview-mode-queue'));
    expect(screen.getByTestId('overview-chart-queue').getAttribute('data-series')).toBe(
      '< 1 min|< 2 min|< 4 min|> 4 min',
    );
    const slice = screen
      .getAllByTestId('queue-time-donut-slice')
      .find((row) => row.getAttribute('data-slice') === '< 4 min') as HTMLElement;
    fireEvent.click(within(slice).getByRole('button'));
    expect(screen.getByTestId('overview-chart-queue').getAttribute('data-series')).toBe('< 4 min');
    expect(screen.getByTestId('queue-time-donut').getAttribute('data-selected')).toBe('< 4 min');
    // Clicking the chart slice that is selected returns to all; another slice selects that one.
    fireEvent.click(within(slice).getByRole('button'));
    expect(screen.getByTestId('queue-time-donut').getAttribute('data-selected')).toBe('');
    fireEvent.click(screen.getByTestId('queue-time-donut-canvas-click'));
    expect(screen.getByTestId('overview-chart-queue').getAttribute('data-series')).toBe('< 2 min');
    fireEvent.click(screen.getByTestId('overview-mode-total'));
    expect(screen.getByTestId('queue-time-donut').getAttribute('data-selected')).toBe('');
    fireEvent.click(screen.getByTestId('overview-mode-queue'));
    expect(screen.getByTestId('overview-chart-queue').getAttribute('data-series')).toBe(
      '< 1 min|< 2 min|< 4 min|> 4 min',
    );
  });

  it('gives the client portal the simplified row and none of the hidden widgets', async () => {
    serve('company_supervisor', () => fakeRecords('inbound', { callbacksEnabled: true }));
    renderPage('inbound');
    const cards = await screen.findByTestId('call-cards-client-portal');
    await screen.findByTestId('overview');
    expect(
      within(cards)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['All Calls', 'Avg. Queue Time', 'Billed Minutes', 'Avg. Billed Minutes', 'Callback requests']);
    expect(cardValue('card-avg-billed-minutes')).toBe('4.55');
    expectDrawn(
      [
        'last-month',
        'dashboard-stats-sources',
        'call-duration',
        'queue-time',
        'dispositions',
        'overview-mode-queue',
        'overview-mode-abandons',
      ],
      false,
    );
    expect(screen.getByTestId('today-at-a-glance')).toBeTruthy();
  });

  it('outbound shows Calls Made, Total and Hourly only, and Person Sales', async () => {
    serve('administrator', () => fakeRecords('outbound'));
    renderPage('outbound');
    await screen.findByTestId('person-sales');
    expect(screen.getByTestId('card-calls-made')).toBeTruthy();
    expect(screen.getByTestId('last-month-card-calls').textContent).toContain('Calls Made');
    expect(screen.queryByTestId('last-month-card-queue-time')).toBeNull();
    expect(screen.queryByTestId('overview-mode-queue')).toBeNull();
    expect(screen.queryByTestId('queue-time')).toBeNull();
    expect(screen.queryByTestId('dashboard-stats-sources')).toBeNull();
    expect(cardValue('person-sales-leads')).toBe('40');
  });

  it('gives the client portal Person Sales without the disposition donut the server leaves out', async () => {
    serve('company_supervisor', () => fakeRecords('outbound', { dispositions: [] }));
    renderPage('outbound');
    await screen.findByTestId('person-sales');
    expect(cardValue('person-sales-leads')).toBe('40');
    expect(screen.queryByTestId('person-sales-dispositions')).toBeNull();
  });

  it('compares today so far with yesterday up to the same time', async () => {
    const fetch = serve('administrator', () => fakeRecords('inbound'));
    renderPage('inbound');
    await screen.findByTestId('overview');
    await waitFor(() =>
      expect(screen.getByTestId('today-at-a-glance').textContent).toMatch(/Today compared with Yesterday up to \d/),
    );
    const bodies = fetch.mock.calls
      .filter(([input]) => String(input).includes('records-for-campaigns'))
      .map(([, init]) => JSON.parse(String(init?.body)) as { start: number; end: number });
    const yesterday = bodies.find((body) => body.end - body.start < 86_400 - 1);
    // Not the whole day: from yesterday's midnight to within half an hour of the same time yesterday.
    expect(yesterday).toBeDefined();
    const sameTimeYesterday = Date.now() / 1000 - 86_400;
    expect(Math.abs((yesterday?.end ?? 0) + 1 - sameTimeYesterday)).toBeLessThanOrEqual(3600 + 1800);
  });

  it('keeps the figures on screen when a refresh fails, and says so', async () => {
    let failing = false;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serve('administrator', () => {
      if (failing) throw new TypeError('Failed to fetch');
      return fakeRecords('inbound');
    });
    const { result, rerender } = renderHook(
      ({ start }: { start: number }) =>
        useDashboardRecords({ start, end: start + 3599, campaignType: 'inbound' }, 'call records'),
      { wrapper: Providers, initialProps: { start: 1_894_683_600 } },
    );
    await waitFor(() => expect(result.current.data).toBeDefined());
    const shown = result.current.data;
    failing = true;
    rerender({ start: 1_894_687_200 });
    await waitFor(() => expect(result.current.failed).toBe(true));
    expect(result.current.data).toBe(shown);
    expect(result.current.isPlaceholderData).toBe(true);
  });

  it('says the figures could not be loaded instead of counting for ever when the first load fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetch = serve('administrator', () => fakeRecords('inbound'));
    const answer = fetch.getMockImplementation();
    fetch.mockImplementation(async (input, init) => {
      if (String(input).includes('records-for-campaigns') || String(input).includes('last-month-data')) {
        return new Response(JSON.stringify({ error: { code: 'unavailable', message: 'Down' } }), { status: 503 });
      }
      return (answer as NonNullable<typeof answer>)(input, init);
    });
    renderPage('inbound');
    expect((await screen.findByTestId('dashboard-load-failed')).textContent).toContain('could not be loaded');
    expect(cardValue('card-all-calls')).toBe('—');
    await waitFor(() => expect(cardValue('last-month-card-calls')).toBe('—'));
    expect(screen.queryAllByText('Counting..')).toHaveLength(0);
  });

  it('shows why the first load failed with a Retry that loads the figures', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let down = true;
    const fetch = serve('administrator', () => fakeRecords('inbound'));
    const answer = fetch.getMockImplementation() as NonNullable<ReturnType<typeof fetch.getMockImplementation>>;
    fetch.mockImplementation(async (input, init) => {
      if (down && /records-for-campaigns|last-month-data/.test(String(input))) {
        const message = 'The database is not answering. Try again in a moment.';
        return new Response(JSON.stringify({ error: { code: 'database_unavailable', message } }), { status: 503 });
      }
      return answer(input, init);
    });
    renderPage('inbound');
    const notice = await screen.findByTestId('dashboard-load-failed');
    expect(notice.textContent).toContain('The figures could not be loaded. The database is not answering.');
    await waitFor(() => expect(cardValue('last-month-card-calls')).toBe('—'));

    down = false;
    fireEvent.click(within(notice).getByRole('button', { name: 'Retry' }));
    await screen.findByTestId('overview');
    await waitFor(() => expect(cardValue('last-month-card-calls')).toBe('77.42'));
    expect(cardValue('card-contact-rate')).toBe('62.50%');
    expect(screen.queryByTestId('dashboard-load-failed')).toBeNull();
  });

  it('says the load failed at its first failed attempt, while the app still retries against a slow database', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetch = serve('administrator', () => fakeRecords('inbound'));
    const answer = fetch.getMockImplementation() as NonNullable<ReturnType<typeof fetch.getMockImplementation>>;
    const attempts = { records: 0 };
    fetch.mockImplementation(async (input, init) => {
      if (!String(input).includes('records-for-campaigns')) return answer(input, init);
      attempts.records += 1;
      // The first attempt fails; the app's retry (a second later) finds the database still thinking.
      if (attempts.records > 1) return new Promise<Response>(() => undefined);
      return new Response(JSON.stringify({ error: { code: 'database_unavailable', message: 'Down' } }), {
        status: 503,
      });
    });
    renderWithProviders(
      <SignedIn>
        <CallStatsPage campaignType="inbound" />
      </SignedIn>,
      { queryClient: createQueryClient(() => undefined) },
    );
    expect((await screen.findByTestId('dashboard-load-failed')).textContent).toContain('could not be loaded');
    expect(cardValue('card-all-calls')).toBe('—');
    expect(within(screen.getByTestId('call-cards')).queryAllByText('Counting..')).toHaveLength(0);
  });

  it('a compare range relabels the picker, adds comparison percents with a dash for zero, and clears', async () => {
    const today = todayRange(new Date(), 'America/Toronto');
    const mainStart = Math.floor(Date.parse(`${today.start}T00:00:00-05:00`) / 1000);
    const fetch = serve('administrator', (body) =>
      // The main range (today) against any other range, where nothing was unanswered.
      Math.abs(body.start - mainStart) < 7200
        ? fakeRecords('inbound')
        : fakeRecords('inbound', { totals: fakeMetrics({ allCalls: 100, unansweredCalls: 0 }) }),
    );
    renderPage('inbound');
    await screen.findByTestId('overview');
    const field = screen.getByTestId('dashboard-compare');
    expect(field.textContent).toContain('Compare mode');
    expect(screen.queryAllByTestId('card-comparison')).toHaveLength(0);
    fireEvent.click(within(field).getByRole('textbox'));
    const dialog = screen.getByRole('dialog', { name: 'Compare mode' });
    const ok = within(dialog).getByRole('button', { name: 'OK' });
    expect(ok).toHaveProperty('disabled', true);
    // Any day of this month but today.
    const otherDay = today.start.endsWith('-01') ? '2' : '1';
    fireEvent.click(within(dialog).getAllByRole('gridcell', { name: otherDay })[0] as HTMLElement);
    await act(async () => {
      fireEvent.click(ok);
    });
    expect(screen.getByTestId('dashboard-compare').textContent).toContain('Compare with date');
    await waitFor(() => expect(screen.queryAllByTestId('card-comparison').length).toBeGreaterThan(0));
    expect(within(screen.getByTestId('card-all-calls')).getByTestId('card-comparison').textContent).toBe('+20.00%');
    expect(within(screen.getByTestId('card-unanswered-calls')).getByTestId('card-comparison').textContent).toBe('-');
    const compareCalls = fetch.mock.calls.filter(([input]) => String(input).includes('records-for-campaigns'));
    expect(compareCalls.length).toBeGreaterThanOrEqual(2);
    fireEvent.click(screen.getByTestId('compare-clear'));
    expect(screen.getByTestId('dashboard-compare').textContent).toContain('Compare mode');
    expect(screen.queryAllByTestId('card-comparison')).toHaveLength(0);
  });
});
