import { VACATION_EVENTS } from '@shiftline/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type FakeFetch, type Replies, serveFetch } from './fakeFetch';
import { connectSocketEachTest, fakeSocket, serverSends } from './fakeSocket';
import { renderWithProviders } from './renderWithProviders';

vi.mock('socket.io-client', async () => (await import('./fakeSocket')).fakeSocketModule);

const { VacationApprovalHost } = await import('../src/features/vacations');

const ZONE = 'America/Toronto';
// Nov 23 – Nov 27, 2026 in Toronto: from the start of the first day to the start of the day after the last.
const START = '2026-11-23T05:00:00.000Z';
const END = '2026-11-28T05:00:00.000Z';
const APPROVE = { vacation_id: 5, user_id: 12, start: START, end: END, reason: 'vacation' };
const ADD = { user_id: 12, start: START, end: END, reason: 'sick' };

const datesPath = (what: string) =>
  `/api/schedules/get_user_${what}_by_dates/12/${encodeURIComponent(START)}/${encodeURIComponent(END)}`;
const SHIFTS = [
  { id: 31, start_utc: '2026-11-24T14:00:00Z', end_utc: '2026-11-24T22:00:00Z' },
  { id: 32, start_utc: '2026-11-25T14:00:00Z', end_utc: '2026-11-25T22:00:00Z' },
];

const ok = { status: 200, body: { status: 'ok' } };

function setUp(replies: Replies) {
  const fetch = serveFetch({
    [`GET ${datesPath('vacations')}`]: { status: 200, body: [] },
    [`GET ${datesPath('shifts')}`]: { status: 200, body: [] },
    'POST /api/schedules/approve_vacation/5': ok,
    'POST /api/schedules/cancel_and_send_notification': ok,
    'POST /api/schedules/reject_vacation_cancellation/5': ok,
    'POST /api/schedules/create_vacation': { status: 200, body: { id: 77, status: 'vac_pending' } },
    ...replies,
  });
  renderWithProviders(<VacationApprovalHost zone={ZONE} />);
  return fetch;
}

/** The calls made, as 'METHOD path' with the body. */
const calls = (fetch: FakeFetch) =>
  fetch.mock.calls.map(([input, init]) => ({
    call: `${init?.method ?? 'GET'} ${String(input)}`,
    body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
  }));
const posts = (fetch: FakeFetch) => calls(fetch).filter(({ call }) => call.startsWith('POST'));

describe('VacationApprovalHost', { timeout: 20_000 }, () => {
  connectSocketEachTest();

  it("listens to the shared contract's event names", async () => {
    // The host imports the names from shared's zod-free events module (its own copy is gone).
    const { VACATION_EVENTS: HOST_EVENTS } = await import('@shiftline/shared/api/events');
    expect(HOST_EVENTS).toEqual(VACATION_EVENTS);
  });

  it('opens nothing until an event comes', () => {
    setUp({});
    expect(fakeSocket.handlers.get(VACATION_EVENTS.startApproveVacation)?.size).toBe(1);
    expect(fakeSocket.handlers.get(VACATION_EVENTS.startAddVacation)?.size).toBe(1);
    expect(fakeSocket.handlers.get(VACATION_EVENTS.startRejectVacationCancellation)?.size).toBe(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("says 'Cannot be approved!' when approved days off overlap, and approves nothing", async () => {
    const fetch = setUp({
      [`GET ${datesPath('vacations')}`]: { status: 200, body: [{ id: 3, status: 'vac_approved' }] },
    });
    serverSends(VACATION_EVENTS.startApproveVacation, APPROVE);
    const dialog = await screen.findByTestId('cannot-approve-dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Cannot be approved!');
    expect(within(dialog).getByTestId('cannot-approve-text').textContent).toBe(
      'The days from the selected period Nov 23, 2026 - Nov 27, 2026 have already been approved as days off.',
    );
    expect(posts(fetch)).toEqual([]);
    expect(calls(fetch).some(({ call }) => call.includes('get_user_shifts_by_dates'))).toBe(false);
    fireEvent.click(within(dialog).getByTestId('cannot-approve-close'));
    await waitFor(() => expect(screen.queryByTestId('cannot-approve-dialog')).toBeNull());
  });

  it('approves at once when no shifts overlap', async () => {
    const fetch = setUp({});
    serverSends(VACATION_EVENTS.startApproveVacation, APPROVE);
    expect((await screen.findByTestId('vacation-approval-notice')).textContent).toContain('Days off approved.');
    expect(posts(fetch)).toEqual([{ call: 'POST /api/schedules/approve_vacation/5', body: {} }]);
    expect(screen.queryByTestId('vacation-schedule-dialog')).toBeNull();
  });

  it("opens 'Cannot be approved!' when the server answers vacation_overlap", async () => {
    setUp({
      'POST /api/schedules/approve_vacation/5': {
        status: 409,
        body: { error: { code: 'vacation_overlap', message: 'Cannot be approved!' } },
      },
    });
    serverSends(VACATION_EVENTS.startApproveVacation, APPROVE);
    expect(await screen.findByTestId('cannot-approve-dialog')).toBeTruthy();
  });

  describe('with overlapping shifts', () => {
    async function openScheduleDialog(
      replies: Replies = {},
      event: object = APPROVE,
      name: string = VACATION_EVENTS.startApproveVacation,
    ) {
      const fetch = setUp({ [`GET ${datesPath('shifts')}`]: { status: 200, body: SHIFTS }, ...replies });
      serverSends(name, event);
      const dialog = await screen.findByTestId('vacation-schedule-dialog');
      return { fetch, dialog };
    }

    it("asks in the 'Schedule' dialog, every shift checked", async () => {
      const { dialog } = await openScheduleDialog();
      expect(within(dialog).getByRole('heading').textContent).toBe('Schedule');
      expect(dialog.textContent).toContain(
        'Do you want to send the notification about the following shifts to other available agents?',
      );
      const choices = within(dialog).getAllByTestId('vacation-shift-choice');
      expect(choices.map((choice) => choice.textContent)).toEqual([
        'Nov 24, 2026, 9:00 AM – 5:00 PM',
        'Nov 25, 2026, 9:00 AM – 5:00 PM',
      ]);
      expect(choices.map((choice) => choice.dataset.checked)).toEqual(['true', 'true']);
    });

    it('Send cancels all the shifts and offers the checked ones', async () => {
      const { fetch, dialog } = await openScheduleDialog();
      fireEvent.click(
        within(within(dialog).getAllByTestId('vacation-shift-choice')[0] as HTMLElement).getByRole('checkbox'),
      );
      fireEvent.click(within(dialog).getByTestId('vacation-send'));
      expect((await screen.findByTestId('vacation-approval-notice')).textContent).toContain('Days off approved.');
      expect(posts(fetch)).toEqual([
        {
          call: 'POST /api/schedules/cancel_and_send_notification',
          body: { vacation_id: 5, shifts: [31, 32], free_shifts: [32], is_schedule_page: false },
        },
      ]);
      await waitFor(() => expect(screen.queryByTestId('vacation-schedule-dialog')).toBeNull());
    });

    it('Approve without sending approves and deletes the shifts', async () => {
      const { fetch, dialog } = await openScheduleDialog();
      fireEvent.click(within(dialog).getByTestId('vacation-approve-without-sending'));
      expect((await screen.findByTestId('vacation-approval-notice')).textContent).toContain('Days off approved.');
      expect(posts(fetch)).toEqual([{ call: 'POST /api/schedules/approve_vacation/5', body: { delete_shifts: true } }]);
    });

    it('for added days off, creates the vacation first and sends with its id', async () => {
      const { fetch, dialog } = await openScheduleDialog({}, ADD, VACATION_EVENTS.startAddVacation);
      fireEvent.click(within(dialog).getByTestId('vacation-send'));
      await screen.findByTestId('vacation-approval-notice');
      expect(posts(fetch)).toEqual([
        { call: 'POST /api/schedules/create_vacation', body: { user: 12, start: START, end: END, reason: 'sick' } },
        {
          call: 'POST /api/schedules/cancel_and_send_notification',
          body: { vacation_id: 77, shifts: [31, 32], free_shifts: [31, 32], is_schedule_page: false },
        },
      ]);
    });
  });

  it('adds days off with no overlaps: creates, then approves', async () => {
    const fetch = setUp({});
    serverSends(VACATION_EVENTS.startAddVacation, ADD);
    await screen.findByTestId('vacation-approval-notice');
    expect(posts(fetch)).toEqual([
      { call: 'POST /api/schedules/create_vacation', body: { user: 12, start: START, end: END, reason: 'sick' } },
      { call: 'POST /api/schedules/approve_vacation/77', body: {} },
    ]);
  });

  it('asks before rejecting a cancellation request, then rejects it', async () => {
    const fetch = setUp({});
    serverSends(VACATION_EVENTS.startRejectVacationCancellation, { vacation_id: 5 });
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Reject the cancellation of these days off?');
    fireEvent.click(within(dialog).getByTestId('vacation-reject-cancellation-confirm'));
    expect((await screen.findByTestId('vacation-approval-notice')).textContent).toContain('stay approved');
    expect(posts(fetch)).toEqual([{ call: 'POST /api/schedules/reject_vacation_cancellation/5', body: undefined }]);
  });

  describe('decided in another page', () => {
    const DECIDED = { vacation_id: 5, status: 'vac_approved' };

    it('closes the open dialog without calling the server', async () => {
      const fetch = setUp({ [`GET ${datesPath('shifts')}`]: { status: 200, body: SHIFTS } });
      serverSends(VACATION_EVENTS.startApproveVacation, APPROVE);
      await screen.findByTestId('vacation-schedule-dialog');
      serverSends('vacation-decided', DECIDED);
      expect((await screen.findByTestId('vacation-approval-notice')).textContent).toContain(
        'already decided in another page',
      );
      await waitFor(() => expect(screen.queryByTestId('vacation-schedule-dialog')).toBeNull());
      expect(posts(fetch)).toEqual([]);
    });

    it('drops waiting requests for it, and leaves other requests alone', async () => {
      const fetch = setUp({
        [`GET ${datesPath('vacations')}`]: { status: 200, body: [{ id: 3, status: 'vac_approved' }] },
      });
      serverSends(VACATION_EVENTS.startRejectVacationCancellation, { vacation_id: 9 });
      serverSends(VACATION_EVENTS.startApproveVacation, APPROVE);
      await screen.findByTestId('vacation-reject-cancellation-confirm');
      serverSends('vacation-decided', DECIDED);
      fireEvent.click(screen.getByTestId('vacation-reject-cancellation-cancel'));
      await waitFor(() => expect(screen.queryByTestId('vacation-reject-cancellation-confirm')).toBeNull());
      // The approval of 5 that was waiting never opens.
      expect(screen.queryByTestId('cannot-approve-dialog')).toBeNull();
      expect(calls(fetch)).toEqual([]);
    });

    it('lets the page deciding it finish with its own answer', async () => {
      let answer: (value: Response) => void = () => undefined;
      const fetch = setUp({ [`GET ${datesPath('shifts')}`]: { status: 200, body: SHIFTS } });
      const replied = fetch.getMockImplementation();
      fetch.mockImplementation((input, init) =>
        String(input).includes('approve_vacation')
          ? new Promise<Response>((resolve) => {
              answer = resolve;
            })
          : (replied as NonNullable<typeof replied>)(input, init),
      );
      serverSends(VACATION_EVENTS.startApproveVacation, APPROVE);
      fireEvent.click(
        within(await screen.findByTestId('vacation-schedule-dialog')).getByTestId('vacation-approve-without-sending'),
      );
      await waitFor(() => expect(posts(fetch)).toHaveLength(1));
      // The server announces this page's own decision before its answer arrives.
      serverSends('vacation-decided', DECIDED);
      // Its dialog stays, busy, until the answer: nothing says it was decided elsewhere.
      expect(screen.getByTestId('vacation-schedule-dialog')).toBeTruthy();
      expect(screen.queryByTestId('vacation-approval-notice')).toBeNull();
      answer(new Response(JSON.stringify({ status: 'ok' }), { status: 200 }));
      expect((await screen.findByTestId('vacation-approval-notice')).textContent).toContain(
        'The overlapping shifts were removed.',
      );
    });
  });

  it('handles events one after another', async () => {
    const fetch = setUp({
      [`GET ${datesPath('vacations')}`]: { status: 200, body: [{ id: 3, status: 'vac_approved' }] },
    });
    serverSends(VACATION_EVENTS.startApproveVacation, APPROVE);
    serverSends(VACATION_EVENTS.startRejectVacationCancellation, { vacation_id: 5 });
    fireEvent.click(within(await screen.findByTestId('cannot-approve-dialog')).getByTestId('cannot-approve-close'));
    fireEvent.click(await screen.findByTestId('vacation-reject-cancellation-confirm'));
    await waitFor(() =>
      expect(posts(fetch)).toEqual([{ call: 'POST /api/schedules/reject_vacation_cancellation/5', body: undefined }]),
    );
  });
});
