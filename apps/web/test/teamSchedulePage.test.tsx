import { plannerEndDateMin, type Role } from '@shiftline/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../src/features/auth';
import { fakeFetch } from './fakeFetch';
import { fakeUser } from './fakeUser';
import { renderWithProviders } from './renderWithProviders';
import {
  FAKE_CAMPAIGNS,
  fakeScheduleCampaigns,
  fakeTeamMonth,
  fakeTeamSchedule,
  TEAM_DAY,
} from './teamScheduleFixtures';

// The month grid (FullCalendar) has a test of its own; here a stand-in offers the days to click.
vi.mock('../src/features/teamSchedule/components/teamCalendar', () => ({
  TeamMonthCalendar: ({ onDayClick }: { onDayClick: (day: string) => void }) => (
    <div data-testid="team-month-calendar">
      {['2030-01-15', '2030-01-16'].map((day) => (
        <button key={day} type="button" data-testid={`day-${day}`} onClick={() => onDayClick(day)}>
          {day}
        </button>
      ))}
    </div>
  ),
}));

type Handler = (payload?: unknown) => void;
const socketHandlers = new Map<string, Handler>();
// The rooms the page stays in, as many times as it asked.
const socketRooms: string[] = [];
vi.mock('../src/lib/socketClient', () => ({
  socketClient: {
    on: (event: string, handler: Handler) => {
      socketHandlers.set(event, handler);
      return () => socketHandlers.delete(event);
    },
    stayIn: (room: string) => {
      socketRooms.push(room);
      return () => socketRooms.splice(socketRooms.indexOf(room), 1);
    },
  },
}));

const { TeamSchedulePage } = await import('../src/features/teamSchedule/components/TeamSchedulePage');

const SAVED_PLANNER = {
  id: 4,
  user_id: 12,
  start_planner: '2030-01-01',
  end_planner: null,
  scheduler: ['0 9 MO,WE/1 480 b+120,l+225'],
  zone: 'America/Toronto',
};

type Reply = { status: number; body?: unknown };

function serve(role: Role, extra: Record<string, Reply | ((body: unknown) => Reply)> = {}) {
  const fetch = fakeFetch({
    'GET /api/auth/me': { status: 200, body: { user: fakeUser(role), csrf_token: 'token' } },
    'GET /api/schedules/get_month_summary': { status: 200, body: fakeTeamMonth() },
    'GET /api/schedules/get_day_schedule': { status: 200, body: fakeTeamSchedule() },
    'GET /api/schedules/get_all_campaigns': { status: 200, body: fakeScheduleCampaigns() },
    'GET /api/dashboards/campaigns': { status: 200, body: FAKE_CAMPAIGNS },
    'GET /api/schedules/get_planner': { status: 200, body: SAVED_PLANNER },
    ...extra,
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function SignedIn({ children }: { children: ReactNode }) {
  return useSession().data ? children : null;
}

function renderPage(path = `/schedule/team#date=${TEAM_DAY}`) {
  return renderWithProviders(
    <SignedIn>
      <TeamSchedulePage />
    </SignedIn>,
    { path },
  );
}

const calls = (fetch: ReturnType<typeof fakeFetch>, method: string, path: string) =>
  fetch.mock.calls.filter(([input, init]) => (init?.method ?? 'GET') === method && String(input).startsWith(path));

const bodyOf = (fetch: ReturnType<typeof fakeFetch>, method: string, path: string) =>
  JSON.parse(String(calls(fetch, method, path).at(-1)?.[1]?.body ?? 'null'));

function choose(select: HTMLElement, text: string) {
  const option = within(select).getByRole('option', { name: text }) as HTMLOptionElement;
  fireEvent.change(select, { target: { value: option.value } });
}

const rowOf = (userId: number) =>
  screen.getAllByTestId('agent-row').find((element) => element.dataset.userId === String(userId)) as HTMLElement;

// Dialogs with many time choices render slowly in jsdom on a busy machine.
/** Renders the page, waits for user `userId`'s row and clicks its `action` button. */
async function clickInRow(userId: number, action: string) {
  renderPage();
  await waitFor(() => expect(rowOf(userId)).toBeTruthy());
  fireEvent.click(within(rowOf(userId)).getByTestId(action));
}

/** Opens the planner from user `userId`'s row. */
async function openPlanner(userId: number) {
  await clickInRow(userId, 'plan-shifts');
  return screen.findByTestId('planner-dialog');
}

/** Cancels user `userId`'s shift: the dialog asks first, and the answer confirms; returns the dialog. */
async function cancelShiftOf(userId: number) {
  await clickInRow(userId, 'cancel-shift');
  const dialog = await screen.findByTestId('cancel-shift-dialog');
  expect(within(dialog).getByTestId('cancel-shift-question').textContent).toBe(
    'Are you sure you want to cancel this shift?',
  );
  fireEvent.click(within(dialog).getByTestId('cancel-shift-confirm'));
  return dialog;
}

describe('TeamSchedulePage', { timeout: 20_000 }, () => {
  beforeEach(() => socketHandlers.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('opens the details panel at once for the date in the hash, with the 24-hour timeline', async () => {
    serve('team_lead');
    renderPage();
    const panel = await screen.findByTestId('details-panel');
    expect(panel.dataset.date).toBe(TEAM_DAY);
    expect(screen.getByTestId('month-title').textContent).toBe('January 2030');
    const hours = within(panel).getAllByTestId('timeline-header')[0] as HTMLElement;
    const labels = within(hours)
      .getAllByTestId('timeline-hour')
      .map((hour) => hour.textContent);
    expect(labels).toHaveLength(24);
    expect(labels.slice(0, 2)).toEqual(['12 AM', '1 AM']);
    expect(labels[12]).toBe('Noon');
    expect(labels[23]).toBe('11 PM');
  });

  it('has no panel without a date, and opens it for a clicked day', async () => {
    serve('team_lead');
    renderPage('/schedule/team');
    fireEvent.click(await screen.findByTestId('day-2030-01-16'));
    expect((await screen.findByTestId('details-panel')).dataset.date).toBe('2030-01-16');
  });

  it('lists free shifts and ungrouped agents before the groups, each group collapsible', async () => {
    serve('team_lead');
    renderPage();
    await screen.findByTestId('details-panel');
    await waitFor(() => expect(screen.getAllByTestId('agent-row')).toHaveLength(4));
    const groups = screen.getAllByTestId('agent-group').map((group) => group.dataset.group);
    expect(groups).toEqual(['free_shifts', 'ungrouped', 'Blue Team', 'Red Team']);
    expect(
      within(screen.getAllByTestId('agent-group')[0] as HTMLElement).getByText(/Free shift · 1 of 2 open/),
    ).toBeTruthy();

    const red = screen.getAllByTestId('agent-group')[3] as HTMLElement;
    fireEvent.click(within(red).getByTestId('agent-group-toggle'));
    await waitFor(() => expect(within(red).queryByTestId('agent-row')).toBeNull());
    expect(rowOf(12)).toBeUndefined();
  });

  it('draws each time point with its status and id, breaks inside', async () => {
    serve('team_lead');
    renderPage();
    await screen.findByTestId('details-panel');
    const pending = await waitFor(() => within(rowOf(12)).getByTestId('timeline-shift'));
    expect(pending.dataset.status).toBe('pending');
    const approved = within(rowOf(11)).getByTestId('timeline-shift');
    expect(approved.dataset.shiftId).toBe('201');
    expect(
      within(approved)
        .getAllByTestId('timeline-break')
        .map((item) => item.dataset.type),
    ).toEqual(['break', 'lunch']);
  });

  it('toggles the list between 340px and open', async () => {
    serve('team_lead');
    renderPage();
    const toggle = await screen.findByTestId('details-toggle');
    expect(toggle.textContent).toBe('Open list');
    expect(screen.getByTestId('details-list').dataset.open).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.textContent).toBe('Collapse');
    expect(screen.getByTestId('details-list').dataset.open).toBe('true');
  });

  it('shows each campaign’s hours in local time: a night window in two bars, around the clock as 24 hours', async () => {
    serve('team_lead');
    renderPage();
    await waitFor(() => expect(screen.getAllByTestId('campaign-timeline')).toHaveLength(3));
    const campaign = (id: number) =>
      screen
        .getAllByTestId('campaign-timeline')
        .find((element) => element.dataset.campaignId === String(id)) as HTMLElement;
    expect(within(campaign(1)).getAllByTestId('work-window-bar')).toHaveLength(1);
    expect(within(campaign(1)).getAllByTestId('campaign-shift')).toHaveLength(1);
    expect(within(campaign(2)).getAllByTestId('work-window-bar')).toHaveLength(2);
    expect(within(campaign(2)).getByTestId('work-window-label').textContent).toBe('10:00 PM – 8:00 AM (night)');
    expect(within(campaign(3)).getByTestId('work-window-label').textContent).toBe('Open 24 hours');
  });

  it('names the agent and local times of a campaign bar when it is pointed at', async () => {
    serve('team_lead');
    renderPage();
    const bar = await screen.findByTestId('campaign-shift');
    // Written on first pointing (not for every bar up front): 14:00–22:00 UTC is 9 AM – 5 PM in Toronto.
    expect(bar.getAttribute('title') ?? '').toBe('');
    fireEvent.pointerOver(bar);
    expect(bar.getAttribute('title')).toBe('Alice Archer: 9:00 AM – 5:00 PM');
  });

  it('shows Approve All, Make a notification and the shift icons to the schedule supervisor only', async () => {
    serve('team_lead');
    const { unmount } = renderPage();
    await screen.findByTestId('details-panel');
    await waitFor(() => expect(screen.getAllByTestId('agent-row')).toHaveLength(4));
    expect(screen.getByTestId('calendar-rules-bar')).toBeTruthy();
    expect(screen.queryByTestId('approve-all')).toBeNull();
    expect(screen.queryByTestId('make-notification')).toBeNull();
    expect(screen.queryByTestId('approve-shift')).toBeNull();
    expect(screen.queryByTestId('cancel-shift')).toBeNull();
    // A team lead plans only their own shifts (user 7 is the viewer).
    expect(screen.getAllByTestId('plan-shifts')).toHaveLength(1);
    expect(within(rowOf(7)).getByTestId('plan-shifts')).toBeTruthy();
    unmount();

    serve('schedule_supervisor');
    renderPage();
    await waitFor(() => expect(screen.getAllByTestId('agent-row')).toHaveLength(4));
    expect(screen.getByTestId('approve-all').textContent).toContain('Approve All (1)');
    expect(screen.getByTestId('make-notification')).toBeTruthy();
    expect(within(rowOf(12)).getByTestId('approve-shift')).toBeTruthy();
    expect(within(rowOf(7)).getByTestId('restore-shift')).toBeTruthy();
    expect(screen.getAllByTestId('cancel-shift')).toHaveLength(3);
    expect(screen.getAllByTestId('plan-shifts')).toHaveLength(4);
  });

  it('approves all pending shifts of the period after a confirmation', async () => {
    const fetch = serve('schedule_supervisor', {
      'POST /api/schedules/approve_all': { status: 200, body: { approved: [202] } },
    });
    renderPage();
    await waitFor(() => expect(screen.getByTestId('approve-all').hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByTestId('approve-all'));
    fireEvent.click(await screen.findByTestId('confirm-approve-all'));
    await waitFor(() => expect(calls(fetch, 'POST', '/api/schedules/approve_all')).toHaveLength(1));
    expect(bodyOf(fetch, 'POST', '/api/schedules/approve_all')).toEqual({ ids: [202] });
  });

  it('approves a pending shift with its icon', async () => {
    const fetch = serve('schedule_supervisor', { 'POST /api/schedules/approve_event/202': { status: 200, body: {} } });
    await clickInRow(12, 'approve-shift');
    await waitFor(() => expect(calls(fetch, 'POST', '/api/schedules/approve_event/202')).toHaveLength(1));
    expect(await screen.findByText('Shift approved.')).toBeTruthy();
  });

  it('asks before cancelling an approved shift', async () => {
    const fetch = serve('schedule_supervisor', { 'POST /api/schedules/cancel_event/201': { status: 200, body: {} } });
    await cancelShiftOf(11);
    await waitFor(() => expect(calls(fetch, 'POST', '/api/schedules/cancel_event/201')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('cancel-shift-dialog')).toBeNull());
  });

  it('shows the server’s refusal when a canceled shift is canceled again', async () => {
    serve('schedule_supervisor', {
      'POST /api/schedules/cancel_event/203': {
        status: 409,
        body: { error: { code: 'conflict', message: 'Canceled shifts cannot be canceled again.' } },
      },
    });
    const dialog = await cancelShiftOf(7);
    expect((await within(dialog).findByTestId('cancel-shift-error')).textContent).toBe(
      'Canceled shifts cannot be canceled again.',
    );
  });

  it('refuses a notice without a campaign, then offers the free shift', async () => {
    const fetch = serve('schedule_supervisor', { 'POST /api/schedules/set_free_shift': { status: 200, body: {} } });
    renderPage();
    fireEvent.click(await screen.findByTestId('make-notification'));
    const dialog = await screen.findByTestId('make-notice-dialog');
    choose(within(dialog).getByTestId('notice-start'), '9:00 AM');
    choose(within(dialog).getByTestId('notice-end'), '5:00 PM');
    fireEvent.click(within(dialog).getByTestId('notice-send'));
    expect(within(dialog).getByTestId('notice-rule-error').textContent).toBe(
      'A notice requires at least one campaign and an agent count above 0',
    );
    expect(calls(fetch, 'POST', '/api/schedules/set_free_shift')).toHaveLength(0);

    // Pick a campaign: the menu commits on close.
    fireEvent.mouseDown(within(within(dialog).getByTestId('notice-campaigns')).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'Daytime Sales' }));
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    fireEvent.change(within(dialog).getByTestId('notice-count'), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByTestId('notice-send'));
    expect(within(dialog).getByTestId('notice-rule-error')).toBeTruthy();

    fireEvent.change(within(dialog).getByTestId('notice-count'), { target: { value: '3' } });
    fireEvent.click(within(dialog).getByTestId('notice-send'));
    await waitFor(() => expect(calls(fetch, 'POST', '/api/schedules/set_free_shift')).toHaveLength(1));
    expect(bodyOf(fetch, 'POST', '/api/schedules/set_free_shift')).toMatchObject({
      count_agents: 3,
      campaigns: [1],
      start: '2030-01-15T14:00:00.000Z',
      end: '2030-01-15T22:00:00.000Z',
      breaks: [{ type: 'break' }, { type: 'lunch' }],
    });
    expect(await screen.findByText('The notification was sent to the available agents.')).toBeTruthy();
  });

  it('gives the schedule supervisor repeat and the saved planner, then asks about a notice after saving', async () => {
    const fetch = serve('schedule_supervisor', {
      'POST /api/schedules/set_planner': {
        status: 200,
        body: { planner: SAVED_PLANNER, created: 5, kept: 0, skipped: 0, removed: 0, horizon: '2030-03-12T00:00:00Z' },
      },
      'POST /api/schedules/set_free_shift': { status: 200, body: {} },
    });
    const dialog = await openPlanner(12);
    expect(within(dialog).getByRole('heading', { name: 'Date - Jan 15, 2030' })).toBeTruthy();
    expect(within(dialog).getByTestId('planner-repeat')).toBeTruthy();
    expect(await within(dialog).findByTestId('saved-planner')).toBeTruthy();

    choose(within(dialog).getByTestId('planner-0-start'), '9:00 AM');
    choose(within(dialog).getByTestId('planner-0-end'), '5:00 PM');
    fireEvent.click(within(dialog).getByTestId('repeat-enabled'));
    fireEvent.click(within(dialog).getByTestId('weekday-Mo'));
    fireEvent.click(within(dialog).getByTestId('weekday-Fr'));
    fireEvent.click(within(dialog).getByTestId('planner-save'));

    await waitFor(() => expect(calls(fetch, 'POST', '/api/schedules/set_planner')).toHaveLength(1));
    expect(bodyOf(fetch, 'POST', '/api/schedules/set_planner')).toEqual({
      start: TEAM_DAY,
      scheduler: ['0 9 MO,FR/1 480 b+120,l+225'],
      end_date: null,
      user: 12,
      zone: 'America/Toronto',
    });
    const question = await screen.findByTestId('planner-notice-dialog');
    expect(within(question).getByTestId('planner-notice-question').textContent).toBe(
      'Do you want to send the notification about this shift to other available agents?',
    );
    fireEvent.click(within(question).getByTestId('planner-notice-yes'));
    await waitFor(() => expect(calls(fetch, 'POST', '/api/schedules/set_free_shift')).toHaveLength(1));
    expect(bodyOf(fetch, 'POST', '/api/schedules/set_free_shift')).toMatchObject({
      count_agents: 1,
      campaigns: [1],
      start: '2030-01-15T14:00:00.000Z',
      end: '2030-01-15T22:00:00.000Z',
    });
  });

  it('sends the end date only when the ending is a date, from tomorrow on', async () => {
    const fetch = serve('schedule_supervisor', {
      'POST /api/schedules/set_planner': {
        status: 200,
        body: { planner: SAVED_PLANNER, created: 2, kept: 0, skipped: 0, removed: 0, horizon: '2030-03-12T00:00:00Z' },
      },
    });
    const dialog = await openPlanner(12);
    choose(within(dialog).getByTestId('planner-0-start'), '9:00 AM');
    choose(within(dialog).getByTestId('planner-0-end'), '1:00 PM');
    fireEvent.click(within(dialog).getByTestId('repeat-enabled'));
    choose(within(dialog).getByTestId('repeat-type'), 'day');
    fireEvent.change(within(dialog).getByTestId('repeat-interval'), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByLabelText('Date'));
    const endDate = within(dialog).getByTestId('planner-end-date') as HTMLInputElement;
    expect(endDate.min).toBe(plannerEndDateMin(Date.now(), 'America/Toronto'));
    fireEvent.change(endDate, { target: { value: '2030-02-15' } });
    fireEvent.click(within(dialog).getByTestId('planner-save'));
    await waitFor(() => expect(calls(fetch, 'POST', '/api/schedules/set_planner')).toHaveLength(1));
    expect(bodyOf(fetch, 'POST', '/api/schedules/set_planner')).toMatchObject({
      scheduler: ['0 9 */2 240 b+60'],
      end_date: '2030-02-15',
    });
    fireEvent.click(await screen.findByTestId('planner-notice-no'));
    await waitFor(() => expect(screen.queryByTestId('planner-notice-dialog')).toBeNull());
    expect(calls(fetch, 'POST', '/api/schedules/set_free_shift')).toHaveLength(0);
  });

  it('gives others neither repeat nor the saved planner', async () => {
    const fetch = serve('team_lead');
    const dialog = await openPlanner(7);
    expect(within(dialog).queryByTestId('planner-repeat')).toBeNull();
    expect(within(dialog).queryByTestId('saved-planner')).toBeNull();
    expect(calls(fetch, 'GET', '/api/schedules/get_planner')).toHaveLength(0);
  });

  it('refuses to save a planner without the first module’s start and end', async () => {
    const fetch = serve('schedule_supervisor');
    const dialog = await openPlanner(12);
    fireEvent.click(within(dialog).getByTestId('add-module'));
    expect(within(dialog).getAllByTestId('planner-module')).toHaveLength(2);
    fireEvent.click(within(dialog).getAllByTestId('remove-module')[1] as HTMLElement);
    expect(within(dialog).getAllByTestId('planner-module')).toHaveLength(1);
    fireEvent.click(within(dialog).getByTestId('planner-save'));
    expect(await within(dialog).findByText('Start is required')).toBeTruthy();
    expect(calls(fetch, 'POST', '/api/schedules/set_planner')).toHaveLength(0);
  });

  it('reloads the team schedule when the server says shifts changed', async () => {
    const fetch = serve('team_lead');
    const { unmount } = renderPage();
    await screen.findByTestId('details-panel');
    // A team lead's calendar hears approvals because the page stays in the team-calendar room.
    expect(socketRooms).toEqual(['team-schedule']);
    await waitFor(() => expect(calls(fetch, 'GET', '/api/schedules/get_month_summary')).toHaveLength(1));
    await waitFor(() => expect(calls(fetch, 'GET', '/api/schedules/get_day_schedule')).toHaveLength(1));
    socketHandlers.get('schedule-changed')?.({ user_ids: [12] });
    await waitFor(() => expect(calls(fetch, 'GET', '/api/schedules/get_month_summary')).toHaveLength(2));
    await waitFor(() => expect(calls(fetch, 'GET', '/api/schedules/get_day_schedule')).toHaveLength(2));
    socketHandlers.get('shifts-sent-for-approval')?.({ user_id: 12 });
    await waitFor(() =>
      expect(calls(fetch, 'GET', '/api/schedules/get_month_summary').length).toBeGreaterThanOrEqual(3),
    );
    unmount();
    expect(socketRooms).toEqual([]);
  });

  it('filters the calendar by the campaigns chosen, once the menu closes', async () => {
    const fetch = serve('team_lead');
    renderPage();
    await waitFor(() => expect(calls(fetch, 'GET', '/api/schedules/get_month_summary')).toHaveLength(1));
    fireEvent.mouseDown(within(screen.getByTestId('rules-campaigns')).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'After-Hours Support' }));
    fireEvent.click(screen.getByRole('option', { name: 'Daytime Sales' }));
    expect(calls(fetch, 'GET', '/api/schedules/get_month_summary')).toHaveLength(1);
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    await waitFor(() => expect(calls(fetch, 'GET', '/api/schedules/get_month_summary')).toHaveLength(2));
    expect(String(calls(fetch, 'GET', '/api/schedules/get_month_summary')[1]?.[0])).toContain('campaigns=1%2C2');
    // The opened day follows the same filter.
    await waitFor(() =>
      expect(String(calls(fetch, 'GET', '/api/schedules/get_day_schedule').at(-1)?.[0])).toContain('campaigns=1%2C2'),
    );
    await waitFor(() => expect(screen.getAllByTestId('campaign-timeline')).toHaveLength(2));
  });

  it('shows an approval at once from the answer, reloading neither the month nor the day', async () => {
    const fetch = serve('schedule_supervisor', {
      'POST /api/schedules/approve_event/202': { status: 200, body: { status: 'ok', ids: [202] } },
    });
    renderPage();
    await waitFor(() => expect(within(rowOf(12)).getByTestId('timeline-shift').dataset.status).toBe('pending'));
    expect(screen.getByTestId('approve-all').textContent).toContain('Approve All (1)');
    fireEvent.click(within(rowOf(12)).getByTestId('approve-shift'));
    await waitFor(() => expect(within(rowOf(12)).getByTestId('timeline-shift').dataset.status).toBe('approved'));
    expect(screen.getByTestId('approve-all').hasAttribute('disabled')).toBe(true);
    expect(calls(fetch, 'GET', '/api/schedules/get_day_schedule')).toHaveLength(1);
    expect(calls(fetch, 'GET', '/api/schedules/get_month_summary')).toHaveLength(1);
  });

  it('shows an approval before the server answers, and what the server holds when it refuses', async () => {
    const fetch = serve('schedule_supervisor', {
      'POST /api/schedules/approve_event/202': {
        status: 409,
        body: { error: { code: 'conflict', message: 'Only a pending or canceled shift can be approved.' } },
      },
    });
    // The server answers only when the test says so.
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/approve_event/')) await answered;
      return fetch(input, init);
    });
    renderPage();
    await waitFor(() => expect(within(rowOf(12)).getByTestId('timeline-shift').dataset.status).toBe('pending'));
    fireEvent.click(within(rowOf(12)).getByTestId('approve-shift'));
    await waitFor(() => expect(within(rowOf(12)).getByTestId('timeline-shift').dataset.status).toBe('approved'));
    answer();
    expect(await screen.findByText('Only a pending or canceled shift can be approved.')).toBeTruthy();
    await waitFor(() => expect(calls(fetch, 'GET', '/api/schedules/get_day_schedule')).toHaveLength(2));
    await waitFor(() => expect(within(rowOf(12)).getByTestId('timeline-shift').dataset.status).toBe('pending'));
  });

  it('finds agents on the day timeline by name, group and working today', async () => {
    serve('team_lead');
    renderPage();
    await waitFor(() => expect(screen.getAllByTestId('agent-row')).toHaveLength(4));
    const shown = () => screen.queryAllByTestId('agent-row').map((row) => Number(row.dataset.userId));
    fireEvent.change(screen.getByTestId('details-search'), { target: { value: 'ali' } });
    await waitFor(() => expect(shown()).toEqual([11]));
    // A search hides the free shifts: they are nobody's.
    expect(screen.queryByTestId('free-shift-row')).toBeNull();
    fireEvent.change(screen.getByTestId('details-search'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('details-working'));
    // Ada's only shift is canceled and Cleo has none.
    await waitFor(() => expect(shown().sort((a, b) => a - b)).toEqual([11, 12]));
    fireEvent.click(screen.getByTestId('details-working'));
    fireEvent.change(screen.getByTestId('details-group'), { target: { value: 'Blue Team' } });
    await waitFor(() => expect(shown().sort((a, b) => a - b)).toEqual([7, 13]));
  });

  it('brings the opened day’s timeline into view', async () => {
    const scrolled = vi.fn();
    HTMLElement.prototype.scrollIntoView = scrolled;
    try {
      serve('team_lead');
      renderPage('/schedule/team');
      fireEvent.click(await screen.findByTestId('day-2030-01-16'));
      const panel = await screen.findByTestId('details-panel');
      await waitFor(() => expect(scrolled).toHaveBeenCalled());
      expect(scrolled.mock.contexts[0]).toBe(panel);
    } finally {
      delete (HTMLElement.prototype as { scrollIntoView?: unknown }).scrollIntoView;
    }
  });
});
