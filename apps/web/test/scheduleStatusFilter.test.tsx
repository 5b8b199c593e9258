import type { ShiftStatus } from '@shiftline/shared';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { StatusFilter } from '../src/features/schedule/components/StatusFilter';
import { dayEvents, monthEvents } from '../src/features/schedule/utils/calendarEvents';
import { visibleStatusEntries } from '../src/features/schedule/utils/visibleStatusEntries';
import { renderWithProviders } from './renderWithProviders';
import { fakeShift } from './scheduleFixtures';

const keys = (viewer: { forself: boolean; isScheduleSupervisor: boolean }) =>
  visibleStatusEntries(viewer).map((entry) => entry.key);

describe('visibleStatusEntries', () => {
  it('lists every status but the free shift on one’s own calendar', () => {
    expect(keys({ forself: true, isScheduleSupervisor: false })).toEqual(['PENDING', 'APPROVED', 'CANCELED']);
  });

  it('lists every status but the free shift to a schedule supervisor viewing someone', () => {
    expect(keys({ forself: false, isScheduleSupervisor: true })).toEqual(['PENDING', 'APPROVED', 'CANCELED']);
  });

  it('lists only the always-visible statuses to anyone else', () => {
    expect(keys({ forself: false, isScheduleSupervisor: false })).toEqual(['PENDING', 'APPROVED']);
  });
});

function Harness({ onChange }: { onChange: (hidden: ReadonlySet<ShiftStatus>) => void }) {
  const [hidden, setHidden] = useState<ReadonlySet<ShiftStatus>>(new Set());
  return (
    <StatusFilter
      forself
      isScheduleSupervisor={false}
      hidden={hidden}
      onChange={(next) => {
        setHidden(next);
        onChange(next);
      }}
    />
  );
}

const checkbox = (key: string) => screen.getByTestId(`status-filter-${key}`).querySelector('input') as HTMLInputElement;

describe('StatusFilter', () => {
  it('starts with every status checked and hides a status when unchecked', () => {
    const onChange = vi.fn();
    const lastHidden = () => [...(onChange.mock.lastCall?.[0] ?? [])];
    renderWithProviders(<Harness onChange={onChange} />);
    expect(screen.queryByTestId('status-filter-FREE_SHIFT')).toBeNull();
    expect(checkbox('PENDING').checked).toBe(true);
    fireEvent.click(checkbox('CANCELED'));
    expect(checkbox('CANCELED').checked).toBe(false);
    expect(lastHidden()).toEqual(['canceled']);
    fireEvent.click(checkbox('CANCELED'));
    expect(lastHidden()).toEqual([]);
  });
});

describe('calendar events under the filter', () => {
  const shifts = [
    fakeShift(1, '2026-11-23T14:00:00Z', '2026-11-23T23:00:00Z', {
      status: 'pending',
      breaks: [
        { type: 'break', start: '2026-11-23T16:00:00Z', end: '2026-11-23T16:15:00Z' },
        { type: 'lunch', start: '2026-11-23T18:15:00Z', end: '2026-11-23T18:45:00Z' },
      ],
    }),
    fakeShift(2, '2026-11-24T14:00:00Z', '2026-11-24T22:00:00Z', { status: 'canceled' }),
  ];
  const source = { shifts, vacations: [], zone: 'America/Toronto' };

  it('draws pending shifts white with the status colour as text, and breaks as events of their own', () => {
    const events = dayEvents({ ...source, hidden: new Set() });
    expect(events.map((event) => event.id)).toEqual(['shift-1', 'shift-1-break-0', 'shift-1-break-1', 'shift-2']);
    expect(events[0]).toMatchObject({ color: '#ffffff', contrastColor: '#b45309', class: 'sl-event-pending' });
    expect(events[1]?.color).not.toBe(events[2]?.color);
  });

  it('leaves out the shifts (and their breaks) of unchecked statuses', () => {
    expect(dayEvents({ ...source, hidden: new Set(['pending']) }).map((event) => event.id)).toEqual(['shift-2']);
    expect(monthEvents({ ...source, hidden: new Set(['canceled']) }).map((event) => event.id)).toEqual(['shift-1']);
  });
});
