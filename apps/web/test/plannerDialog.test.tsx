import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlannerDialog } from '../src/features/teamSchedule/components/PlannerDialog';
import { skippedDaysText } from '../src/features/teamSchedule/utils/skippedDays';
import { fakeFetch } from './fakeFetch';
import { renderWithProviders } from './renderWithProviders';
import { fakeShift } from './scheduleFixtures';

const DAY = '2030-01-15';
const ZONE = 'America/Toronto';
// 07:00 in Toronto on the focus day: every quarter hour of the day but the first few is still to come.
const NOW = Date.parse('2030-01-15T12:00:00Z');
const PLANNER = {
  id: 4,
  user_id: 12,
  start_planner: DAY,
  end_planner: null,
  scheduler: ['0 9 MO,TU,WE,TH,FR/1 480 b+120,l+225'],
  zone: ZONE,
};

const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

function choose(select: HTMLElement, text: string) {
  const option = within(select).getByRole('option', { name: text }) as HTMLOptionElement;
  fireEvent.change(select, { target: { value: option.value } });
}

function renderDialog(onDone = vi.fn()) {
  renderWithProviders(
    <PlannerDialog
      day={DAY}
      zone={ZONE}
      target={{ id: 12, name: 'Grace Hopper', campaigns: [1] }}
      forself={false}
      isScheduleSupervisor
      onClose={() => undefined}
      onDone={onDone}
      now={() => NOW}
    />,
  );
  return onDone;
}

afterEach(() => vi.unstubAllGlobals());

describe('PlannerDialog', { timeout: 20_000 }, () => {
  it("offers no start time that clashes with the agent's existing shifts, and says which days it skipped", async () => {
    const fetch = fakeFetch({
      // Grace already works 1 PM – 5 PM on the focus day.
      'GET /api/schedules/get_user_schedule': {
        status: 200,
        body: {
          shifts: [fakeShift(70, '2030-01-15T18:00:00.000Z', '2030-01-15T22:00:00.000Z', { user_id: 12 })],
          vacations: [],
          forself: false,
          user: { id: 12, name: 'Grace Hopper', timezone: ZONE, display_from: null },
        },
      },
      'GET /api/schedules/get_planner': { status: 200, body: null },
      'POST /api/schedules/set_planner': {
        status: 200,
        body: {
          planner: PLANNER,
          created: 37,
          kept: 0,
          skipped: 3,
          skipped_days: [
            { date: '2030-01-22', reason: 'shift' },
            { date: '2030-02-04', reason: 'days_off' },
            { date: '2030-02-05', reason: 'days_off' },
          ],
          removed: 0,
          horizon: '2030-03-12T00:00:00Z',
        },
      },
    });
    vi.stubGlobal('fetch', fetch);
    const onDone = renderDialog();
    const dialog = await screen.findByTestId('planner-dialog');
    const start = within(dialog).getByTestId('planner-0-start');
    await waitFor(() => expect(optionsOf(start)).not.toContain('2:00 PM'));
    const starts = optionsOf(start);
    expect(starts).toContain('9:00 AM');
    expect(starts).not.toContain('1:00 PM');
    expect(starts).not.toContain('4:45 PM');
    expect(starts).toContain('5:00 PM');
    expect(fetch.mock.calls.some(([input]) => String(input).includes('user=12'))).toBe(true);
    // From 9 AM the shift must end by 1 PM, where Grace's shift begins.
    choose(start, '9:00 AM');
    const ends = optionsOf(within(dialog).getByTestId('planner-0-end'));
    expect(ends).toContain('1:00 PM');
    expect(ends).not.toContain('1:15 PM');

    choose(within(dialog).getByTestId('planner-0-end'), '1:00 PM');
    fireEvent.click(within(dialog).getByTestId('planner-save'));
    const saved = await screen.findByTestId('planner-saved');
    expect(saved.textContent).toBe(
      'Planner saved: 37 shifts planned. Skipped: Jan 22 (another shift); Feb 4, Feb 5 (days off).',
    );
    fireEvent.click(screen.getByTestId('planner-notice-no'));
    expect(onDone).toHaveBeenCalledWith(saved.textContent);
  });

  it("says when the agent's shifts could not be checked, and still plans", async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'GET /api/schedules/get_user_schedule': { status: 503 },
        'GET /api/schedules/get_planner': { status: 200, body: null },
      }),
    );
    renderDialog();
    expect((await screen.findByTestId('planner-busy-unknown')).textContent).toContain("Grace Hopper's other shifts");
    expect(optionsOf(screen.getByTestId('planner-0-start'))).toContain('2:00 PM');
  });
});

describe('skippedDaysText', () => {
  it('is empty when nothing was skipped, and counts the days past the first few', () => {
    expect(skippedDaysText([])).toBe('');
    expect(skippedDaysText(undefined)).toBe('');
    const many = Array.from({ length: 10 }, (_, index) => ({
      date: `2030-01-${String(index + 10).padStart(2, '0')}`,
      reason: 'before_display_from' as const,
    }));
    expect(skippedDaysText(many, 2)).toBe('Skipped: Jan 10, Jan 11 and 8 more (before the start date).');
  });
});
