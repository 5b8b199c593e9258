import type { CurrentUser } from '@shiftline/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
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

/** Signs `role` in and serves an empty schedule, no unsent notices, and the `more` routes; returns the fetch stand-in. */
function serveSchedule(role: CurrentUser['role'], more: Parameters<typeof fakeFetch>[0] = {}) {
  viewer = fakeUser(role);
  const fetch = fakeFetch({
    'GET /api/schedules/get_user_schedule': { status: 200, body: EMPTY_SCHEDULE },
    'GET /api/schedules/unsent_count': { status: 200, body: { count: 0 } },
    ...more,
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('SchedulePage', () => {
  it('says quietly that the first load failed instead of drawing an empty month, and retries', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let failing = true;
    serveSchedule('agent', {
      'GET /api/schedules/get_user_schedule': () =>
        failing
          ? { status: 503, body: { error: { code: 'unavailable', message: 'Try again.' } } }
          : { status: 200, body: EMPTY_SCHEDULE },
    });
    renderWithProviders(<SchedulePage />, { path: '/schedule' });
    expect((await screen.findAllByTestId('schedule-load-failed')).length).toBeGreaterThan(0);
    expect(screen.queryByTestId('month-calendar')).toBeNull();
    expect(screen.queryByTestId('day-calendar')).toBeNull();

    failing = false;
    fireEvent.click(screen.getByTestId('schedule-load-retry'));
    expect(await screen.findByTestId('month-calendar')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('schedule-load-failed')).toBeNull());
  });

  it('lets a schedule supervisor plan shifts for a new hire with no shifts yet, from their calendar', async () => {
    viewer = fakeUser('schedule_supervisor');
    const fetch = fakeFetch({
      'GET /api/schedules/get_user_schedule': {
        status: 200,
        body: {
          ...EMPTY_SCHEDULE,
          forself: false,
          user: { id: 40, name: 'Nia New', timezone: 'America/Toronto', display_from: null },
        },
      },
      'GET /api/schedules/get_planner': { status: 200, body: null },
      'GET /api/dashboards/user-campaigns-popup/40': {
        status: 200,
        body: [
          { id: 1, name: 'Northwind', is_disabled: false },
          { id: 2, name: 'Maple', is_disabled: true },
        ],
      },
    });
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(
      <Routes>
        <Route path="/schedule/users/:id" element={<SchedulePage />} />
      </Routes>,
      { path: '/schedule/users/40' },
    );
    fireEvent.click(await screen.findByTestId('plan-shifts'));
    const dialog = await screen.findByTestId('planner-dialog');
    expect(dialog.textContent).toContain('Shifts of Nia New');
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(([input]) => String(input).includes('/api/dashboards/user-campaigns-popup/40')),
      ).toBe(true),
    );
  });

  it('offers no planner button on one’s own calendar', async () => {
    serveSchedule('schedule_supervisor');
    renderWithProviders(<SchedulePage />, { path: '/schedule' });
    await screen.findByTestId('month-calendar');
    expect(screen.queryByTestId('plan-shifts')).toBeNull();
  });

  it('shows the calendar rules bar on /schedule: Back and campaigns for an agent, no supervisor actions', async () => {
    serveSchedule('agent', {
      'GET /api/dashboards/campaigns': { status: 200, body: [{ id: 1, name: 'Northwind', type: 'inbound' }] },
    });
    renderWithProviders(<SchedulePage />, { path: '/schedule' });
    const bar = await screen.findByTestId('calendar-rules-bar');
    expect(within(bar).getByTestId('rules-back')).toBeTruthy();
    expect(within(bar).getByTestId('rules-campaigns')).toBeTruthy();
    expect(within(bar).queryByTestId('approve-all')).toBeNull();
    expect(within(bar).queryByTestId('make-notification')).toBeNull();
  });

  it("gives a schedule supervisor Approve All for the month's pending shifts on /schedule, but no bar on /users", async () => {
    const fetch = serveSchedule('schedule_supervisor', {
      'GET /api/dashboards/campaigns': { status: 200, body: [] },
      'GET /api/schedules/get_month_summary': { status: 200, body: { days: {}, agents: {}, pending_ids: [31, 32] } },
      'POST /api/schedules/approve_all': { status: 200, body: { approved: [31, 32] } },
    });
    const { unmount } = renderWithProviders(<SchedulePage />, { path: '/schedule' });
    const approveAll = await screen.findByTestId('approve-all');
    await waitFor(() => expect(approveAll.textContent).toBe('Approve All (2)'));
    expect(screen.getByTestId('make-notification')).toBeTruthy();
    fireEvent.click(approveAll);
    fireEvent.click(await screen.findByTestId('confirm-approve-all'));
    await waitFor(() =>
      expect(fetch.mock.calls.find(([input]) => String(input) === '/api/schedules/approve_all')?.[1]?.body).toBe(
        JSON.stringify({ ids: [31, 32] }),
      ),
    );
    expect(await screen.findByText('2 shifts approved.')).toBeTruthy();
    unmount();

    renderWithProviders(
      <Routes>
        <Route path="/schedule/users/:id" element={<SchedulePage />} />
      </Routes>,
      { path: '/schedule/users/40' },
    );
    await screen.findByTestId('month-calendar');
    expect(screen.queryByTestId('calendar-rules-bar')).toBeNull();
  });
});
