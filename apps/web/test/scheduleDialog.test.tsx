import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScheduleDialog } from '../src/features/schedule/components/ScheduleDialog';
import { changeEnd, changeStart, EMPTY_DRAFT } from '../src/features/schedule/utils/shiftDraft';
import { timeOptions } from '../src/features/schedule/utils/timeOptions';
import { fakeFetch } from './fakeFetch';
import { renderWithProviders } from './renderWithProviders';
import { fakeShift } from './scheduleFixtures';

const ZONE = 'America/Toronto';
const DAY = '2026-11-23';
// Friday Nov 20 2026, 10:00 EST: the dialog's clock in every test.
const NOW = () => Date.parse('2026-11-20T15:00:00Z');

/** Picks an option of a native <select> by its visible text, as a person would. */
function choose(select: HTMLElement, text: string) {
  const option = within(select).getByRole('option', { name: text }) as HTMLOptionElement;
  fireEvent.change(select, { target: { value: option.value } });
}

const selectedText = (select: HTMLElement) => (select as HTMLSelectElement).selectedOptions[0]?.textContent;

function breakRows() {
  return screen.getAllByTestId('break-row').map((row) => ({
    type: row.dataset.type,
    start: selectedText(within(row).getByTestId('break-start')),
    end: within(row).getByTestId('break-end').textContent,
  }));
}

function renderDialog(props: Partial<Parameters<typeof ScheduleDialog>[0]> = {}) {
  const onSaved = vi.fn();
  renderWithProviders(
    <ScheduleDialog
      day={DAY}
      zone={ZONE}
      owner={{ id: 7, displayFrom: null }}
      forself
      shifts={[]}
      vacations={[]}
      onClose={() => undefined}
      onSaved={onSaved}
      now={NOW}
      {...props}
    />,
  );
  return { onSaved };
}

describe('ScheduleDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is titled with the focused day and keeps End disabled until a start is picked', () => {
    renderDialog();
    expect(screen.getByRole('heading', { name: 'Date - Nov 23, 2026' })).toBeTruthy();
    expect((screen.getByTestId('shift-end') as HTMLSelectElement).disabled).toBe(true);
    choose(screen.getByTestId('shift-start'), '9:00 AM');
    expect((screen.getByTestId('shift-end') as HTMLSelectElement).disabled).toBe(false);
  });

  it('proposes Break, Lunch, Break for a 9-hour shift and recomputes when the end moves', () => {
    renderDialog();
    choose(screen.getByTestId('shift-start'), '9:00 AM');
    choose(screen.getByTestId('shift-end'), '6:00 PM');
    expect(breakRows()).toEqual([
      { type: 'break', start: '11:00 AM', end: 'to 11:15 AM' },
      { type: 'lunch', start: '1:15 PM', end: 'to 1:45 PM' },
      { type: 'break', start: '4:00 PM', end: 'to 4:15 PM' },
    ]);

    choose(screen.getByTestId('shift-end'), '3:00 PM');
    expect(breakRows().map((row) => row.type)).toEqual(['break', 'lunch']);

    choose(screen.getByTestId('shift-end'), '1:00 PM');
    expect(breakRows().map((row) => row.type)).toEqual(['break']);
  });

  it('clears the end and the breaks when the start moves past the end', () => {
    renderDialog();
    choose(screen.getByTestId('shift-start'), '9:00 AM');
    choose(screen.getByTestId('shift-end'), '6:00 PM');
    choose(screen.getByTestId('shift-start'), '7:00 PM');
    expect(selectedText(screen.getByTestId('shift-end'))).toBe('Select');
    expect(screen.queryAllByTestId('break-row')).toHaveLength(0);
  });

  it('offers a break only the times clear of the other breaks, and moves just that break', () => {
    renderDialog();
    choose(screen.getByTestId('shift-start'), '9:00 AM');
    choose(screen.getByTestId('shift-end'), '6:00 PM');
    const lunch = within(screen.getAllByTestId('break-row')[1] as HTMLElement).getByTestId('break-start');
    const lunchStarts = within(lunch)
      .getAllByRole('option')
      .map((option) => option.textContent);
    // The first break is 11:00–11:15, so a 30-minute lunch cannot start from 10:45 to 11:00.
    expect(lunchStarts).toContain('10:30 AM');
    expect(lunchStarts).not.toContain('10:45 AM');
    expect(lunchStarts).not.toContain('11:00 AM');
    expect(lunchStarts).toContain('11:15 AM');
    choose(lunch, '12:00 PM');
    expect(breakRows().map((row) => row.start)).toEqual(['11:00 AM', '12:00 PM', '4:00 PM']);
  });

  it('offers no times inside another shift', () => {
    renderDialog({ shifts: [fakeShift(1, '2026-11-23T14:00:00Z', '2026-11-23T17:00:00Z')] });
    // 9:00 AM – 12:00 PM EST is taken.
    const starts = within(screen.getByTestId('shift-start'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(starts).not.toContain('9:00 AM');
    expect(starts).not.toContain('11:45 AM');
    expect(starts).toContain('12:00 PM');
    choose(screen.getByTestId('shift-start'), '6:00 AM');
    const ends = within(screen.getByTestId('shift-end'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(ends.at(-1)).toBe('9:00 AM');
  });

  it('checks the shared rules before sending: nothing before the display-from date', () => {
    const fetch = fakeFetch({});
    vi.stubGlobal('fetch', fetch);
    renderDialog({ owner: { id: 7, displayFrom: '2026-11-24T05:00:00Z' } });
    choose(screen.getByTestId('shift-start'), '9:00 AM');
    choose(screen.getByTestId('shift-end'), '6:00 PM');
    fireEvent.click(screen.getByTestId('schedule-save'));
    expect(screen.getByText('Start must not be before your display-from date')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('saves the shift with its breaks as UTC instants', async () => {
    const saved = fakeShift(9, '2026-11-23T14:00:00Z', '2026-11-23T23:00:00Z', { status: 'pending' });
    const fetch = fakeFetch({ 'POST /api/schedules/save_new_event': { status: 201, body: saved } });
    vi.stubGlobal('fetch', fetch);
    const { onSaved } = renderDialog();
    choose(screen.getByTestId('shift-start'), '9:00 AM');
    choose(screen.getByTestId('shift-end'), '6:00 PM');
    fireEvent.change(screen.getByTestId('shift-notes'), { target: { value: ' Covering ' } });
    fireEvent.click(screen.getByTestId('schedule-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const body = JSON.parse(String(fetch.mock.calls[0]?.[1]?.body));
    expect(body).toEqual({
      start: '2026-11-23T14:00:00.000Z',
      end: '2026-11-23T23:00:00.000Z',
      breaks: [
        { type: 'break', start: '2026-11-23T16:00:00.000Z' },
        { type: 'lunch', start: '2026-11-23T18:15:00.000Z' },
        { type: 'break', start: '2026-11-23T21:00:00.000Z' },
      ],
      notes: 'Covering',
    });
  });

  it("shows the server's field error", async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'POST /api/schedules/save_new_event': {
          status: 409,
          body: {
            error: {
              code: 'conflict',
              message: 'The shift overlaps existing plans.',
              fields: { start: 'overlaps another of your shifts' },
            },
          },
        },
      }),
    );
    renderDialog({ owner: { id: 41, displayFrom: null }, forself: false });
    choose(screen.getByTestId('shift-start'), '9:00 AM');
    choose(screen.getByTestId('shift-end'), '6:00 PM');
    fireEvent.click(screen.getByTestId('schedule-save'));
    expect(await screen.findByText('Start overlaps another of your shifts')).toBeTruthy();
  });
});

describe('the time module', () => {
  const at = (iso: string) => Date.parse(iso);

  it('proposes the breaks from the shared rule whenever start or end change', () => {
    const started = changeStart(EMPTY_DRAFT, at('2026-11-23T14:00:00Z'), []);
    expect(started).toEqual({ start: at('2026-11-23T14:00:00Z'), end: null, breaks: [] });
    const nineHours = changeEnd(started, at('2026-11-23T23:00:00Z'));
    expect(nineHours.breaks.map((plannedBreak) => plannedBreak.type)).toEqual(['break', 'lunch', 'break']);
    expect(changeEnd(nineHours, at('2026-11-23T14:00:00Z'))).toEqual({ ...started, end: null, breaks: [] });
  });

  it('labels times in the zone, marks the next day and tells the repeated fall-back hour apart', () => {
    const labels = timeOptions(
      [at('2026-11-01T05:00:00Z'), at('2026-11-01T06:00:00Z'), at('2026-11-02T05:30:00Z')],
      ZONE,
      '2026-11-01',
    ).map((option) => option.label);
    expect(labels).toEqual(['1:00 AM EDT', '1:00 AM EST', '12:30 AM (next day)']);
  });
});
