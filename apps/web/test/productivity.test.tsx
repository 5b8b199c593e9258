import {
  type Payroll,
  type ProductivityLoadBody,
  type ProductivityPayResult,
  type ProductivityResult,
  summarizeStateSeconds,
} from '@shiftline/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PaymentDetailsDialog } from '../src/features/productivity/components/PaymentDetailsDialog';
import { ProductivityPairCard } from '../src/features/productivity/components/ProductivityPairCard';
import { formatLoginTime } from '../src/features/productivity/utils/formatLoginTime';
import { formatDuration, formatPercent } from '../src/features/productivity/utils/formatShare';
import { HOUR_OPTIONS } from '../src/features/productivity/utils/hourOptions';
import {
  productivityPairs,
  SERIES_COLORS,
  toggleSeries,
  visibleSeries,
} from '../src/features/productivity/utils/productivityPairs';
import { productivityModeFor, productivityRequest } from '../src/features/productivity/utils/productivityRequest';
import { fakeFetch } from './fakeFetch';
import { renderWithProviders } from './renderWithProviders';

// The donut draws on a canvas jsdom does not have; a stand-in exposes the same click.
vi.mock('../src/features/productivity/components/ProductivityDonut', () => ({
  default: ({ series, onSelect }: { series: { name: string }[]; onSelect: (name: string) => void }) => (
    <div data-testid="pair-chart">
      {series.map((entry) => (
        <button key={entry.name} type="button" data-testid="slice" onClick={() => onSelect(entry.name)}>
          {entry.name}
        </button>
      ))}
    </div>
  ),
}));

/** Two agents' seconds per state, summarised as the server does. */
function fakeResult(): Pick<ProductivityResult, 'groups'> {
  return {
    groups: summarizeStateSeconds([
      { state: 'on_call', seconds: 5400 },
      { state: 'after_call_work', seconds: 600 },
      { state: 'ready', seconds: 3600 },
      { state: 'break', seconds: 900 },
      { state: 'lunch', seconds: 1800 },
      { state: 'pre_shift', seconds: 600 },
    ]).groups,
  };
}

const REQUEST: ProductivityLoadBody = { start: 1_894_683_600, end: 1_894_769_999, timezone: 'America/Toronto' };

/** The drill-down call: On Call has two agents, every other series none. */
function drillDownServer() {
  const agents = [
    { agentId: 2, name: 'Bea Roy', seconds: 3600, minutes: 60, percentOfSeries: 66.67, percentOfTotal: 27.91 },
    { agentId: 1, name: 'Al Chen', seconds: 1800, minutes: 30, percentOfSeries: 33.33, percentOfTotal: 13.95 },
  ];
  return fakeFetch({
    'POST /api/productivity/series-agents': (body) => {
      const { group, subCategory } = body as { group: string; subCategory: string | null };
      return {
        status: 200,
        body: { group, subCategory, seconds: 5400, agents: subCategory === 'On Call' ? agents : [] },
      };
    },
  });
}

describe('productivity choices', () => {
  it('offers every hour from 12:00 AM to 11:00 PM', () => {
    expect(HOUR_OPTIONS).toHaveLength(24);
    expect(HOUR_OPTIONS.map((option) => option.label).slice(0, 2)).toEqual(['12:00 AM', '1:00 AM']);
    expect(HOUR_OPTIONS[11]?.label).toBe('11:00 AM');
    expect(HOUR_OPTIONS[12]?.label).toBe('12:00 PM');
    expect(HOUR_OPTIONS[23]).toEqual({ value: 23, label: '11:00 PM' });
  });

  it('asks for the picked days in the chosen zone, in campaigns mode for an agent and agents mode for others', () => {
    const body = productivityRequest({
      period: { start: '2030-01-15', end: '2030-01-16' },
      zone: 'America/St_Johns',
      startHour: 8,
      endHour: 17,
      role: 'team_lead',
      ids: [9, 3],
    });
    expect(body).toEqual({
      // 2030-01-15 00:00 NST (03:30 UTC) to 2030-01-16 23:59:59 NST.
      start: Date.parse('2030-01-15T03:30:00Z') / 1000,
      end: Date.parse('2030-01-17T03:30:00Z') / 1000 - 1,
      timezone: 'America/St_Johns',
      startHour: 8,
      endHour: 17,
      mode: 'agents',
      ids: [3, 9],
    });
    expect(productivityModeFor('agent')).toBe('campaigns');
    expect(productivityModeFor('administrator')).toBe('agents');
  });

  it('shows login time in hours and minutes', () => {
    expect(formatLoginTime(12_960)).toBe('3 h 36 min');
    expect(formatLoginTime(0)).toBe('0 h 00 min');
    expect(formatLoginTime(3_600_000)).toBe('1,000 h 00 min');
  });

  it('shows time as hours and minutes and large shares as multiples, never 174,674.42 minutes or 1,175.97%', () => {
    expect(formatDuration(174_674.42 * 60)).toBe('2,911 h 14 min');
    expect(formatDuration(2_700)).toBe('45 min');
    expect(formatDuration(59)).toBe('0 min');
    expect(formatDuration(5_400)).toBe('1 h 30 min');
    expect(formatPercent(46.5)).toBe('46.50%');
    expect(formatPercent(99.994)).toBe('99.99%');
    expect(formatPercent(1_175.97)).toBe('11.8×');
    expect(formatPercent(100)).toBe('1.0×');
  });
});

describe('productivity pairs', () => {
  const pairs = productivityPairs(fakeResult());

  it('makes the five pairs in the spec order: Total by group, then each group by sub-category', () => {
    expect(pairs.map((pair) => pair.title)).toEqual([
      'Total',
      'Billable Work',
      'Productive',
      'Unproductive',
      'Unclassified',
    ]);
    expect(pairs.map((pair) => pair.id)).toEqual([
      'total',
      'billable-work',
      'productive',
      'unproductive',
      'unclassified',
    ]);
    expect(pairs[0]?.series.map((entry) => [entry.name, entry.seconds])).toEqual([
      ['Billable Work', 6000],
      ['Productive', 3600],
      ['Unproductive', 2700],
      ['Unclassified', 600],
    ]);
    expect(pairs[0]?.series.map((entry) => entry.color)).toEqual(SERIES_COLORS.slice(0, 4));
    // Productive has eight sub-categories: every one gets its own colour.
    const productive = pairs[2]?.series ?? [];
    expect(productive).toHaveLength(8);
    expect(new Set(productive.map((entry) => entry.color)).size).toBe(8);
  });

  it('selects a series on click, hides the others, and clears on a second click', () => {
    const series = pairs[0]?.series ?? [];
    const selected = toggleSeries(null, 'Productive');
    expect(selected).toBe('Productive');
    expect(visibleSeries(series, selected).map((entry) => entry.name)).toEqual(['Productive']);
    expect(toggleSeries(selected, 'Productive')).toBeNull();
    expect(toggleSeries(selected, 'Unproductive')).toBe('Unproductive');
    expect(visibleSeries(series, null)).toHaveLength(4);
  });
});

describe('a graph-plus-stats pair', () => {
  const billable = productivityPairs(fakeResult())[1];
  if (!billable) throw new Error('no Billable Work pair');
  const rows = () => screen.getAllByTestId('series-row').map((row) => row.getAttribute('data-series'));

  it('hides the other series when one is clicked in the list or the chart, and restores them on a second click', async () => {
    renderWithProviders(<ProductivityPairCard pair={billable} wide={false} request={REQUEST} />);
    expect(rows()).toEqual(['On Call', 'After Work', 'Emails and Tickets']);
    fireEvent.click(screen.getAllByTestId('series-row')[0] as HTMLElement);
    expect(rows()).toEqual(['On Call']);
    expect(screen.getByTestId('pair-billable-work').getAttribute('data-selected')).toBe('On Call');
    const chart = await screen.findByTestId('pair-chart');
    expect(
      within(chart)
        .getAllByTestId('slice')
        .map((slice) => slice.textContent),
    ).toEqual(['On Call']);
    fireEvent.click(within(chart).getByText('On Call'));
    expect(rows()).toEqual(['On Call', 'After Work', 'Emails and Tickets']);
    fireEvent.click(within(await screen.findByTestId('pair-chart')).getByText('After Work'));
    expect(rows()).toEqual(['After Work']);
  });

  it('drills down to the agents of a series, fetched under the page request, and back', async () => {
    const fetch = drillDownServer();
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<ProductivityPairCard pair={billable} wide={false} request={REQUEST} />);
    fireEvent.click(screen.getAllByTestId('series-drill')[0] as HTMLElement);
    const list = screen.getByTestId('drill-down');
    expect(list.getAttribute('data-series')).toBe('On Call');
    expect(within(list).getByTestId('drill-loading').textContent).toBe('Loading... Please wait');
    const agents = await within(list).findAllByTestId('drill-agent');
    expect(agents.map((row) => Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent))).toEqual([
      // Time as hours and minutes (issue 11: '174,674.42' minutes was unreadable).
      ['Bea Roy', '1 h 00 min', '66.67%', '27.91%'],
      ['Al Chen', '30 min', '33.33%', '13.95%'],
    ]);
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({
      ...REQUEST,
      group: 'Billable Work',
      subCategory: 'On Call',
    });
    fireEvent.click(screen.getByTestId('drill-back'));
    expect(screen.queryByTestId('drill-down')).toBeNull();
    expect(rows()).toHaveLength(3);
    // A series nobody has time in says so.
    fireEvent.click(screen.getAllByTestId('series-drill')[2] as HTMLElement);
    expect((await screen.findByTestId('drill-empty')).textContent).toBe('No Agents Found');
    vi.unstubAllGlobals();
  });
});

describe('the Payment Details', () => {
  const PAY: ProductivityPayResult = {
    hourlyCents: 100_000,
    statutoryCents: 4_000,
    earnedCents: 104_000,
    commissionCents: 2_500,
    alreadyPaidCents: 60_000,
    toBePaidCents: 46_500,
    payrollCount: 30,
  };
  /** 30 payrolls of $20 each, the first for Al Chen over 1–14 January 2030. */
  const payrolls: Payroll[] = Array.from({ length: 30 }, (_, index) => ({
    id: index + 1,
    agentId: 1 + (index % 2),
    name: index % 2 === 0 ? 'Al Chen' : 'Bea Roy',
    periodStart: '2030-01-01',
    periodEnd: '2030-01-14',
    paidAt: '2030-01-19T21:00:00.000Z',
    hourlyCents: 1_900,
    statutoryCents: 76,
    commissionCents: 24,
    totalCents: 2_000,
  }));

  it('fetches the payrolls under the page request when opened, and shows them 25 at a time', async () => {
    const fetch = fakeFetch({ 'POST /api/productivity/payrolls': { status: 200, body: { payrolls } } });
    vi.stubGlobal('fetch', fetch);
    const closed = renderWithProviders(
      <PaymentDetailsDialog
        open={false}
        pay={PAY}
        request={REQUEST}
        zone="America/Toronto"
        showAgents
        onClose={() => {}}
      />,
    );
    expect(fetch).not.toHaveBeenCalled();
    closed.unmount();
    renderWithProviders(
      <PaymentDetailsDialog open pay={PAY} request={REQUEST} zone="America/Toronto" showAgents onClose={() => {}} />,
    );
    expect(screen.getByTestId('payrolls-loading').textContent).toBe('Loading... Please wait');
    const rows = await screen.findAllByTestId('payroll-row');
    expect(rows).toHaveLength(25);
    expect(Array.from((rows[0] as HTMLElement).querySelectorAll('td')).map((cell) => cell.textContent)).toEqual([
      'Al Chen',
      'Jan 1, 2030 – Jan 14, 2030',
      'Jan 19, 2030',
      '$19',
      '$1',
      '$0',
    ]);
    expect(screen.getByTestId('payrolls-total').textContent).toBe('$600.00');
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual(REQUEST);
    // By label, not by role: getByRole computes the accessibility tree of the whole dialog (about 0.75 s in jsdom).
    fireEvent.click(screen.getByLabelText('Go to next page'));
    expect(screen.getAllByTestId('payroll-row')).toHaveLength(5);
    vi.unstubAllGlobals();
  });

  it('says so when nothing was paid, without asking the server', () => {
    const fetch = fakeFetch({});
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(
      <PaymentDetailsDialog
        open
        pay={{ ...PAY, alreadyPaidCents: 0, payrollCount: 0 }}
        request={REQUEST}
        zone="America/Toronto"
        showAgents={false}
        onClose={() => {}}
      />,
    );
    expect(screen.getByTestId('payrolls-empty').textContent).toBe('No payrolls in this period.');
    vi.unstubAllGlobals();
  });
});
