import type { CurrentUser } from '@shiftline/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from './fakeFetch';
import { fakeUser } from './fakeUser';
import { renderWithProviders } from './renderWithProviders';

let viewer: CurrentUser = fakeUser('agent');
vi.mock('../src/features/auth', () => ({ useCurrentUser: () => viewer }));

// FullCalendar has tests of its own; here stand-ins say whether a calendar was drawn.
vi.mock('../src/features/schedule/components/calendars', () => ({
  MonthCalendar: () => <div data-testid="month-calendar" />,
  DayCalendar: () => <div data-testid="day-calendar" />,
}));

const { SchedulePage } = await import('../src/features/schedule/components/SchedulePage');

const EMPTY_SCHEDULE = { shifts: [], vacations: [], forself: true, user: null };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('SchedulePage', () => {
  it('says quietly that the first load failed instead of drawing an empty month, and retries', async () => {
    viewer = fakeUser('agent');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let failing = true;
    const fetch = fakeFetch({
      'GET /api/schedules/get_user_schedule': () =>
        failing
          ? { status: 503, body: { error: { code: 'unavailable', message: 'Try again.' } } }
          : { status: 200, body: EMPTY_SCHEDULE },
      'GET /api/schedules/unsent_count': { status: 200, body: { count: 0 } },
    });
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<SchedulePage />, { path: '/schedule' });
    expect((await screen.findAllByTestId('schedule-load-failed')).length).toBeGreaterThan(0);
    expect(screen.queryByTestId('month-calendar')).toBeNull();
    expect(screen.queryByTestId('day-calendar')).toBeNull();

    failing = false;
    fireEvent.click(screen.getByTestId('schedule-load-retry'));
    expect(await screen.findByTestId('month-calendar')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('schedule-load-failed')).toBeNull());
  });
});
