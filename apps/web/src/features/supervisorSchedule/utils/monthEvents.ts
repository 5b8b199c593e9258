import type { EventInput } from '@fullcalendar/react';
import type { DataPoint } from '@shiftline/shared';
import { DateTime } from 'luxon';

/** Class of the atom events: drawn without the event colour, the atom carries its own. */
export const ATOM_CLASS = 'sl-team-atom';

/** What an agent atom in a month cell stands for. */
export type AtomEvent = { point: DataPoint; day: string };

/** The local days (ISO dates) an interval touches in the zone. */
function daysTouched(startMs: number, endMs: number, zone: string): string[] {
  const days: string[] = [];
  let day = DateTime.fromMillis(startMs, { zone }).startOf('day');
  const last = DateTime.fromMillis(Math.max(startMs, endMs - 1), { zone }).startOf('day');
  while (day <= last && days.length < 62) {
    days.push(day.toISODate() as string);
    day = day.plus({ days: 1 });
  }
  return days;
}

/**
 * The month grid's events: one agent atom per agent and local day they have a shift on (a shift
 * crossing midnight shows on both days); starred roles first, then by name.
 */
export function atomEvents(dataPoints: readonly DataPoint[], zone: string): EventInput[] {
  const events: EventInput[] = [];
  for (const point of dataPoints) {
    const days = new Set<string>();
    for (const timePoint of point.time_points) {
      if (timePoint.type !== 'shift') continue;
      for (const day of daysTouched(Date.parse(timePoint.start_utc), Date.parse(timePoint.end_utc), zone)) {
        days.add(day);
      }
    }
    for (const day of days) {
      const atom: AtomEvent = { point, day };
      events.push({
        id: `atom-${point.user_id}-${day}`,
        start: day,
        allDay: true,
        title: point.name,
        class: ATOM_CLASS,
        color: 'transparent',
        contrastColor: 'inherit',
        extendedProps: { atom, order: `${point.starred ? 0 : 1}${point.name}` },
      });
    }
  }
  return events;
}
