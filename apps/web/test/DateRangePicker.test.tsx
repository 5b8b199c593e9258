import type { DayRange } from '@shiftline/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DateRangePicker } from '../src/ui/DateRangePicker';
import { renderWithProviders } from './renderWithProviders';

const MARCH: DayRange = { start: '2026-03-02', end: '2026-03-04' };

function openPicker(displayFrom: string | null = null) {
  const onChange = vi.fn<(range: DayRange) => void>();
  renderWithProviders(
    <DateRangePicker
      value={MARCH}
      onChange={onChange}
      zone="America/Toronto"
      displayFrom={displayFrom}
      testId="period"
    />,
  );
  fireEvent.click(screen.getByTestId('period'));
  const dialog = screen.getByRole('dialog', { name: 'Period' });
  const day = (n: number) => within(dialog).getByRole('gridcell', { name: String(n) });
  const ok = within(dialog).getByRole('button', { name: 'OK' });
  return { onChange, day, ok, dialog };
}

describe('DateRangePicker', () => {
  it('shows the chosen range on its button', () => {
    renderWithProviders(
      <DateRangePicker value={MARCH} onChange={() => undefined} zone="America/Toronto" displayFrom={null} testId="p" />,
    );
    expect(screen.getByTestId('p').textContent).toBe('Mar 2 – Mar 4, 2026');
  });

  it('keeps OK disabled until a day is picked', () => {
    const { ok, day } = openPicker();
    expect(ok).toHaveProperty('disabled', true);
    fireEvent.click(day(10));
    expect(ok).toHaveProperty('disabled', false);
  });

  it.each([
    ['turns a single picked day into that day to that day', [10], { start: '2026-03-10', end: '2026-03-10' }],
    ['picks start then end', [10, 17], { start: '2026-03-10', end: '2026-03-17' }],
    ['swaps a start picked after the end', [20, 5], { start: '2026-03-05', end: '2026-03-20' }],
    ['starts a new range on a third click', [3, 8, 25], { start: '2026-03-25', end: '2026-03-25' }],
  ])('%s', (_name, days, range) => {
    const { onChange, day, ok } = openPicker();
    for (const picked of days) fireEvent.click(day(picked));
    fireEvent.click(ok);
    expect(onChange).toHaveBeenCalledExactlyOnceWith(range);
  });

  it("disables days before the user's display-from moment", () => {
    // 03:00 UTC on the 10th is still 11 PM on the 9th in Toronto (EDT), so the 9th stays selectable.
    const { day } = openPicker('2026-03-10T03:00:00.000Z');
    expect(day(8)).toHaveProperty('disabled', true);
    expect(day(9)).toHaveProperty('disabled', false);
    expect(day(10)).toHaveProperty('disabled', false);
  });

  it('closes without a change on Cancel', () => {
    const { onChange, day, dialog } = openPicker();
    fireEvent.click(day(10));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onChange).not.toHaveBeenCalled();
  });
});
