import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CampaignsReportPage } from '../../src/features/supervision/components/CampaignsReportPage';
import { campaignsReportRange } from '../../src/features/supervision/utils/campaignsReportRange';
import { GLOBAL_PERIOD_KEY } from '../../src/ui/useGlobalPeriod';
import { callsTo, serveFetch } from '../fakeFetch';
import { fakeUser } from '../fakeUser';
import { renderWithProviders } from '../renderWithProviders';

const viewer = fakeUser('campaign_manager', { timezone: 'America/St_Johns' });
vi.mock('../../src/features/auth', () => ({ useCurrentUser: () => viewer }));

const REPORT = '/api/dashboards/campaigns_report';

const row = (id: number, name: string) => ({
  campaign_id: id,
  campaign_name: name,
  campaign_type: 'inbound' as const,
  calls_taken: 1234,
  avg_queue_time: 7.4,
  avg_talk_time: 312.6,
  disconnected: 3,
  abandoned: 11,
});

describe('the campaigns report range (spec §5)', () => {
  it('is two dates only: from the start of the first day to the end of the last, in the zone', () => {
    expect(campaignsReportRange([], 'America/St_Johns')).toBeNull();
    expect(campaignsReportRange(['2026-03-08'], 'America/St_Johns')).toBeNull();
    expect(campaignsReportRange(['2026-03-07', '2026-03-08', '2026-03-09'], 'America/St_Johns')).toBeNull();
    expect(campaignsReportRange(['2026-03-07', ''], 'America/St_Johns')).toBeNull();
    // St. John's springs forward on March 8, 2026: 00:00 NST is 03:30 UTC, 23:59:59 NDT is 02:29:59 UTC next day.
    expect(campaignsReportRange(['2026-03-09', '2026-03-07'], 'America/St_Johns')).toEqual({
      start: Date.UTC(2026, 2, 7, 3, 30) / 1000,
      end: Date.UTC(2026, 2, 10, 2, 29, 59) / 1000,
      timezone: 'America/St_Johns',
    });
  });
});

describe('the campaigns report page', () => {
  afterEach(() => sessionStorage.clear());

  it('loads the chosen period in the viewer zone and shows the spec columns, 10 rows a page', async () => {
    sessionStorage.setItem(GLOBAL_PERIOD_KEY, JSON.stringify({ start: '2026-11-02', end: '2026-11-03' }));
    const rows = Array.from({ length: 12 }, (_, index) =>
      row(index + 1, `Campaign ${String(index + 1).padStart(2, '0')}`),
    );
    const fetch = serveFetch({ [`POST ${REPORT}`]: { status: 200, body: rows } });
    renderWithProviders(<CampaignsReportPage />);
    await screen.findAllByTestId('campaigns-report-row');
    expect(callsTo(fetch, 'POST', REPORT)).toEqual([
      {
        start: Date.UTC(2026, 10, 2, 3, 30) / 1000,
        end: Date.UTC(2026, 10, 4, 3, 29, 59) / 1000,
        timezone: 'America/St_Johns',
      },
    ]);
    const table = screen.getByRole('table', { name: 'Campaigns report' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'Campaign Name',
      'Total Calls',
      'Avg Queue Time',
      'Avg Handle Time',
      'Disconnected Calls',
      'Abandoned Calls',
    ]);
    expect(screen.getAllByTestId('campaigns-report-row')).toHaveLength(10);
    const first = screen.getAllByTestId('campaigns-report-row')[0] as HTMLElement;
    expect(
      within(first)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Campaign 01', '1,234', '0:07', '00:05:13', '3', '11']);
  });

  it('loads again only once a range is applied, not while a first date is picked', async () => {
    sessionStorage.setItem(GLOBAL_PERIOD_KEY, JSON.stringify({ start: '2026-11-02', end: '2026-11-03' }));
    const fetch = serveFetch({ [`POST ${REPORT}`]: { status: 200, body: [row(1, 'Acme Support')] } });
    renderWithProviders(<CampaignsReportPage />);
    await screen.findAllByTestId('campaigns-report-row');
    fireEvent.click(screen.getByTestId('campaigns-report-period'));
    const dialog = screen.getByRole('dialog', { name: 'Period' });
    fireEvent.click(within(dialog).getByRole('gridcell', { name: '10' }));
    expect(callsTo(fetch, 'POST', REPORT)).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('gridcell', { name: '12' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(callsTo(fetch, 'POST', REPORT)).toHaveLength(2));
    expect(callsTo(fetch, 'POST', REPORT)[1]).toEqual({
      start: Date.UTC(2026, 10, 10, 3, 30) / 1000,
      end: Date.UTC(2026, 10, 13, 3, 29, 59) / 1000,
      timezone: 'America/St_Johns',
    });
  });
});
