import { type CurrentUser, can, type DaysOffEntry, ROLES, type Role } from '@shiftline/shared';
import { onlineManager } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DateTime } from 'luxon';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from './fakeFetch';
import { fakeUser } from './fakeUser';
import { renderWithProviders } from './renderWithProviders';

let viewer: CurrentUser = fakeUser('agent');
vi.mock('../src/features/auth', () => ({ useCurrentUser: () => viewer }));

const { DaysOffPage } = await import('../src/features/vacations/components/DaysOffPage');
const { NavDrawer } = await import('../src/app/NavDrawer');
const { vacationDays } = await import('../src/features/vacations/utils/vacationDays');

const ZONE = 'America/Toronto';

function entry(id: number, status: DaysOffEntry['status'], overrides: Partial<DaysOffEntry> = {}): DaysOffEntry {
  return {
    id,
    user_id: 7,
    name: 'Ada Byron',
    user_avatar_url: null,
    // Dec 7 – Dec 9, 2026 in Toronto.
    start_utc: '2026-12-07T05:00:00.000Z',
    end_utc: '2026-12-10T05:00:00.000Z',
    reason: 'vacation',
    reason_name: 'Vacation',
    status,
    timezone: ZONE,
    created_at: '2026-11-20T15:00:00.000Z',
    ...overrides,
  };
}

const ROWS = [
  entry(1, 'vac_pending', { user_id: 12, name: 'Grace Hopper' }),
  entry(2, 'vac_approved'),
  entry(3, 'vac_cancel_requested', { user_id: 12, name: 'Grace Hopper' }),
  entry(4, 'vac_rejected'),
];

type Replies = Parameters<typeof fakeFetch>[0];
const ok = { status: 200, body: { status: 'ok' } };

function setUp(role: Role, replies: Replies = {}, viewerZone: CurrentUser['timezone'] = ZONE) {
  viewer = fakeUser(role, { timezone: viewerZone });
  const fetch = fakeFetch({
    'GET /api/schedules/get_days_off': {
      status: 200,
      body: { days_off: ROWS, total: ROWS.length, page: 1, page_size: 50 },
    },
    'GET /api/dashboards/agents_list': {
      status: 200,
      body: [
        { id: 12, firstName: 'Grace', secondName: 'Hopper', agent_group: 'Blue Team', archived: false },
        { id: 13, firstName: 'Old', secondName: 'Timer', agent_group: null, archived: true },
      ],
    },
    'POST /api/schedules/create_vacation': { status: 200, body: { id: 9, status: 'vac_pending' } },
    'POST /api/schedules/start_vacation_action': ok,
    'POST /api/schedules/reject_vacation/1': ok,
    'POST /api/schedules/approve_vacation_cancellation/3': ok,
    'POST /api/schedules/request_vacation_cancellation/2': ok,
    ...replies,
  });
  vi.stubGlobal('fetch', fetch);
  renderWithProviders(<DaysOffPage />, { path: '/schedule/days_off' });
  return fetch;
}

/** The writes sent; the agent-records call that precedes every agents list (spec §7) has a test of its own. */
const posts = (fetch: ReturnType<typeof fakeFetch>) =>
  fetch.mock.calls
    .filter(([input, init]) => init?.method === 'POST' && !String(input).includes('/api/dashboards/agent-records'))
    .map(([input, init]) => ({
      call: String(input),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    }));

const rows = () => screen.findAllByTestId('days-off-row');
const row = async (id: number) => (await rows()).find((element) => element.dataset.id === String(id)) as HTMLElement;

/** Picks days of the month the picker opens on (the current one) and applies them. */
function pickDays(first: number, last: number) {
  fireEvent.click(screen.getByTestId('days-off-range'));
  const picker = screen.getByRole('dialog', { name: 'Days off' });
  fireEvent.click(within(picker).getByRole('gridcell', { name: String(first) }));
  fireEvent.click(within(picker).getByRole('gridcell', { name: String(last) }));
  fireEvent.click(within(picker).getByTestId('date-range-ok'));
}

/** A day of the current month in Toronto, as the server takes it. */
const dayStart = (day: number) => DateTime.now().setZone(ZONE).set({ day }).startOf('day').toUTC().toISO() as string;

// The date picker and MUI selects are slow to drive in jsdom when the whole suite runs at once.
describe('DaysOffPage', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it.each(ROLES)('lists Days off in the navigation for the %s role only if it may request days off', (role) => {
    renderWithProviders(<NavDrawer user={fakeUser(role)} mobileOpen={false} onClose={() => undefined} />);
    const link = screen.queryByTestId('nav-days-off');
    expect(link !== null).toBe(can(role, 'vacations.request') || can(role, 'schedule.manage'));
    if (link) expect(link.getAttribute('href')).toBe('/schedule/days_off');
  });

  it('marks Days off, not Schedule, as the current page on /schedule/days_off', () => {
    renderWithProviders(<NavDrawer user={fakeUser('agent')} mobileOpen={false} onClose={() => undefined} />, {
      path: '/schedule/days_off',
    });
    expect(screen.getByTestId('nav-days-off').classList.contains('Mui-selected')).toBe(true);
    expect(screen.getByTestId('nav-schedule').classList.contains('Mui-selected')).toBe(false);
  });

  it.each([
    ['America/Toronto', 'the same zone'],
    ['America/Chicago', 'a zone an hour behind'],
    ['Pacific/Honolulu', 'a zone five hours behind'],
    ['America/St_Johns', 'a zone ninety minutes ahead'],
  ])('reads days off taken in Toronto as the same dates in %s (%s)', (zone) => {
    expect(vacationDays('2026-12-07T05:00:00.000Z', '2026-12-10T05:00:00.000Z', zone)).toEqual({
      start: '2026-12-07',
      end: '2026-12-09',
    });
  });

  it('counts the owner’s days whatever the viewer’s zone (a Toronto request seen from Chicago)', async () => {
    // Dec 7 from midnight to Dec 8 at noon in Toronto: two of the owner's days, though in Chicago it ends at 11:00.
    const toronto = entry(5, 'vac_pending', {
      start_utc: '2026-12-07T05:00:00.000Z',
      end_utc: '2026-12-08T17:00:00.000Z',
    });
    setUp(
      'schedule_supervisor',
      {
        'GET /api/schedules/get_days_off': {
          status: 200,
          body: { days_off: [toronto], total: 1, page: 1, page_size: 50 },
        },
      },
      'America/Chicago',
    );
    const shown = await row(5);
    expect(shown.textContent).toContain('Dec 7, 2026 – Dec 8, 2026');
    expect(shown.textContent).toContain('2 days');
  });

  describe('for an agent', () => {
    it('lists the requests with their status and dates', async () => {
      setUp('agent');
      const all = await rows();
      expect(all.map((element) => element.dataset.status)).toEqual([
        'vac_pending',
        'vac_approved',
        'vac_cancel_requested',
        'vac_rejected',
      ]);
      expect(all[0]?.textContent).toContain('Dec 7, 2026 – Dec 9, 2026');
      expect(all[0]?.textContent).toContain('3 days');
      expect(within(all[1] as HTMLElement).getByTestId('days-off-status').textContent).toBe('Approved');
      expect(screen.queryByTestId('vacation-approve')).toBeNull();
      expect(screen.queryByTestId('vacation-reject')).toBeNull();
      expect(screen.queryByTestId('days-off-add')).toBeNull();
    });

    it('offers Ask to cancel on own approved days off only', async () => {
      const fetch = setUp('agent');
      const approved = await row(2);
      expect(screen.getAllByTestId('vacation-request-cancel')).toHaveLength(1);
      fireEvent.click(within(approved).getByTestId('vacation-request-cancel'));
      expect(await screen.findByTestId('days-off-notice')).toBeTruthy();
      expect(posts(fetch)).toEqual([{ call: '/api/schedules/request_vacation_cancellation/2', body: undefined }]);
    });

    it('requests days off from the start of the first day to the start of the day after the last', async () => {
      const fetch = setUp('agent');
      await rows();
      fireEvent.click(screen.getByTestId('days-off-request'));
      await screen.findByTestId('days-off-form');
      pickDays(10, 12);
      expect(screen.getByTestId('days-off-count').textContent).toBe('3 days');
      fireEvent.change(screen.getByTestId('days-off-reason'), { target: { value: 'personal' } });
      fireEvent.click(screen.getByTestId('days-off-submit'));
      await waitFor(() => expect(screen.queryByTestId('days-off-form')).toBeNull());
      expect(posts(fetch)).toEqual([
        {
          call: '/api/schedules/create_vacation',
          body: { start: dayStart(10), end: dayStart(13), reason: 'personal' },
        },
      ]);
    });

    it("keeps the form open with the server's message when the request is refused", async () => {
      setUp('agent', {
        'POST /api/schedules/create_vacation': {
          status: 409,
          body: { error: { code: 'conflict', message: 'These days overlap days off you already have.' } },
        },
      });
      await rows();
      fireEvent.click(screen.getByTestId('days-off-request'));
      await screen.findByTestId('days-off-form');
      fireEvent.click(screen.getByTestId('days-off-submit'));
      expect((await screen.findByTestId('days-off-form-error')).textContent).toBe(
        'These days overlap days off you already have.',
      );
      expect(screen.getByTestId('days-off-form')).toBeTruthy();
    });

    it('says the request could not be sent while offline, and Cancel closes the form', async () => {
      setUp('agent', {
        'POST /api/schedules/create_vacation': () => {
          throw new TypeError('Failed to fetch');
        },
      });
      await rows();
      onlineManager.setOnline(false);
      try {
        fireEvent.click(screen.getByTestId('days-off-request'));
        await screen.findByTestId('days-off-form');
        fireEvent.click(screen.getByTestId('days-off-submit'));
        expect((await screen.findByTestId('days-off-form-error')).textContent).toContain('Could not reach the server');
        const cancel = screen.getByTestId('days-off-cancel') as HTMLButtonElement;
        expect(cancel.disabled).toBe(false);
        fireEvent.click(cancel);
        await waitFor(() => expect(screen.queryByTestId('days-off-form')).toBeNull());
      } finally {
        onlineManager.setOnline(true);
      }
    });
  });

  describe('for a schedule supervisor', () => {
    it('Approve asks the approval host; Reject rejects at once', async () => {
      const fetch = setUp('schedule_supervisor');
      const pending = await row(1);
      expect(pending.textContent).toContain('Grace Hopper');
      fireEvent.click(within(pending).getByTestId('vacation-approve'));
      await waitFor(() =>
        expect(posts(fetch)).toEqual([
          { call: '/api/schedules/start_vacation_action', body: { action: 'approve', vacation_id: 1 } },
        ]),
      );
      fireEvent.click(within(pending).getByTestId('vacation-reject'));
      await waitFor(() =>
        expect(posts(fetch)[1]).toEqual({ call: '/api/schedules/reject_vacation/1', body: undefined }),
      );
    });

    it('decides cancellation requests: approve directly, reject through the host', async () => {
      const fetch = setUp('schedule_supervisor');
      const requested = await row(3);
      fireEvent.click(within(requested).getByTestId('vacation-approve-cancellation'));
      await waitFor(() =>
        expect(posts(fetch)).toEqual([{ call: '/api/schedules/approve_vacation_cancellation/3', body: undefined }]),
      );
      fireEvent.click(within(requested).getByTestId('vacation-reject-cancellation'));
      await waitFor(() =>
        expect(posts(fetch)[1]).toEqual({
          call: '/api/schedules/start_vacation_action',
          body: { action: 'reject_cancellation', vacation_id: 3 },
        }),
      );
    });

    it('offers decisions only where the status allows them', async () => {
      setUp('schedule_supervisor');
      await rows();
      expect((await row(1)).querySelectorAll('button')).toHaveLength(2);
      expect(within(await row(2)).queryByTestId('vacation-approve')).toBeNull();
      expect(within(await row(4)).queryAllByRole('button')).toHaveLength(0);
    });

    it('filters by status', async () => {
      const fetch = setUp('schedule_supervisor');
      await rows();
      fireEvent.change(screen.getByTestId('days-off-status-filter'), { target: { value: 'vac_pending' } });
      await waitFor(() =>
        expect(fetch.mock.calls.map(([input]) => String(input))).toContain(
          '/api/schedules/get_days_off?status=vac_pending',
        ),
      );
    });

    it('pages a long list: the next page is fetched from the server, and a new filter starts again at page 1', async () => {
      const fetch = setUp('schedule_supervisor', {
        'GET /api/schedules/get_days_off': {
          status: 200,
          body: { days_off: ROWS, total: 120, page: 1, page_size: 50 },
        },
      });
      await rows();
      const pagination = await screen.findByTestId('days-off-pagination');
      expect(pagination.textContent).toContain('1–50 of 120');
      fireEvent.click(within(pagination).getByRole('button', { name: /next page/i }));
      const gets = () => fetch.mock.calls.map(([input]) => String(input));
      await waitFor(() => expect(gets()).toContain('/api/schedules/get_days_off?page=2'));
      fireEvent.change(screen.getByTestId('days-off-status-filter'), { target: { value: 'vac_pending' } });
      await waitFor(() => expect(gets()).toContain('/api/schedules/get_days_off?status=vac_pending'));
      expect(gets()).not.toContain('/api/schedules/get_days_off?status=vac_pending&page=2');
    });

    it('shows no pages when every request fits on one', async () => {
      setUp('schedule_supervisor');
      await rows();
      expect(screen.queryByTestId('days-off-pagination')).toBeNull();
    });

    it('sends the agent-records call, one month back to one month ahead, before the agents list loads', async () => {
      const fetch = setUp('schedule_supervisor');
      await rows();
      fireEvent.click(screen.getByTestId('days-off-add'));
      await waitFor(() => expect((screen.getByTestId('days-off-agent') as HTMLSelectElement).disabled).toBe(false));
      const paths = fetch.mock.calls.map(([input]) => String(input).split('?')[0]);
      const records = paths.indexOf('/api/dashboards/agent-records');
      expect(records).toBeGreaterThanOrEqual(0);
      expect(records).toBeLessThan(paths.indexOf('/api/dashboards/agents_list'));
      const body = JSON.parse(String(fetch.mock.calls[records]?.[1]?.body)) as { start: number; end: number };
      const now = Date.now() / 1000;
      expect(now - body.start).toBeGreaterThanOrEqual(28 * 86_400);
      expect(now - body.start).toBeLessThanOrEqual(31 * 86_400 + 60);
      expect(body.end - now).toBeGreaterThanOrEqual(28 * 86_400 - 60);
      expect(body.end - now).toBeLessThanOrEqual(31 * 86_400);
    });

    it('adds days off for an agent through the approval host', async () => {
      const fetch = setUp('schedule_supervisor');
      await rows();
      fireEvent.click(screen.getByTestId('days-off-add'));
      await screen.findByTestId('days-off-form');
      const agent = screen.getByTestId('days-off-agent') as HTMLSelectElement;
      await waitFor(() => expect(agent.disabled).toBe(false));
      expect([...agent.options].map((option) => option.textContent)).toEqual([
        'Choose an agent',
        'Grace Hopper (Blue Team)',
      ]);
      fireEvent.click(screen.getByTestId('days-off-submit'));
      expect(screen.getByText('Choose an agent.')).toBeTruthy();
      fireEvent.change(agent, { target: { value: '12' } });
      pickDays(14, 14);
      fireEvent.click(screen.getByTestId('days-off-submit'));
      await waitFor(() => expect(screen.queryByTestId('days-off-form')).toBeNull());
      expect(posts(fetch)).toEqual([
        {
          call: '/api/schedules/start_vacation_action',
          body: { action: 'add', user: 12, start: dayStart(14), end: dayStart(15), reason: 'vacation' },
        },
      ]);
    });
  });
});
