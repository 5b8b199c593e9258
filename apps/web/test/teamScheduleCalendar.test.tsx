import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TeamMonthCalendar } from '../src/features/teamSchedule/components/TeamMonthCalendar';
import { renderWithProviders } from './renderWithProviders';
import { fakeTeamMonth, TEAM_DAY } from './teamScheduleFixtures';

const ZONE = 'America/Toronto';

describe('TeamMonthCalendar', () => {
  it('labels each day with its counts and shows agent atoms with a star for starred roles', async () => {
    const month = fakeTeamMonth();
    const onDayClick = vi.fn();
    renderWithProviders(
      <TeamMonthCalendar month="2030-01" focusDay={TEAM_DAY} zone={ZONE} summary={month} onDayClick={onDayClick} />,
    );
    const summary = await screen.findByTestId('day-summary');
    expect(summary.dataset.date).toBe(TEAM_DAY);
    expect(summary.textContent).toBe('1 pending · 2 off');
    // Days whose counts are all zero show none.
    expect(screen.getAllByTestId('day-summary')).toHaveLength(1);

    await waitFor(() => expect(screen.getAllByTestId('agent-atom').length).toBeGreaterThanOrEqual(3));
    const ada = screen.getAllByTestId('agent-atom').find((atom) => atom.dataset.userId === '7') as HTMLElement;
    expect(within(ada).getByText('Ada Byron')).toBeTruthy();
    expect(within(ada).getByTestId('agent-star')).toBeTruthy();
    const alice = screen.getAllByTestId('agent-atom').find((atom) => atom.dataset.userId === '11') as HTMLElement;
    expect(within(alice).queryByTestId('agent-star')).toBeNull();

    fireEvent.click(alice);
    expect(onDayClick).toHaveBeenCalledWith(TEAM_DAY);
  });

  it('shows the scheduled headcount per day and opens the day from its +N others', async () => {
    const onDayClick = vi.fn();
    renderWithProviders(
      <TeamMonthCalendar
        month="2030-01"
        focusDay={null}
        zone={ZONE}
        summary={fakeTeamMonth()}
        onDayClick={onDayClick}
      />,
    );
    const headcounts = await screen.findAllByTestId('day-headcount');
    expect(headcounts.map((cell) => [cell.dataset.date, cell.textContent])).toEqual([
      [TEAM_DAY, '4 scheduled'],
      ['2030-01-16', '1 scheduled'],
    ]);
    // Three atoms drawn on the 15th, the fourth agent behind '+1 others'.
    const others = await screen.findByTestId('day-others');
    expect(others.dataset.date).toBe(TEAM_DAY);
    expect(others.textContent).toBe('+1 others');
    fireEvent.click(others);
    expect(onDayClick).toHaveBeenCalledWith(TEAM_DAY);
  });
});
