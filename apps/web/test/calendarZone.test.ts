import { describe, expect, it } from 'vitest';
import { dayEvents } from '../src/features/schedule/utils/calendarEvents';
import { calendarMarker, markerDate } from '../src/lib/calendarZone';
import { fakeShift } from './scheduleFixtures';

const shift = (start: string, end: string) => fakeShift(1, start, end, { sent_for_approval: false });

describe('calendar markers from the shared tz table', () => {
  it('places an instant at the zone’s wall clock by the table, not the runtime’s ICU', () => {
    // Node 20's ICU (tz 2025c) has Vancouver back on PST (UTC-8) in December 2026; tzdb 2026 keeps UTC-7.
    expect(new Date(calendarMarker(Date.parse('2026-12-01T20:00:00Z'), 'America/Vancouver')).toISOString()).toBe(
      '2026-12-01T13:00:00.000Z',
    );
    expect(new Date(calendarMarker(Date.parse('2026-07-01T12:00:00Z'), 'America/St_Johns')).toISOString()).toBe(
      '2026-07-01T09:30:00.000Z',
    );
    expect(markerDate(new Date(calendarMarker(Date.parse('2026-12-02T03:00:00Z'), 'America/Edmonton')))).toBe(
      '2026-12-01',
    );
  });

  it('gives FullCalendar shifts and breaks as wall-clock markers of the viewer’s zone', () => {
    const events = dayEvents({
      shifts: [
        {
          ...shift('2026-11-10T16:00:00.000Z', '2026-11-11T00:00:00.000Z'),
          breaks: [{ type: 'lunch', start: '2026-11-10T20:00:00.000Z', end: '2026-11-10T20:30:00.000Z' }],
        },
      ],
      vacations: [],
      hidden: new Set(),
      zone: 'America/Winnipeg',
    });
    const clock = (value: unknown) => new Date(value as number).toISOString().slice(0, 16);
    expect(events.map((event) => [clock(event.start), clock(event.end)])).toEqual([
      ['2026-11-10T11:00', '2026-11-10T19:00'],
      ['2026-11-10T15:00', '2026-11-10T15:30'],
    ]);
  });
});
