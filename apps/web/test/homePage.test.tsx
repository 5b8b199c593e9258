import type { CurrentUser, MyWork, ToApprove } from '@shiftline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { daysOffWhen, shiftWhen } from '../src/features/home/utils/homeText';
import { fakeFetch } from './fakeFetch';
import { fakeUser } from './fakeUser';
import { renderWithProviders } from './renderWithProviders';

let viewer: CurrentUser = fakeUser('agent');
vi.mock('../src/features/auth', () => ({ useCurrentUser: () => viewer }));

const { HomePage } = await import('../src/features/home/components/HomePage');

const ZONE = 'America/Toronto';
const shift = (id: number, status: 'pending' | 'approved', startUtc: string, endUtc: string, sent = true) => ({
  id,
  user_id: 7,
  name: 'Ada Byron',
  status,
  start_utc: startUtc,
  end_utc: endUtc,
  sent_for_approval: sent,
});
const daysOff = (id: number, status: 'vac_pending' | 'vac_cancel_requested', name = 'Ada Byron') => ({
  id,
  user_id: 7,
  name,
  status,
  // Dec 7 – Dec 9, 2030, whole days in Toronto.
  start_utc: '2030-12-07T05:00:00.000Z',
  end_utc: '2030-12-10T05:00:00.000Z',
  timezone: ZONE,
});

const MY_WORK: MyWork = {
  next_shifts: {
    count: 7,
    items: [shift(1, 'approved', '2030-11-26T14:00:00.000Z', '2030-11-26T22:00:00.000Z')],
  },
  pending_shifts: {
    count: 1,
    items: [shift(2, 'pending', '2030-11-28T14:00:00.000Z', '2030-11-28T18:00:00.000Z', false)],
  },
  pending_days_off: { count: 1, items: [daysOff(3, 'vac_pending')] },
};

const TO_APPROVE: ToApprove = {
  pending_shifts: {
    count: 12,
    items: [{ ...shift(8, 'pending', '2030-11-27T03:00:00.000Z', '2030-11-27T11:00:00.000Z'), name: 'Grace Hopper' }],
  },
  days_off_requests: { count: 1, items: [daysOff(9, 'vac_cancel_requested', 'Grace Hopper')] },
};

function serve(extra: Parameters<typeof fakeFetch>[0] = {}) {
  vi.stubGlobal(
    'fetch',
    fakeFetch({
      'GET /api/dashboards/campaigns': { status: 200, body: [] },
      'GET /api/home/my_work': { status: 200, body: MY_WORK },
      'GET /api/home/to_approve': { status: 200, body: TO_APPROVE },
      ...extra,
    }),
  );
}

const links = (testId: string) =>
  within(screen.getByTestId(testId))
    .getAllByTestId(`${testId}-item`)
    .map((item) => [item.textContent, item.getAttribute('href')]);

afterEach(() => vi.unstubAllGlobals());

describe('HomePage', () => {
  it("shows an agent their next shifts and pending requests, with links, and no supervisor's lists", async () => {
    viewer = fakeUser('agent', { timezone: ZONE });
    serve();
    renderWithProviders(<HomePage />);
    await screen.findByTestId('home-next-shifts-item');
    expect(links('home-next-shifts')).toEqual([['Tue, Nov 26 · 9:00 AM – 5:00 PMApproved', '/schedule']]);
    expect(within(screen.getByTestId('home-next-shifts')).getByTestId('home-next-shifts-all').textContent).toBe(
      '6 more — My schedule',
    );
    expect(links('home-my-requests')).toEqual([
      ['Thu, Nov 28 · 9:00 AM – 1:00 PMNot sent yet', '/schedule'],
      ['Dec 7 – Dec 9Days off requested', '/schedule/days_off'],
    ]);
    expect(screen.queryByTestId('home-to-approve-shifts')).toBeNull();
  });

  it("shows a schedule supervisor the shifts and days-off requests waiting for them, linked to where they're decided", async () => {
    viewer = fakeUser('schedule_supervisor', { timezone: ZONE });
    serve();
    renderWithProviders(<HomePage />);
    await screen.findByTestId('home-to-approve-shifts-item');
    // 10 PM on the 26th in Toronto: the team calendar opens on that day.
    expect(links('home-to-approve-shifts')).toEqual([
      ['Grace HopperTue, Nov 26 · 10:00 PM – 6:00 AM', '/schedule/team#date=2030-11-26'],
    ]);
    expect(screen.getByTestId('home-to-approve-shifts-count').textContent).toBe('12');
    expect(links('home-to-approve-days-off')).toEqual([
      ['Grace HopperDec 7 – Dec 9 · Cancellation requested', '/schedule/days_off'],
    ]);
    expect(screen.getByTestId('home-next-shifts')).toBeTruthy();
  });

  it('says quietly that the lists could not be loaded, never that there are no shifts', async () => {
    viewer = fakeUser('agent', { timezone: ZONE });
    serve({ 'GET /api/home/my_work': { status: 503 } });
    renderWithProviders(<HomePage />);
    expect(await screen.findByTestId('home-next-shifts-failed')).toBeTruthy();
    expect(screen.queryByTestId('home-next-shifts-empty')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('home-my-requests-failed')).toBeTruthy());
  });

  it('counts days off in the owner’s zone, whoever looks', () => {
    expect(daysOffWhen(daysOff(1, 'vac_pending'))).toBe('Dec 7 – Dec 9');
    expect(
      shiftWhen(shift(1, 'approved', '2030-11-26T14:00:00.000Z', '2030-11-26T22:00:00.000Z'), 'America/Chicago'),
    ).toBe('Tue, Nov 26 · 8:00 AM – 4:00 PM');
  });
});
